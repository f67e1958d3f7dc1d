"""Alert rules whose condition is said in words about the service named last: latency,
error rate, a share of failing requests, a target down. Each alert fires when its condition
held for its for:, and stays quiet when it did not."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_RULES = {
    "slow": 'And an alert "Alarm" fires when p99 latency over 5 minutes stays above 500ms '
    "for 5 minutes",
    "errors": 'And an alert "Alarm" fires when the error rate is above 5% for 5 minutes',
    "share": 'And an alert "Alarm" fires when more than 5% of requests fail',
    "down": 'And an alert "Alarm" fires when search is down for 1 minute',
    "target": 'And an alert "Alarm" fires when the target is down',
}
_EVENTS = {
    "slow": "When requests to search take 2 seconds",
    "errors": "When search starts failing 10% of requests",
    "share": "When search starts failing 10% of requests",
    "down": "When the search target goes down",
    "target": "When the search target goes down",
}
_QUIET = {
    "slow": "When requests to search take 200ms",
    "errors": "When search starts failing 2% of requests",
    "share": "When search starts failing 2% of requests",
    "down": "When search starts failing 50% of requests",
    "target": "When requests to search take 2 seconds",
}


@pytest.mark.parametrize("rule", sorted(_RULES))
@pytest.mark.parametrize("happens", [True, False])
def test_an_alert_in_words_fires_only_on_its_condition(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rule: str, happens: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given search serves 100 rps",
        _RULES[rule],
        "When 10 minutes pass",
        _EVENTS[rule] if happens else _QUIET[rule],
        "And 15 minutes pass",
        "Then Alarm is firing",
    )
    assert (code == 0) is happens, out
