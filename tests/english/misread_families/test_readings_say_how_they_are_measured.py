"""A reading that differs from what was said says how it is measured. A latency said as a
percentile (vocab11, blind batch29-30): "checkout responds with a median of 40ms and a p99
of 180ms" then "checkout's p99 is 180ms" failed with 247 ms, since histogram_quantile
interpolated inside client_golang's bucket that holds 180 ms (100-250 ms). Now every latency
said before the first scrape is a bucket bound (issue 25), so it reads back exactly; one
said later (the buckets are fixed by then) still reads as Prometheus' estimate inside its
bucket, and the failure says why and gives the check to write, the bucket's range, which
passes. A budget read early in its period says why it reads as spent."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_GIVEN = (
    "Given the service api serves 80 requests per second",
    "When 5 minutes pass",
    "And api answers in 30ms at p50 and 400ms at p95",
    "When 10 minutes pass",
)
"""The percentiles said after the first scrape: 50% at 30ms, 45% at 400ms and 5% at 500ms,
in DefBuckets only; the p95 reads 0.25 + 0.25 × (0.95 - 0.5) / 0.5 = 475ms."""


def test_a_percentile_said_before_the_first_scrape_reads_back_exactly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = (_GIVEN[0], _GIVEN[2], _GIVEN[3])
    code, out = run_matched(tmp_path, capsys, *before, "Then api's p95 is 400ms")
    assert code == 0, out


def test_a_percentile_said_once_the_buckets_are_fixed_says_its_bucket(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(tmp_path, capsys, *_GIVEN, "Then api's p95 is 400ms")
    assert code != 0, out
    assert "saw: 475 ms" in out, out
    assert "bucket from 250ms to 500ms" in out, out
    assert 'api is between 250ms and 500ms"' in out, out


def test_the_check_the_failure_suggests_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(tmp_path, capsys, *_GIVEN, "Then api's p95 is between 250ms and 500ms")
    assert code == 0, out


def test_a_miss_outside_the_bucket_gives_no_bucket_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(tmp_path, capsys, *_GIVEN, "Then api's p95 is 2s")
    assert code != 0, out
    assert "bucket from" not in out, out


def test_a_budget_read_early_in_its_period_says_why_it_is_spent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same teaching for a budget (vocab11, batch29: "20 minutes of errors cost us under
    different SLO targets" expected a 30-day allowance; Sloth's measure reads the data so
    far)."""
    said = (
        "Given the service cart serves 40 requests per second",
        'And an SLO "cart-ok" of 95% over 7 days for the service "cart"',
        "When the service cart starts failing 50% of requests",
        "And 10 minutes pass",
    )
    code, out = run_matched(tmp_path, capsys, *said, 'Then "cart-ok" still has budget left')
    assert code != 0, out
    assert "the error ratio over the data the period holds so far" in out, out


def test_replicas_a_cpu_hpa_held_say_a_request_rate_is_no_cpu(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An HPA on CPU holds when no CPU was said (vocab11, batch29: "web is at 400 requests
    per second" was expected to scale a 60% CPU HPA); the count says why and what to say."""
    said = (
        "Given a 2-node cluster running 2 replicas of shop at v1",
        "And shop autoscales between 2 and 6 replicas at 50% CPU",
        "And the service shop serves 50 requests per second",
        "When the service shop serves 500 requests per second",
        "And 10 minutes pass",
    )
    code, out = run_matched(tmp_path, capsys, *said, "Then shop has at least 4 replicas")
    assert code != 0, out
    assert "a request rate is no CPU" in out, out
    assert "shop runs at 90% cpu" in out, out


def test_replicas_of_a_deployment_without_an_hpa_say_only_the_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path, capsys, "Given 2 nodes and a deployment of 2", "Then web has 5 replicas"
    )
    assert code != 0, out
    assert "no CPU reading" not in out, out
