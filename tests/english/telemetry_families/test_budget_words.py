"""The error budget, an SLO's pages and its objective as SREs say them: "its budget",
"about 14% of the budget has been consumed", untouched and "basically untouched" (at most
1% spent), partly used, not grown back, met or breached, paged or never paged, the
windows a page came from. A wrong claim fails the scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_SLO = (
    "Given the service payments serves 1000 requests per second",
    'And an SLO "payments-availability" of 99.9% over 30 days for the service "payments"',
    'And an SLO "payments-latency" of 99% over 7 days for the service "payments"',
)
_QUIET = (*_SLO, "When 1 hour passes")
_BURNING = (*_SLO, "When 1 hour passes", "And payments fails 5% of requests for 1 hour")


@pytest.mark.parametrize(
    ("lines", "check", "passes"),
    [
        (_QUIET, 'Then the SLO "payments-availability" is untouched', True),
        (_QUIET, "Then the error budget for payments-availability is basically untouched", True),
        (_QUIET, "Then the budget of payments-latency is fully intact", True),
        (_QUIET, "Then no error budget of payments-availability has been burned", True),
        (_QUIET, "Then payments-availability has barely touched its error budget", True),
        (_BURNING, 'Then the SLO "payments-availability" is untouched', False),
        (_BURNING, "Then payments-availability is basically untouched", False),
        (_BURNING, 'Then the SLO "payments-latency" has burned more than 100% of its budget', True),
        (_BURNING, "Then about 2500% of the budget of availability has been consumed", True),
        (_BURNING, "Then about 500% of the budget of availability has been consumed", False),
        (_BURNING, "Then payments-availability has used about 2500% of its error budget", True),
        (_BURNING, "Then less than 10% of its budget was used", False),
    ],
)
def test_the_budget_spent_untouched_or_about(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    lines: tuple[str, ...],
    check: str,
    passes: bool,
) -> None:
    code, out = run_scenario(tmp_path, capsys, *lines, check)
    assert (code == 0) is passes, out


def test_untouched_before_any_request_is_measured_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_SLO, "Then payments-availability is untouched")
    assert code == 1 and "no requests yet" in out, out


_LONG = (
    "Given the service web serves 1000 requests per second",
    'And an SLO "web-availability" of 99% over 30 days for the service "web"',
    "When 3 hours pass",
    "And web fails 1% of requests for 20 minutes",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then web has used some of its error budget but has more than 80% left", True),
        ("Then the SLO has spent a little of its budget", True),
        ("Then web has used some of its error budget but has less than 50% left", False),
        ("Then the SLO is met", True),
        ("Then web is meeting its SLO", True),
        ("Then the SLO for web is breached", False),
        ("Then the objective of the SLO is still 99%", True),
        ("Then the SLO's objective is 99.9%", False),
        ("Then web-availability has a target of 99%", True),
    ],
)
def test_a_budget_partly_used_and_an_slo_met(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_LONG, check)
    assert (code == 0) is passes, out


def test_the_remaining_budget_grows_back_as_good_requests_dilute_the_period(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Sloth's remaining budget is 1 − the error ratio over the period's data: while the
    period is not full, good requests after an outage raise it again."""
    lines = (*_LONG, "When 3 hours pass", "Then the remaining budget has not grown back")
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert code == 1 and "no larger than before" in out, out
    code, out = run_scenario(
        tmp_path, capsys, *_LONG, "Then the remaining budget has not grown back"
    )
    assert code == 0, out


def test_a_breached_slo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = (*_SLO, "When payments fails 5% of requests for 1 hour")
    code, out = run_scenario(tmp_path, capsys, *lines, "Then payments-availability is breached")
    assert code == 0, out
    code, out = run_scenario(tmp_path, capsys, *lines, "Then web has blown its error budget")
    assert code == 1, out


_PAGED = (
    "Given the service payments serves 200 requests per second",
    'And an SLO "payments-availability" of 99.9% over 30 days for the service "payments"',
    "When the service payments starts failing 2% of requests",
    "And 1 hour passes",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ('Then the SLO "payments-availability" has paged', True),
        ("Then payments-availability never paged", False),
        ("Then no page was ever sent for availability", False),
        ("Then the page came from the 1h and 5m windows at a burn rate above 14.4", True),
        ("Then the page came from the 1h and 5m windows at a burn rate above 30", False),
        ("Then the page came from the 6h and 30m windows", True),
        ("Then the ticket came from the 6h and 30m windows", False),
        ("Then the ticket came from the 1h and 5m windows", False),
        ("Then the burn rate over the last hour is about 20", True),
        ("Then the 1h burn rate is below 10", False),
    ],
)
def test_an_slo_that_paged_and_the_windows_it_paged_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_PAGED, check)
    assert (code == 0) is passes, out


def test_an_slo_that_never_paged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = (*_PAGED[:2], "When 2 hours pass")
    code, out = run_scenario(
        tmp_path, capsys, *lines, "Then the SLO payments-availability never paged"
    )
    assert code == 0, out
    code, out = run_scenario(
        tmp_path, capsys, *lines, "Then no page was ever sent for availability"
    )
    assert code == 0, out
    code, out = run_scenario(
        tmp_path, capsys, *lines, "Then the SLO payments-availability has paged"
    )
    assert code == 1, out


_LATENCY_SLO = (
    "Given the service payments serves 200 requests per second",
    'And an SLO "payments-latency" that 99% of requests finish within 1s over 7 days for the '
    'service "payments"',
    "When 1 hour passes",
)


@pytest.mark.parametrize(
    ("lines", "check", "passes"),
    [
        (_LATENCY_SLO, 'Then the SLO "payments-latency" is untouched', True),
        (
            (*_LATENCY_SLO, 'When 3% of requests to "payments" take 2 seconds for 2 hours'),
            'Then the SLO "payments-latency" has burned more than 10% of its budget',
            True,
        ),
        (
            (*_LATENCY_SLO, 'When 3% of requests to "payments" take 2 seconds for 2 hours'),
            'Then the SLO "payments-latency" is basically untouched',
            False,
        ),
    ],
)
def test_a_latency_slo_said_in_words(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    lines: tuple[str, ...],
    check: str,
    passes: bool,
) -> None:
    code, out = run_scenario(tmp_path, capsys, *lines, check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    "slo",
    [
        'Given a latency SLO "web-latency" of 99% under 300ms for web',
        'Given an SLO "web-latency" of 95% of requests under 300ms over 30 days',
    ],
)
def test_a_latency_slo_off_the_bucket_bounds_names_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], slo: str
) -> None:
    lines = ("Given web gets steady traffic of 100 requests per second", slo)
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert code == 1 and "300ms is not a bucket bound" in out and "250ms, 500ms" in out, out
