"""A service's latency said as a distribution, the way SREs read a dashboard aloud: "search
responds with a median of 80ms and a p99 of 420ms", "its p99 latency is 800ms while the p50
stays at 120ms", "search's p50 is 80ms and its p99 is 420ms". Each sets the percentiles said
(latency_points.py); the checks read the SRE's histogram_quantile, so each twin with the
other order of magnitude fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("said", "slow"),
    [
        ("search responds with a median of 20ms and a p99 of 2s", True),
        ("its p99 latency is 2s while the p50 stays at 20ms", True),
        ("search's p50 is 20ms and its p99 is 2 seconds", True),
        ("search has a median latency of 20ms and a p99 of 2s", True),
        ("search answers with p50 20ms and p99 2s", True),
        ("its p50 latency is 20ms; its p99 latency is 2s", True),
        ("search responds with a median of 20ms and a p99 of 60ms", False),
        ("its p99 latency is 60ms while the p50 stays at 20ms", False),
    ],
)
def test_percentiles_said_together(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, slow: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given the service "search" serves 80 requests per second',
        f"And {said}",
        "When 5 minutes pass",
        "Then the p99 latency of search is above 1s",
        "And the p50 latency of search is below 30ms",
    )
    assert (code == 0) is slow, out
