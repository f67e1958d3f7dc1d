"""A build "approved all the way to prod" went through every environment with prod's
approval: it runs in prod. It was read as the approval alone ("I get C5 approved for prod"),
so prod kept the build before and a rollback had nothing to go back to."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_BEFORE = (
    'Given "checkout" 2.5.0 was built as C4 and passed every gate',
    "And C4 was promoted to dev, staging and prod and approved for prod",
)


@pytest.mark.parametrize(
    ("given", "check", "passes"),
    [
        (
            '"checkout" 2.5.1 was built as C5, passed every gate and was approved all the way '
            "to prod",
            "prod runs C5",
            True,
        ),
        ("C5 was approved all the way to prod", "prod runs C5", True),
        ("C5 passed every gate and got approved all the way into prod", "staging runs C5", True),
        ("C5 was approved all the way to staging", "prod runs C5", False),
        ("C5 was approved for prod", "prod runs C5", False),
    ],
)
def test_approved_all_the_way_runs_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], given: str, check: str, passes: bool
) -> None:
    build = () if "was built" in given else ('And "checkout" 2.5.1 was built as C5',)
    code, out = run_matched(tmp_path, capsys, *_BEFORE, *build, f"And {given}", f"Then {check}")
    assert (code == 0) is passes, out


def test_a_rollback_then_has_somewhere_to_go(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_BEFORE,
        'And "checkout" 2.5.1 was built as C5, passed every gate and was approved all the way to '
        "prod",
        "When I roll prod back to C4",
        "Then prod runs C4",
        "And the history of prod reads C4, C5, C4",
    )
    assert code == 0, out
