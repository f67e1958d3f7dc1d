"""Checks SREs state with a window, a range or a past tense, and facts they state about the
past: "the error rate over the last 5 minutes is about 8%", "the 6h burn rate is somewhere
between 6 and 14.4", "the p95 for web went above 1.5s", "the service web is healthy", "web
has been failing 2% of its requests for the last 3 hours", "web was completely down for 5
minutes last week". A wrong claim fails the scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_SPIKE = (
    "Given web serves 100 rps",
    'And an SLO "web-availability" of 99.9% over 30 days for the service "web"',
    "When 1 hour passes",
    "And web starts failing 8% of requests",
    "And 10 minutes pass",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the error rate over the last 5 minutes is about 8%", True),
        ("Then the error rate of web over the last 1h is below 2%", True),
        ("Then the error rate over the last 5 minutes is about 4%", False),
        ("Then the 1h burn rate is somewhere between 6 and 14.4", True),
        ("Then the 5m burn rate is between 6 and 14.4", False),
        ("Then the burn rate of web-availability over 5 minutes is between 70 and 90", True),
        ("Then the service web is healthy", False),
        ("Then the slow burn alert fired", True),
        ("Then web-availability has some error budget left", False),
    ],
)
def test_a_window_or_a_range(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_SPIKE, check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the service web is healthy", True),
        ("Then every service is healthy", True),
        ("Then web-availability has some error budget left", True),
        ("Then the slow burn alert fired", False),
    ],
)
def test_a_quiet_service_is_healthy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_SPIKE[:3], check)
    assert (code == 0) is passes, out


def test_a_target_that_does_not_answer_is_not_healthy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given web serves 100 rps",
        "When 5 minutes pass",
        "And the web target goes down",
        "And 2 minutes pass",
        "Then the service web is healthy",
    )
    assert code == 1 and "not answering scrapes" in out, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the p95 for web went above 1.5s", True),
        ("Then the p95 for web goes above 1.5s", False),
        ("Then the p99 latency of web rose above 5s at some point", False),
    ],
)
def test_a_latency_that_went_above_and_came_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given web serves 100 rps",
        "When 10 minutes pass",
        "And 10% of web requests take 2 seconds for 10 minutes",
        "And 10 minutes pass",
        check,
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("past", "check", "passes"),
    [
        (
            "Given web has been failing 2% of its requests for the last 3 hours",
            "Then the error rate of web is 2%",
            True,
        ),
        (
            "Given web has been failing 2% of its requests for the last 3 hours",
            "Then the 1h burn rate is about 20",
            True,
        ),
        (
            "Given web was completely down for 5 minutes last week",
            "Then we've used about 12% of this month's error budget",
            True,
        ),
        (
            "Given web was completely down for 5 minutes last week",
            "Then the error rate of web is 0%",
            True,
        ),
        (
            "Given web was completely down for 5 minutes yesterday",
            "Then we've used about 30% of this month's error budget",
            False,
        ),
    ],
)
def test_a_past_said_as_a_fact(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], past: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given web serves 100 rps",
        'And an SLO "web-availability" of 99.9% over 30 days for the service "web"',
        past,
        check,
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("outage", "check", "passes"),
    [
        (False, "Then the api service has been up the whole time", True),
        (True, "Then the api service has been up the whole time", False),
        (False, 'Then up{job="api"} has been 1 for the last 10 minutes', True),
        (True, 'Then up{job="api"} has been 1 for the last 10 minutes', False),
        (False, "Then job:api_errors:ratio5m stayed 0.02 over the past 5 minutes", True),
        (False, "Then job:api_errors:ratio5m stayed 0.03 over the past 5 minutes", False),
    ],
)
def test_a_value_held_over_a_window(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], outage: bool, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given the api service gets 500 rps",
        "And 2% of api requests return 503",
        "And the recording rule job:api_errors:ratio5m is "
        '\'sum(rate(http_requests_total{job="api",code=~"5.."}[5m])) / '
        'sum(rate(http_requests_total{job="api"}[5m]))\'',
        "When 10 minutes pass",
        *(["And api goes down for 2 minutes", "And 3 minutes pass"] if outage else []),
        check,
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("recovery", "passes"), [("api stops erroring", True), ("2 minutes pass", False)]
)
def test_stops_erroring(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], recovery: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given the api service gets 500 rps",
        "And 2% of api requests return 503",
        "When 10 minutes pass",
        f"And {recovery}",
        "And 10 minutes pass",
        "Then the error rate of api is 0%",
    )
    assert (code == 0) is passes, out
