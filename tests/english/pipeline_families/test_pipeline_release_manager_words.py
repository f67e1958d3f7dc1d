"""A release manager's sentences about one build of a commit: the coverage threshold named
for the project, the build of a commit, coverage that "comes out at" a number, a scan that
"never runs, and it says why", a build "marked as failed", and "nothing gets promoted".
Each fails when the pipeline says otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BUILD = (
    'Given the coverage threshold for "checkout" is 80%',
    'And a build of commit "f00dbab" for "checkout"',
    "And the unit tests of it pass",
    "And the integration tests of it pass",
)


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "When line coverage comes out at 74%",
                "And I run the pipeline",
                "Then the pipeline is blocked on coverage",
                "And the security scan never runs, and it says why",
                "And the build is marked as failed",
                "And nothing gets promoted to dev",
            ),
            True,
        ),
        (
            (
                "When line coverage comes out at 81%",
                "And the scan of commit f00dbab finds nothing",
                "And I run the pipeline",
                "Then the build is marked as failed",
            ),
            False,
        ),
        (
            (
                "When line coverage comes out at 81%",
                "And the scan of commit f00dbab finds nothing",
                "And I run the pipeline",
                "And I promote commit f00dbab to dev",
                "Then nothing gets promoted to dev",
            ),
            False,
        ),
    ],
)
def test_one_build_of_a_commit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BUILD, *story)
    assert code == (0 if passes else 1), out
