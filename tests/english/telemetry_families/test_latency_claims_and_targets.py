"""Latency claimed as SLOs word it ("99% of checkout requests complete in under 1 second",
"checkout responds within 250ms at the 95th percentile", "1% of requests take more than 2
seconds", "the 99th percentile of checkout latency is under 1s"), throughput said as such,
and scrape targets said as a whole ("all targets are up", "checkout is being scraped")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_SLOW_TAIL = (
    'Given the service "checkout" serves 100 requests per second',
    "And 90% of checkout requests take 50ms and the other 10% take 2 seconds",
    "When 5 minutes pass",
)
"""p50 in the 50 ms bucket, p95 and p99 in the 2 s one."""


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then 80% of checkout requests complete in under 100ms", True),
        ("Then 99% of checkout requests complete in under 1 second", False),
        ("Then 99% of requests to checkout finish within 2.5 seconds", True),
        ("Then 95% of its requests take less than 100ms", False),
        ("Then 5% of requests take more than 1 second", True),
        ("Then 1% of checkout requests take more than 3 seconds", False),
        ("Then checkout responds in under 100ms at p50", True),
        ("Then checkout answers within 1s at the 99th percentile", False),
        ("Then the 99th percentile of checkout latency is above 1 second", True),
        ("Then the p50 of checkout's latency is under 100ms", True),
        ("Then the throughput of checkout is 100 rps", True),
        ("Then the traffic to checkout is above 150 requests per second", False),
    ],
)
def test_latency_and_throughput_claims(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_SLOW_TAIL, check)
    assert (
        "no step matches" not in out
        and "definitions (" not in out
        and "more than one way" not in out
    ), out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("change", "check", "passes"),
    [
        ("And 1 minute passes", "Then all targets are up", True),
        ("When the cart target goes down", "Then all targets are up", False),
        ("When the cart target goes down", "Then no target is down", False),
        ("When the cart target goes down", "Then cart is being scraped", True),
        ("And 1 minute passes", "Then Prometheus is scraping checkout", True),
    ],
)
def test_targets_said_as_a_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given checkout serves 100 rps",
        "And cart serves 20 rps",
        "When 2 minutes pass",
        change,
        "And 2 minutes pass",
        check,
    )
    assert (
        "no step matches" not in out
        and "definitions (" not in out
        and "more than one way" not in out
    ), out
    assert (code == 0) is passes, out


def test_nothing_is_scraped_before_the_first_scrape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(tmp_path, capsys, "Then all targets are up")
    assert code == 1 and "there are none" in out, out
