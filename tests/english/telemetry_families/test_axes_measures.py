"""Measurements said along an axis the phrases fix one point of: a whole unit of time, a
load a service is under, what one pod can take, a code returned for every request. Each
sentence is read as the phrase says it, keeping every name and value, and then matches."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.axes_measures import measures_said
from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("said", "read"),
    [
        (
            "ledger fails 10% of its requests for a whole day",
            "ledger fails 10% of its requests for 1 day",
        ),
        ("web fails 5% of requests for one full hour", "web fails 5% of requests for 1 hour"),
        (
            "cart has an error rate of 2% for an entire week",
            "cart has an error rate of 2% for 1 week",
        ),
        (
            '"catalog" is under a load of 800 requests per second with 0.05% errors',
            '"catalog" serves 800 requests per second with 0.05% errors',
        ),
        ("web is seeing a steady load of 300 rps", "web serves 300 rps"),
        (
            'a single "catalog" pod can handle at most 60 requests per second',
            'each pod of "catalog" serves at most 60 requests per second',
        ),
        (
            "every web replica can sustain up to 40 requests per second",
            "each pod of web serves at most 40 requests per second",
        ),
        (
            '"profile" returns 503 for every request for 2 hours',
            '"profile" fails 100% of its requests with a 503 for 2 hours',
        ),
        ("web answers 500 to all requests", "web fails 100% of its requests with a 500"),
    ],
)
def test_a_measurement_is_read_as_the_phrase_says_it(said: str, read: str) -> None:
    assert measures_said(said) == read


@pytest.mark.parametrize(
    "said",
    [
        "web fails 10% of its requests for 2 days",
        "a single node can handle at most 4 pods",
        "web returns 503 for 10% of requests",
        "the error rate of web never more than 1%",
    ],
)
def test_a_line_off_the_axes_is_left_as_it_is(said: str) -> None:
    assert measures_said(said) == said


_LOAD = ('Given a 3-node cluster running 6 replicas of "catalog" at v5',)


@pytest.mark.parametrize(
    ("steps", "passes"),
    [
        (
            (
                'Given "catalog" is under a load of 100 requests per second with 0% errors',
                'When "catalog" returns 503 for every request for an hour',
                "Then the error rate of catalog is 100%",
            ),
            True,
        ),
        (
            (
                "Given catalog is taking a sustained load of 100 requests per second",
                "When catalog fails 10% of its requests for a whole hour",
                "Then the error rate of catalog is 0%",
            ),
            False,
        ),
        (
            (
                *_LOAD,
                'And "catalog" serves 240 requests per second',
                'And a single "catalog" pod can handle at most 60 requests per second',
                "Then 6 catalog pods are running",
            ),
            True,
        ),
    ],
)
def test_measurements_on_an_axis_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], steps: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *steps)
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("more than 95% of that budget is left", "more than 95% of the budget is left"),
        ("at least 90% of its error budget remains", "at least 90% of the error budget remains"),
        (
            '"payments" stops receiving traffic',
            'traffic to "payments" drops to 0 requests per second',
        ),
        ("web gets no more requests", "traffic to web drops to 0 requests per second"),
        ("traffic to web dries up", "traffic to web drops to 0 requests per second"),
        (
            '"payments" goes back to 80 requests per second',
            'traffic to "payments" goes to 80 requests per second',
        ),
        ("web climbs back up to 300 rps", "traffic to web goes to 300 rps"),
        (
            "checkout's p99 latency is 180ms at 400 requests per second",
            "checkout serves 400 requests per second with a p99 latency of 180ms",
        ),
        (
            "the p95 latency of web is 2 seconds under 50 rps",
            "web serves 50 rps with a p95 latency of 2 seconds",
        ),
    ],
)
def test_a_budget_traffic_or_latency_is_read_as_the_phrase_says_it(said: str, read: str) -> None:
    assert measures_said(said) == read


_BUDGET = (
    'Given the service "payments" handles 100 requests per second with 0% errors',
    'And an SLO "payments-availability" of 99.9% over 30 days for payments',
    "When 1 hour passes",
)
_OUTAGE = (*_BUDGET, "When payments fails every request for 2 minutes", "And 1 hour passes")


@pytest.mark.parametrize(
    ("steps", "passes"),
    [
        ((*_BUDGET, "Then more than 90% of that budget is left"), True),
        ((*_OUTAGE, "Then more than 90% of its error budget is left"), False),
        (
            (
                "Given checkout's p99 latency is 180ms at 400 requests per second",
                "When 10 minutes pass",
                "Then the p99 latency of checkout is below 250ms",
                "And checkout serves 400 requests per second",
            ),
            True,
        ),
        (
            (
                "Given the p99 latency of checkout is 900ms at 400 rps",
                "When 10 minutes pass",
                "Then the p99 latency of checkout is below 250ms",
            ),
            False,
        ),
    ],
)
def test_budgets_and_latencies_on_an_axis_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], steps: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *steps)
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


_DIP = (
    "Given services are scraped every 15 seconds",
    'And "payments" serves 80 requests per second',
    'And an alert "NoTraffic" when "sum(rate(http_requests_total{service=\'payments\'}[1m]))'
    ' == 0" for 3m',
    'When "payments" stops receiving traffic',
)


@pytest.mark.parametrize(
    ("steps", "passes"),
    [
        (
            (
                *_DIP,
                "And 2 minutes pass",
                'And "payments" goes back to 80 requests per second',
                "And 10 minutes pass",
                'Then "NoTraffic" never fired',
            ),
            True,
        ),
        ((*_DIP, "And 10 minutes pass", 'Then "NoTraffic" never fired'), False),
    ],
)
def test_traffic_that_stops_and_comes_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], steps: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *steps)
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("its p99 latency is 180ms", "the p99 latency of it is 180ms"),
        ("its error rate climbs to 5%", "the error rate of it climbs to 5%"),
        ("its 95th percentile latency is 2s", "the 95th percentile latency of it is 2s"),
    ],
)
def test_a_measure_of_the_service_named_last(said: str, read: str) -> None:
    assert measures_said(said) == read


@pytest.mark.parametrize(
    ("latency", "passes"),
    [("180ms", True), ("900ms", False)],
)
def test_its_latency_is_the_named_services(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], latency: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given "payments" is handling 150 requests per second',
        f"And its p99 latency is {latency}",
        "When 15 minutes pass",
        'Then the p99 latency of "payments" is below 250ms',
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "read"),
    [
        (
            'the error budget for "payments-availability" is fully spent',
            'at least 100% of the error budget for "payments-availability" is spent',
        ),
        (
            "the budget of checkout-slo is completely used",
            "at least 100% of the error budget of checkout-slo is spent",
        ),
        (
            'SLO "ledger-avail" targets 99.9% over 30 days for ledger',
            'an SLO "ledger-avail" of 99.9% over 30 days for ledger',
        ),
        (
            "the SLO web-slo aims for 99.5% over 7 days for web",
            "an SLO web-slo of 99.5% over 7 days for web",
        ),
        ("the budget for pay is depleted", "at least 100% of the error budget for pay is spent"),
        (
            "50% of the budget of pay remains",
            "50% of the error budget of pay remains",
        ),
        (
            'an SLO named "pay" of 99.9% over 30 days for payments',
            'an SLO "pay" of 99.9% over 30 days for payments',
        ),
        (
            'SLO "pay" is 99.9% over 30 days for payments',
            'an SLO "pay" of 99.9% over 30 days for payments',
        ),
        ("the error budget for x is half spent", "the error budget for x is half spent"),
    ],
)
def test_budgets_spent_and_slo_targets_read_as_the_phrase_says_them(said: str, read: str) -> None:
    assert measures_said(said) == read


_OUTAGE_OF = (
    'Given an SLO "payments-availability" of 99.9% over 30 days for service payments',
    "And payments handles 100 requests per second with 0% errors",
)


@pytest.mark.parametrize(
    ("outage", "passes"),
    [("45 minutes", True), ("1 second", False)],
)
def test_a_budget_fully_spent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], outage: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_OUTAGE_OF,
        f"When payments fails every request for {outage}",
        "And 1 hour passes",
        'Then the error budget for "payments-availability" is fully spent',
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("errors", "passes"),
    [("5%", True), ("0%", False)],
)
def test_an_slo_said_by_its_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], errors: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given service "ledger" gets 400 requests per second without errors',
        'And SLO "ledger-avail" targets 99.9% over 30 days for ledger',
        f"When ledger's error rate jumps to {errors}",
        "And 20 minutes pass",
        "Then the fast-burn alert for ledger-avail pages the on-call",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out
