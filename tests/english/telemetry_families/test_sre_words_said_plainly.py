"""SRE sentences said plainly: the scrape interval as what scrapes do ("scrapes happen every
15 seconds", "we scrape every 30 seconds"), a service said as ours ("our checkout service
handles …"), an SLO said as the SLO for a service ("the SLO for search has not paged"), and
a pipeline that fails on a gate. Each runs a small scenario; a wrong value fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("said", "times"),
    [
        ("Given scrapes happen every 15 seconds", 4),
        ("Given we scrape every 30 seconds", 2),
        ("Given Prometheus scrapes every service every 20 seconds", 3),
    ],
)
def test_the_scrape_interval_said_as_what_scrapes_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, times: int
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        said,
        "And our cart service handles 10 requests a second with no errors",
        "When 5 minutes pass",
        f"Then cart was scraped {times} times in the last minute",
    )
    assert code == 0, out


def test_a_wrong_scrape_count_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given scrapes happen every 15 seconds",
        "And our cart service handles 10 requests a second with no errors",
        "When 5 minutes pass",
        "Then cart was scraped 1 times in the last minute",
    )
    assert code == 1, out


@pytest.mark.parametrize(
    ("outage", "check", "passes"),
    [
        ("1 minute", "Then the SLO for checkout has not paged", True),
        ("1 hour", "Then the SLO for checkout has not paged", False),
        ("1 minute", "Then the SLO for checkout is met", True),
    ],
)
def test_the_slo_for_a_service(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], outage: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given our checkout service handles 100 requests a second with no errors",
        "And we promise 99.9% availability for checkout over 30 days",
        "And checkout has run cleanly for 1 day",
        f"When checkout fails 1 in 10000 requests for {outage}",
        "And then half of checkout's requests start failing" if outage == "1 hour" else "",
        "And 30 minutes go by",
        check,
    )
    assert (code == 0) == passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the pipeline fails on the vulnerability scan", True),
        ("Then the pipeline fails on the unit tests", False),
    ],
)
def test_a_pipeline_fails_on_a_gate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given billing 1.0.0 was built as B1",
        "And the unit tests of B1 pass with 300 tests, 0 failures and 90% coverage",
        "And the scan of B1 finds a critical CVE-2026-11111 in openssl",
        "And the pipeline runs on B1",
        check,
    )
    assert (code == 0) == passes, out


@pytest.mark.parametrize(
    ("said", "served"),
    [
        ("And checkout has a 99.5% weekly availability SLO", 60480000),
        ("And a 99.9% monthly availability target for checkout", 259200000),
        ('And checkout has an SLO "availability" of 99.9% over 7 days', 60480000),
        ("And a 99.9% quarterly availability target for checkout", 777600000),
    ],
)
def test_an_slo_period_said_as_how_often(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, served: int
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given checkout serves 100 requests per second with no errors",
        said,
        "When the whole month goes by",
        f"Then checkout served {served} requests",
        "And we kept the promise",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        (
            "When the error rate on payments jumps to 5% for 10 minutes",
            "Then payments served 60000 requests and 3000 errors",
            True,
        ),
        (
            "When p99 latency on payments climbs to 450ms",
            "Then the p99 latency on payments is below 500ms",
            True,
        ),
        (
            "When p99 latency on payments climbs to 450ms",
            "Then the p99 latency on payments is below 400ms",
            False,
        ),
    ],
)
def test_a_measure_said_on_a_service(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given payments serves 100 requests per second with no errors",
        said,
        "And 10 minutes pass" if "latency" in said else "",
        check,
    )
    assert (code == 0) == passes, out
