"""An alerting rule given inline with other verbs: 'the alert "X" is "EXPR" for 10 minutes',
'alert "X" fires when "EXPR" holds for 5 minutes', "the alert X has the expression `…`". Each
is the same rule as 'an alert "X" when "EXPR" for …'; a quoted word that is not PromQL ("the
alert X is "firing"") is never read as a rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY
from tests.harness.one_scenario import run_scenario

_UP = "'up{job=\"pay\"} == 0'"


@pytest.mark.parametrize(
    ("rule", "firing"),
    [
        (f'the alert "PayDown" is {_UP} for 5 minutes', True),
        (f'alert "PayDown" fires when {_UP} holds for 5 minutes', True),
        (f'alert "PayDown" fires when {_UP} holds with for: 5m', True),
        (f"the alert PayDown has the expression {_UP} for 5m", True),
        (f'an alert rule "PayDown" is defined as {_UP}', True),
        (f'alert "PayDown" fires when {_UP} stays true for 15 minutes', False),
        (f'the alert "PayDown" is {_UP} for 15 minutes', False),
    ],
)
def test_an_inline_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rule: str, firing: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given the service "pay" serves 100 requests per second',
        f"And {rule}",
        "When pay goes down",
        "And 10 minutes pass",
        'Then the alert "PayDown" is firing',
    )
    assert "no step matches" not in out and "ambiguous" not in out.lower(), out
    assert (code == 0) is firing, out


@pytest.mark.parametrize(
    "line",
    ['the alert "PayDown" is "firing"', 'the alert "PayDown" is "pending" for 5 minutes'],
)
def test_a_quoted_word_is_not_a_rule(line: str) -> None:
    assert not REGISTRY.quietly("given", line)
