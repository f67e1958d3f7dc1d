"""An environment that keeps what it ran (kept_running.py): "staging keeps running what it
ran before" holds when none of the When steps right before the check changed what staging
runs, as the engine's watch reported each change; a refused deploy changes nothing, a deploy
that went through does."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_TWO = (
    'Given "checkout" 3.0.0 is built as U0, passes every gate and is promoted to staging',
    'And "checkout" 3.0.1 is built as U1',
)


@pytest.mark.parametrize(
    ("action", "check", "passes"),
    [
        ("I deploy U1 to staging", "staging keeps running what it ran before", True),
        ("I deploy U1 to staging", "nothing changed in staging", True),
        ("I deploy U1 to staging", "staging is left unchanged", True),
        ("I deploy U0 to dev", "staging stays unchanged", True),
    ],
)
def test_a_refused_deploy_keeps_what_ran(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], action: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_TWO,
        f"When {action}",
        "Then the operation fails" if "U1" in action else "Then dev runs U0",
        f"And {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("staging keeps running what it ran before", False),
        ("prod keeps running what it ran before", True),
        ("staging is left unchanged", False),
    ],
)
def test_a_promotion_changes_what_ran(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_TWO,
        "Given U1 passed every gate",
        "When I promote U1 to dev",
        "And I promote U1 to staging",
        "Then staging runs U1",
        f"And {check}",
    )
    assert (code == 0) is passes, out
    if not passes:
        assert "changed it: U1" in out, out


def test_no_action_before_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_matched(
        tmp_path, capsys, *_TWO, "Then staging keeps running what it ran before"
    )
    assert code != 0 and "an action before this check" in out, out
