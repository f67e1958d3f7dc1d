"""Latency said as a percentile or by share of one service's requests, failing every
request, alert rules said without an article, and SLOs said as a promise or as covering a
service: each sentence sets up what it says, and a wrong claim after it fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("lines", "check", "passes"),
    [
        (
            ("Given mobile-api serves 100 requests per second with a p95 latency of 800ms",),
            "Then the p95 latency of mobile-api is above 500ms",
            True,
        ),
        (
            ("Given mobile-api serves 100 requests per second with a p95 latency of 800ms",),
            "Then the p95 latency of mobile-api is below 250ms",
            False,
        ),
        (
            (
                "Given search answers 50 rps",
                "And search answers in 2 seconds at the 99th percentile",
            ),
            "Then the p99 latency of search is above 1 second",
            True,
        ),
        (
            ("Given search is at 50 rps with no errors", "And search's p99 latency is 2 seconds"),
            "Then the median latency of search is below 100ms",
            False,
        ),
        (
            (
                "Given search answers 50 rps",
                "And 95% of search requests take 80ms and the other 5% take 1.2 seconds",
            ),
            "Then the p99 latency of search is between 1 second and 2.5 seconds",
            True,
        ),
        (
            (
                "Given search answers 50 rps",
                "And 95% of search requests take 80ms and the other 5% take 1.2 seconds",
            ),
            "Then the median latency of search is above 100ms",
            False,
        ),
    ],
)
def test_a_percentile_said_as_a_fact_sets_the_latency(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    lines: tuple[str, ...],
    check: str,
    passes: bool,
) -> None:
    code, out = run_scenario(tmp_path, capsys, *lines, "When 10 minutes pass", check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the median latency of search over the last 2 minutes is above 500ms", True),
        ("Then the median latency of search over the last 2 minutes is below 100ms", False),
    ],
)
def test_a_latency_jump_lasts_its_duration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given search answers 50 rps",
        "When 10 minutes pass",
        "And search latency jumps to 900ms for 3 minutes",
        check,
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the error rate of checkout is 100%", True),
        ("Then the error rate of checkout is below 50%", False),
    ],
)
def test_failing_every_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given checkout serves 100 rps",
        "When checkout starts failing every request",
        "And 5 minutes pass",
        check,
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("rule", "fires"),
    [
        (
            'Given alert rule "SearchErrors" fires when '
            "'rate(http_requests_total{code=\"500\"}[5m]) > 1' for 2m",
            True,
        ),
        (
            'Given an alert "SearchErrors" fires when '
            "search's 5m error ratio is above 5% for 2 minutes",
            True,
        ),
        (
            'Given an alert "SearchErrors" fires when '
            "search's 5m error ratio is above 50% for 2 minutes",
            False,
        ),
    ],
)
def test_alert_rules_said_inline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rule: str, fires: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given search serves 100 rps",
        rule,
        "When 5 minutes pass",
        "And search starts failing 10% of requests",
        "And 10 minutes pass",
        "Then SearchErrors is firing",
    )
    assert (code == 0) is fires, out


@pytest.mark.parametrize(
    ("promise", "check", "passes"),
    [
        (
            "And we promise customers 99.9% availability over 30 days",
            'Then the error budget of "checkout-availability" is 43.2 minutes',
            True,
        ),
        (
            "And we promise customers 99% availability over 30 days",
            'Then the error budget of "checkout-availability" is 43.2 minutes',
            False,
        ),
        (
            'And an SLO "shop" of 99.9% over 30 days covers checkout',
            'Then the SLO "shop" pages',
            True,
        ),
        (
            "And we promise 99.9% availability for checkout over 30 days",
            "Then the SLO checkout-availability does not page",
            False,
        ),
    ],
)
def test_an_slo_said_as_a_promise(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], promise: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given checkout serves 300 requests per second",
        promise,
        "When 30 minutes pass",
        "And checkout starts failing every request",
        "And 5 minutes pass",
        check,
    )
    assert (code == 0) is passes, out


def test_a_promise_with_no_service_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path, capsys, "Given we promise customers 99.9% availability over 30 days"
    )
    assert code == 1 and "a service for the promise" in out, out


@pytest.mark.parametrize(
    ("back", "check", "passes"),
    [
        ("And then drops back to 50ms", "Then the p99 latency of search is below 100ms", True),
        ("And then drops back to 800ms", "Then the p99 latency of search is below 100ms", False),
    ],
)
def test_a_latency_that_drops_back_with_no_subject(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], back: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given search answers 50 rps",
        "When search latency jumps to 900ms for 3 minutes",
        back,
        "And 10 minutes pass",
        check,
    )
    assert (code == 0) is passes, out
