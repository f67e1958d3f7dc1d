"""A check about an alert no Given declared fails, and says the Given that declares one
(runs16, blind batch42: "the alert "MatchmakerSlow" is not firing" with no rule): a rule
that does not exist never fires, so passing would hide the missing rule. The Given it
names, written before the check, makes the same check pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_SERVED = ('Given the service "lobby" serves 300 requests per second', "When 10 minutes pass")
_CHECK = 'Then the alert "LobbySlow" is not firing'
_LATENCY = 'Given an alert "LobbySlow" fires if lobby\'s p99 stays above 250ms for 10 minutes'


def test_an_alert_nobody_declared_names_the_given_that_declares_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(tmp_path, capsys, *_SERVED, _CHECK)
    assert code != 0, out
    assert 'no Given declares "LobbySlow"' in out and f'"{_LATENCY}"' in out, out


def test_the_given_it_names_declares_the_alert(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    declared = "And" + _LATENCY[len("Given") :]
    code, out = run_matched(tmp_path, capsys, _SERVED[0], declared, *_SERVED[1:], _CHECK)
    assert code == 0, out
