"""A promotion to prod said in a Given waits for prod's manual approval, as one said in a
When does (runs16, blind batch42: "R1 is signed and promoted to prod", then "prod runs
R1"). The check that finds prod empty says the promotion waits and how to say the
approval; a build that was never promoted there gets no such note."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_BUILT = ('Given a manifest "ledger" version "4.1.0"', 'When I build "ledger" as L7')
_TAUGHT = "the promotion of L7 to prod waits for the manual approval prod needs"


def test_a_promotion_waiting_for_approval_says_how_to_approve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    promoted = "Given L7 passed every gate and was promoted to dev, staging and prod"
    code, out = run_matched(tmp_path, capsys, *_BUILT, promoted, "Then prod runs L7")
    assert code != 0, out
    assert _TAUGHT in out and "Given L7 is signed, approved and promoted to prod" in out, out


def test_the_approval_it_names_puts_the_build_in_prod(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    promoted = "Given L7 is signed, approved and promoted to prod"
    code, out = run_matched(tmp_path, capsys, *_BUILT, promoted, "Then prod runs L7")
    assert code == 0, out


def test_a_build_never_promoted_gets_no_such_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(tmp_path, capsys, *_BUILT, "Then prod runs L7")
    assert code != 0, out
    assert "waits for the manual approval" not in out, out
