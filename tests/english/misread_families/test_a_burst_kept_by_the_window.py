"""A burst shorter than an alert's for: can still fire it (runs16, blind batch42: 30% of
requests failing for 3 minutes under "fires if over 5% … fail for 5 minutes"): the rule
reads a 5-minute rate window, which keeps the burst in view for 5 minutes after it ends, as
Prometheus's rate() does. The check says so and names the shorter window that keeps the
same burst quiet; with that window the same story passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_SERVED = 'Given the service "queue" serves 400 requests per second'
_BURST = (
    "When 40% of queue's requests come back with HTTP 500",
    "And 2 minutes pass",
    'And the service "queue" starts failing 0% of requests',
    "And 15 minutes pass",
    'Then "QueueErrors" never went to firing',
)


def test_a_burst_kept_in_the_window_says_which_window_to_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rule = 'And an alert "QueueErrors" fires if over 5% of queue\'s requests fail for 4 minutes'
    code, out = run_matched(tmp_path, capsys, _SERVED, rule, *_BURST)
    assert code != 0, out
    assert "its expression reads a 5m00s window" in out, out
    assert '"fires if the 1m error rate stays above 5% for 5 minutes"' in out, out


def test_over_the_shorter_window_it_names_the_burst_stays_quiet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rule = 'And an alert "QueueErrors" fires if the 1m error rate stays above 5% for 4 minutes'
    code, out = run_matched(tmp_path, capsys, _SERVED, rule, *_BURST)
    assert code == 0, out
