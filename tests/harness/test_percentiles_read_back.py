"""A latency said as percentiles reads back as said (issue 25; 7 blind runs in 8 batches, and
README's own examples combined): "checkout responds with a median of 40ms and a p99 of
180ms", then "checkout's p99 is 180ms" saw 247ms. Every latency said before the first scrape
is now a bucket bound, and the requests above the last percentile take the next DefBucket
above it, so histogram_quantile lands on the time said, to the last digit."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.steps.telemetry.latency_bounds import slower_than
from tests.harness.one_scenario import run_matched


def test_readme_s_examples_combined_read_back_as_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given checkout is taking 100 requests per second with hardly any errors",
        "And checkout responds with a median of 40ms and a p99 of 180ms",
        "When 10 minutes pass",
        "Then checkout's p99 is 180ms",
        "And checkout's p50 is 40ms",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("a median of 40ms and a p99 of 300ms", (("p50", "0.040000000"), ("p99", "0.300000000"))),
        ("a p50 of 120ms and a p99 of 1.2s", (("p50", "0.120000000"), ("p99", "1.200000000"))),
        ("a p50 of 20ms and a p95 of 450ms", (("p50", "0.020000000"), ("p95", "0.450000000"))),
        ("a p50 of 9ms and a p99.9 of 70ms", (("p50", "0.009000000"), ("p99.9", "0.070000000"))),
        ("a p50 of 2s and a p99 of 12s", (("p50", "2.000000000"), ("p99", "12.000000000"))),
        ("a p95 of 220ms", (("p95", "0.220000000"),)),
        ("a p50 of 35ms", (("p50", "0.035000000"),)),
        ("a p99.9 of 3s", (("p99.9", "3.000000000"),)),
    ],
)
def test_each_percentile_said_reads_back_to_the_ninth_decimal(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    said: str,
    read: tuple[tuple[str, str], ...],
) -> None:
    """Nine decimals: a bound read as 0.17999 or 0.18000001 would fail (the check rounds the
    value read to the decimals written)."""
    checks = [f"Then web's {p} is {seconds} seconds" for p, seconds in read]
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given web serves 1000 requests per second",
        f"And web has {said}",
        "When 10 minutes pass",
        *checks,
    )
    assert code == 0, out


def test_the_requests_above_a_percentile_are_strictly_slower(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """95% at 220ms, 5% at 250ms: the p99 reads 0.22 + 0.03 × (0.99 - 0.95) / 0.05."""
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given web serves 100 requests per second with a p95 latency of 220ms",
        "When 10 minutes pass",
        "Then web's p99 is 0.244 seconds",
        "And web's p95 is 220ms",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("seconds", "slower"),
    [(0.001, 0.005), (0.005, 0.01), (0.18, 0.25), (0.25, 0.5), (1.2, 2.5), (10.0, 20.0)],
)
def test_the_tail_takes_the_next_default_bucket_or_twice_the_time(
    seconds: float, slower: float
) -> None:
    assert slower_than(seconds) == slower


def test_a_latency_said_once_scraped_adds_no_bound(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Said after the first scrape, 180ms is no bound: the p99 reads inside (100ms, 250ms]
    (99% at 180ms and 1% at 250ms: 0.1 + 0.15 × 0.99), and the failure names the bucket."""
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given web serves 100 requests per second",
        "When 5 minutes pass",
        "And web has a p99 of 180ms",
        "And 10 minutes pass",
        "Then web's p99 is 180ms",
    )
    assert code != 0, out
    assert "saw: 248.5 ms" in out and "bucket from 100ms to 250ms" in out, out
