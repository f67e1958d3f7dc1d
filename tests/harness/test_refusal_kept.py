"""A check of the environment a refused step would have changed is what the refusal kept
(runs15, blind batch39: "When I promote W1 to prod" refused, then "Then prod runs
nothing"): it counts as checking the refusal. A check of another environment, or a
mistake in what the scenario said, still fails at the refused line; a check that fails
says the step before was refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_BLOCKED = (
    'Given a manifest "web" version "4.0.2"',
    'When I build "web" as W1',
    "Given the unit tests of W1 pass with 93% coverage",
    "When I run the pipeline for W1",
)


@pytest.mark.parametrize(
    ("move", "check", "passes"),
    [
        ("And I promote W1 to prod", "Then prod runs nothing", True),
        ("And I promote W1 to prod", "Then prod doesn't run W1", True),
        ("And I promote W1 to staging", "Then W1 never made it to staging", True),
        ("And I promote W1 to dev", "Then prod runs nothing", False),
        ("And I promote W9 to prod", "Then prod runs nothing", False),
    ],
)
def test_a_check_of_the_refused_environment_reads_the_refusal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], move: str, check: str, passes: bool
) -> None:
    code, out = run_matched(tmp_path, capsys, *_BLOCKED, move, check)
    assert (code == 0) is passes, out
    if not passes:
        assert "✗ And I promote" in out and "story.feature:7)" in out, out


def test_a_failed_check_says_the_step_before_was_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path, capsys, *_BLOCKED, "And I promote W1 to prod", "Then prod runs W1"
    )
    assert code != 0
    assert "it runs nothing; the step before was refused: cannot promote to prod" in out, out
