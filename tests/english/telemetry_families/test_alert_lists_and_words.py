"""Alert rules said with "if", "exceeds", bare PromQL and durations in words ("an alert X
fires if api's error rate exceeds 1% for five minutes", "… that fires when up{service="api"}
== 0 for 1 minute"), alerts counted and listed ("exactly 2 alerts are firing", "the firing
alerts are A and B", "A and B are both firing"), and latency SLOs said without a name or
with "requiring"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kubeloop.harness.params import TYPES
from tests.harness.one_scenario import run_scenario

_RULES = (
    "Given api serves 100 requests per second",
    "And services are scraped every 15 seconds",
    'And an alert "Errors" fires if api\'s error rate exceeds 1% for five minutes',
    'And an alert "Down" that fires when up{service="api"} == 0 for 1 minute',
    'And an alert "Slow" fires whenever the p99 latency of api exceeds 2s for 2 minutes',
    'And an alert "Burst" fires when the 1m error ratio of api crosses 50% for 1m',
    "When api starts failing 10% of requests",
    "And ten minutes pass",
)
"""Only Errors fires: 10% errors, api answers scrapes, p99 under a second, under 50%."""


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], *lines: str) -> tuple[int, str]:
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert (
        "no step matches" not in out
        and "definitions (" not in out
        and "more than one way" not in out
    ), out
    return code, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then Errors is in the firing state", True),
        ("Then exactly one alert is firing", True),
        ("Then 2 alerts are firing", False),
        ("Then at least 1 alert is firing", True),
        ("Then no more than 0 alerts are pending", True),
        ("Then the firing alerts are Errors", True),
        ("Then the firing alerts are Errors and Down", False),
        ("Then only Errors is firing", True),
        ("Then Errors and Slow are both firing", False),
        ("Then Down is inactive", True),
        ("Then Burst is inactive", True),
    ],
)
def test_alerts_said_in_words_counted_and_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(tmp_path, capsys, *_RULES, check)
    assert (code == 0) is passes, out


def test_a_listed_alert_that_does_not_exist_fails_naming_the_alerts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(tmp_path, capsys, *_RULES, "Then the firing alerts are Errors and Nope")
    assert code == 1 and "Nope" in out and "Errors" in out, out


@pytest.mark.parametrize(
    ("slo", "check", "passes"),
    [
        (
            "And a latency SLO for api: 99% of requests faster than 2.5s over 30 days",
            'Then the SLO "api-latency" does not page',
            True,
        ),
        (
            'And an SLO "api-fast" requiring 99% of requests under 250ms over 28 days for api',
            'Then the error budget of "api-fast" is exhausted',
            True,
        ),
        (
            'And an SLO "api-fast" requiring 99% of requests under 2.5s over 28 days for api',
            'Then the error budget of "api-fast" is exhausted',
            False,
        ),
    ],
)
def test_latency_slos_said_plainly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], slo: str, check: str, passes: bool
) -> None:
    """Every request takes a second: over 250 ms, under 2.5 s."""
    code, out = _run(
        tmp_path,
        capsys,
        "Given api serves 100 requests per second",
        slo,
        "When requests to api take 1 second",
        "And thirty minutes pass",
        check,
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "seconds"),
    [
        ("five minutes", 300),
        ("thirty days", 2_592_000),
        ("forty-five seconds", 45),
        ("two more hours", 7200),
        ("a week", 604_800),
        ("2 weeks", 1_209_600),
        ("1w", 604_800),
    ],
)
def test_a_duration_said_in_words(said: str, seconds: int) -> None:
    duration = TYPES["duration"]
    assert re.fullmatch(duration.regex, said, re.IGNORECASE)
    assert duration.convert(said) == seconds


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then Errors started firing at 6 minutes", True),
        ("Then Errors went pending at 1 minute", True),
        ("Then Errors started firing at 5 minutes", False),
    ],
)
def test_when_an_alert_changed_said_as_it_started(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    """Errors: pending at the first evaluation with errors (1m), firing five minutes later."""
    code, out = _run(
        tmp_path,
        capsys,
        "Given api serves 100 requests per second",
        'And an alert "Errors" fires if api\'s error rate exceeds 1% for five minutes',
        "When api starts failing 10% of requests",
        "And ten minutes pass",
        check,
    )
    assert (code == 0) is passes, out
