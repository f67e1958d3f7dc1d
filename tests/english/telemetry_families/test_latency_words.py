"""Latency as SREs say it: "most requests finish in 40ms but 1 in 100 take 800ms", a share
of one service's requests ("3% of requests to api take 2 seconds", the others as before),
a table of shares, a percentile between two latencies, a query compared with a time in its
unit. A wrong claim fails the scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_API = ("Given the api service handles 50 requests a second",)


@pytest.mark.parametrize(
    "mix",
    [
        "And most requests finish in 40ms but 1 in 100 take 800ms",
        "And nearly all requests take 40ms while one in a hundred take 800ms",
        "And 1 out of 100 requests take 800ms and the rest take 40ms",
        "And the majority of requests complete in 40ms; 1% take 800ms",
    ],
)
def test_a_latency_mix_said_with_most_and_one_in_a_hundred(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mix: str
) -> None:
    lines = (*_API, mix, "When 10 minutes pass")
    code, out = run_scenario(tmp_path, capsys, *lines, "Then the p50 latency of api is under 50ms")
    assert code == 0, out
    code, out = run_scenario(
        tmp_path, capsys, *lines, "Then the p99.5 latency of api is between 500ms and 1s"
    )
    assert code == 0, out
    code, out = run_scenario(tmp_path, capsys, *lines, "Then the p50 latency of api is above 0.5s")
    assert code == 1, out


@pytest.mark.parametrize(
    "slow",
    [
        'When 3% of requests to "api" take 2 seconds',
        "When 3% of the requests for api take about 2 s",
        "When 3 in 100 requests to api take 2 seconds",
    ],
)
def test_a_share_of_one_services_requests_leaves_the_others_as_they_were(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], slow: str
) -> None:
    lines = (*_API, slow, "And 10 minutes pass")
    code, out = run_scenario(
        tmp_path, capsys, *lines, "Then the p99 latency of api is between 1s and 2.5s"
    )
    assert code == 0, out
    code, out = run_scenario(
        tmp_path, capsys, *lines, "Then the median latency of api is about 50 ms"
    )
    assert code == 0, out


def test_a_share_for_a_while_goes_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = (
        *_API,
        "When for 1 hour, 3 in 100 requests to api take 2 seconds",
        "And 10 minutes pass",
    )
    code, out = run_scenario(tmp_path, capsys, *lines, "Then the p99 latency of api is below 1.1s")
    assert code == 0, out


_TABLE = (
    "| share | duration |",
    "| 90%   | 80ms     |",
    "| 9%    | 250ms    |",
    "| 1%    | 1.2s     |",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the p95 latency is below 300ms", True),
        ("Then the p99 latency of api is between 250ms and 1.2s", True),
        ("Then the p50 latency of api is between 100ms and 1s", False),
        (
            "Then histogram_quantile(0.5, sum by (le) (rate(http_request_duration_seconds_bucket"
            '{job="api"}[5m]))) is under 100ms',
            True,
        ),
        (
            "Then the query 'histogram_quantile(0.99, sum by (le) (rate("
            "http_request_duration_seconds_bucket[5m])))' is below 200ms",
            False,
        ),
        (
            "Then histogram_quantile(0.9, sum by (le) (rate(http_request_duration_seconds_bucket"
            "[5m]))) is between 50ms and 0.1s",
            True,
        ),
    ],
)
def test_a_table_of_shares_and_checks_in_time_units(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    lines = (*_API, 'Given requests to "api" take:', *_TABLE, "When 10 minutes pass", check)
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert (code == 0) is passes, out


def test_a_table_with_a_bad_row_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (*_API, "Given requests to api take:", "| share | duration |", "| lots | 80ms |")
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert code == 1 and "| lots | 80ms |" in out, out
