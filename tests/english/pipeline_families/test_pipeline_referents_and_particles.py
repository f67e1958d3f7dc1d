"""A build named by a referent ("that build", "this release"), a promotion someone else
makes "all the way" (through each environment, never straight to prod), tests a build
"passes", an approval "given for prod", a build that "doesn't get promoted anywhere", and
words that are never a build's name ("I sign off" names no build called "off")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BUILT = (
    'Given a manifest "orders" version "3.1.0"',
    'When I build "orders" as O1',
    "Given the unit tests of O1 pass with 95% coverage",
    "And the scan of O1 finds nothing",
)


@pytest.mark.parametrize(
    ("lines", "check", "holds"),
    [
        (
            (
                "And it passes the integration tests",
                "When I run the pipeline for O1",
                "And we promote that build all the way to prod",
                "And Sam gives the approval for prod",
            ),
            "that build is live in prod",
            True,
        ),
        (
            (
                "And O1 passes its integration tests",
                "When I run the pipeline for O1",
                "And the team promotes this release all the way to staging",
            ),
            "the history of dev is O1",
            True,
        ),
        (
            ("When I run the pipeline for O1",),
            "O1 doesn't get promoted anywhere",
            True,
        ),
        (
            (
                "And it passes the integration tests",
                "When I run the pipeline for O1",
                "And I promote that build to dev",
            ),
            "O1 doesn't get promoted anywhere",
            False,
        ),
        (
            ("When I run the pipeline for O1",),
            "that build is signed",
            False,
        ),
    ],
)
def test_referents_and_promotions_said_by_others(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    lines: tuple[str, ...],
    check: str,
    holds: bool,
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BUILT, *lines, f"Then {check}")
    assert (code == 0) == holds, out
    assert "no step matches" not in out, out


@pytest.mark.parametrize("said", ["When I sign off", "When the release manager signs off"])
def test_a_particle_is_never_a_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BUILT, said)
    assert code != 0 and "no step matches" in out, out
