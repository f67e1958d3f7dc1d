"""More shapes of the same families, written without the dev corpora: alert states said as
moves ("went back to inactive", "cleared"), every alert quiet, pages that go out, error
ratios in percent, burn rates without a window, the budget left without a name, latency
as response time and changed in words. A wrong claim fails the scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_CHECKOUT = (
    "Given the checkout service receives 300 requests per second",
    "And 1% of checkout requests fail",
    'And an alert rule "CheckoutErrors" with expression \'sum(rate(http_requests_total'
    '{job="checkout",code="500"}[5m])) / sum(rate(http_requests_total{job="checkout"}[5m]))'
    " > 0.02' for 2 minutes",
)
_FIRING = (*_CHECKOUT, "When checkout's error rate climbs to 10%", "And 5 minutes go by")
_CLEARED = (*_FIRING, "When checkout's error rate falls back to 1%", "And 10 minutes pass")


@pytest.mark.parametrize(
    ("lines", "check", "passes"),
    [
        (_FIRING, "Then CheckoutErrors goes to firing", True),
        (_FIRING, "Then the on-call engineer gets paged", True),
        (_FIRING, "Then a page goes out for checkout", True),
        (_FIRING, "Then checkout's 5xx ratio is above 5%", True),
        (_FIRING, "Then the error ratio for checkout is about 10%", True),
        (_FIRING, "Then checkout is failing 10% of requests", True),
        (_FIRING, "Then 10% of checkout requests are failing", True),
        (_FIRING, "Then checkout is failing 1% of requests", False),
        (_FIRING, "Then there are no active alerts", False),
        (_FIRING, "Then CheckoutErrors cleared", False),
        (_CLEARED, "Then CheckoutErrors went back to inactive", True),
        (_CLEARED, "Then the CheckoutErrors alert has cleared", True),
        (_CLEARED, "Then the alert auto-resolved", True),
        (_CLEARED, "Then every alert is inactive", True),
        (_CLEARED, "Then a page went out for checkout", True),
        (_CLEARED, "Then a page goes out for checkout", False),
        (_CLEARED, "Then checkout is returning errors", True),
    ],
)
def test_alert_states_and_pages_in_other_words(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    lines: tuple[str, ...],
    check: str,
    passes: bool,
) -> None:
    code, out = run_scenario(tmp_path, capsys, *lines, check)
    assert (code == 0) is passes, out


_BURN = (
    "Given the service web serves 100 requests per second",
    'And an SLO "web-availability" of 99.9% over 30 days for the service "web"',
    "When web starts failing 2% of requests",
    "And 10 minutes pass",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the burn rate for web is 20", True),
        ("Then the current burn rate is about 20", True),
        ("Then the burn rate over 5 minutes of web is above 30", False),
        ("Then the error budget remaining is below 100%", True),
        ("Then the remaining budget is about 50%", False),
    ],
)
def test_burn_rates_and_what_is_left_without_a_name_or_window(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BURN, check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("change", "check", "passes"),
    [
        ("When latency for checkout rises to 2 seconds", "Then checkout's p99 is below 2.5s", True),
        (
            "When checkout slows down to 2 seconds per request",
            "Then checkout's p99 is below 1s",
            False,
        ),
        (
            "When checkout responds in 300ms",
            "Then the median response time for checkout is under 1 second",
            True,
        ),
        ("When checkout responds in 300ms", "Then the p99 latency stays below 100ms", False),
        ("When checkout responds within 30ms", "Then the p99 latency stays below 50ms", True),
    ],
)
def test_latency_changed_and_checked_in_other_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: str, check: str, passes: bool
) -> None:
    lines = (_CHECKOUT[0], change, "And 10 minutes pass", check)
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert (code == 0) is passes, out


_SEARCH = (
    'Given a service "search" handling 400 req/s',
    "And search has a 99.95% availability SLO over 30 days",
    'And an alert "SearchDown" on \'up{job="search"} == 0\' for 1 minute',
    "When search goes down for 3 minutes",
    "And 5 minutes pass",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then SearchDown went off", True),
        ("Then SearchDown never went off", False),
        ("Then SearchDown was pending before it fired", True),
        ("Then SearchDown is inactive for search", True),
        ("Then SearchDown is firing for search", False),
        ("Then the search service is up", True),
        ("Then the service search is down", False),
        ("Then the search SLO is met", True),
        ("Then search is out of error budget", False),
    ],
)
def test_a_service_down_for_a_while_and_its_alert(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_SEARCH, check)
    assert (code == 0) is passes, out


def test_an_alert_about_another_service_is_not_for_this_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (
        *_SEARCH,
        "And the service web serves 10 requests per second",
        "Then SearchDown is inactive for web",
    )
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert code == 1 and "about web" in out, out


_OUTAGE = (
    'Given a service "search" handling 400 req/s',
    "And search has a 99.95% availability SLO over 30 days",
    "When search starts returning 503 for half of its requests",
    "And 1 hour passes",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the search SLO is paging", True),
        ("Then search is out of error budget", True),
        ("Then the error budget is negative", True),
        ("Then the request success rate of search is 50%", True),
        ("Then the error rate of search has been above 40% for the last 30 minutes", True),
        ("Then the error rate of search has been above 60% for the last 30 minutes", False),
        ("Then the error rate of search was above 40% for 30 minutes", True),
        ("Then the error rate of search was above 40% for 2 hours", False),
    ],
)
def test_an_outage_said_in_other_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_OUTAGE, check)
    assert (code == 0) is passes, out


_ORDERS = (
    "Given the orders service serves 250 rps with a 0.5% error rate",
    "And orders has an SLO of 99% availability over 30 days",
    "And the latency of orders is 120ms for 95% of requests and 600ms for the rest",
    "When 30 minutes pass",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then orders' 5xx rate is 0.5%", True),
        ("Then the failure rate of orders is 0.5%", True),
        ("Then orders' error rate is 5%", False),
        ("Then the p95 latency of orders is at most 250ms", True),
        ("Then the p99 latency of orders is at most 250ms", False),
        ("Then orders burned part of its error budget", True),
        ("Then the error budget for orders is below 60%", True),
        ("Then the error budget for orders is below 40%", False),
        ("Then the error budget consumption for orders is above 40%", True),
    ],
)
def test_a_service_declared_with_its_error_rate_slo_and_latencies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_ORDERS, check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    "change",
    [
        "When orders' error rate jumps to 20% for 10 minutes",
        "When after that the error rate is 20%",
        "When the error rate of orders is 20%",
    ],
)
def test_an_error_rate_set_in_other_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: str
) -> None:
    lines = (*_ORDERS[:1], change, "And 5 minutes pass")
    code, out = run_scenario(
        tmp_path, capsys, *lines, "Then the error rate of orders rose above 15%"
    )
    assert code == 0, out
    code, out = run_scenario(
        tmp_path, capsys, *lines, "Then the error rate of orders never went above 1%"
    )
    assert code == 1, out
