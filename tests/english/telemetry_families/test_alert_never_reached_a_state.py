"""An alert said never to reach a state: '"X" never went to firing', "X never reached
pending", "X did not make it to firing". Each checks the alert's timeline; none is read as a
build that never went to an environment called "firing" (that reading is the pipeline's,
for environments only)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY
from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("check", "holds"),
    [
        ('"PayErrors" never went to firing', True),
        ("PayErrors never reached firing", True),
        ("PayErrors did not make it to firing", True),
        ("the PayErrors alert never became firing", True),
        ('"PayErrors" never went to pending', False),
        ("PayErrors never got to pending", False),
    ],
)
def test_never_in_a_state(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, holds: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given "payments" is handling 100 requests per second',
        'And an alert "PayErrors" fires when more than 10% of payments requests fail for 10m',
        "When payments fails every request for 2 minutes",
        "And 10 minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is holds, out


def test_a_state_is_not_an_environment() -> None:
    read = REGISTRY.quietly("then", '"PayErrors" never went to firing')
    assert [m.definition.function.__name__ for m in read] == ["never_in"]
    read = REGISTRY.quietly("then", "R1 never went to prod")
    assert [m.definition.function.__name__ for m in read] == ["never_ran"]


def test_an_unknown_alert_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given "payments" is handling 100 requests per second',
        'And an alert "PayErrors" fires when more than 10% of payments requests fail',
        'Then "Other" never went to firing',
    )
    assert code != 0 and "Other" in out, out
