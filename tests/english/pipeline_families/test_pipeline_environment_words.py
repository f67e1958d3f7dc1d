"""Families of sentences about what environments run, beyond the corpora: several at once,
one against another, what one never ran, a rollback to a named build, a history in order,
and facts about several artifacts. A wrong value fails, and a rollback to a build that is
not the previous known-good one changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_TWO_BUILDS = (
    'Given a manifest "web" version "1.0.0"',
    'When I build "web" as C1',
    'Given a manifest "web" version "1.0.1"',
    'When I build "web" as C2',
)


@pytest.mark.parametrize(
    ("given", "check", "passes"),
    [
        ("C1 has already been promoted to dev and staging", "dev and staging both run C1", True),
        ("staging is running C1", "dev, staging and prod are all on C1", False),
        ("C1 ran in dev, staging and prod", "dev, staging and prod all run C1", True),
        ("dev runs C1", "staging runs the same digest that dev does", False),
        (
            "C1 is already in staging with all gates green",
            "prod runs the same build as staging",
            False,
        ),
        ("C1 and C2 have been promoted to staging", "staging runs the same artifact as dev", True),
        ("C1 and C2 have been promoted to staging", "staging has never run C1", False),
        ("C1 and C2 have been promoted to staging", "prod never ran C1", True),
        (
            "staging has run C1, C2 and then C1",
            "the history of staging shows C1 then C2 then C1",
            True,
        ),
        ("staging has run C1, C2 and then C1", "the history of staging is C1, C2", False),
        ("C1 ran in dev", "C2 reached no environment", True),
        ("C2 ran in dev", "C2 appears in no environment", False),
    ],
)
def test_what_environments_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], given: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_TWO_BUILDS, f"Given {given}", f"Then {check}")
    assert code == (0 if passes else 1), out


def test_a_rollback_to_the_build_before_is_recorded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_TWO_BUILDS,
        "Given C1 and C2 have both been promoted to staging, C2 last",
        "When I roll staging back to C1",
        "Then staging runs C1",
        "And C2 was rolled back in staging",
        "And C2 is shown as rolled back",
        "And the C2 build is still kept",
        "And dev runs C2",
    )
    assert code == 0, out
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_TWO_BUILDS,
        "Given C1 and C2 have both been promoted to staging, C2 last",
        "When I roll staging back to C1",
        "Then C1 is marked as rolled back",
    )
    assert code == 1 and "C1 rolled back anywhere" in out, out


def test_a_rollback_to_an_earlier_build_goes_there_and_one_never_run_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A named rollback may skip back past the previous build (runs15: kubectl rollout
    undo --to-revision); to a build the environment never ran it is refused, unchanged."""
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_TWO_BUILDS,
        'Given a manifest "web" version "1.0.2"',
        'When I build "web" as C3',
        'Given a manifest "web" version "1.0.3"',
        'When I build "web" as C4',
        "Given staging has run C1, C2 and then C3",
        "When I roll back staging to C4",
        'Then the rollback is refused because "staging never ran web 1.0.3"',
        "And staging runs C3",  # unchanged
        "When I roll back staging to C1",
        "Then staging runs C1",
    )
    assert code == 0, out


def test_a_given_about_an_environment_that_does_not_exist_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_TWO_BUILDS, "Given qa runs C1")
    assert code == 1 and "an environment qa" in out, out


@pytest.mark.parametrize(
    ("said", "passes"),
    [
        ("When on-call rolls staging back to C1", True),
        ("When the release manager rolls back staging to C1", True),
        ("When staging gets rolled back to C1", True),
        ("When Maria rolls staging back to C2", False),
    ],
)
def test_someone_rolls_an_environment_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_TWO_BUILDS,
        "Given C1 and C2 have both been promoted to staging, C2 last",
        said,
        "Then staging runs C1",
    )
    assert code == (0 if passes else 1), out


def test_a_build_that_never_left_the_pipeline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path, capsys, *_TWO_BUILDS, "Given C1 ran in dev", "And C2 never left the pipeline"
    )
    assert code == 0, out
    code, out = run_scenario(
        tmp_path, capsys, *_TWO_BUILDS, "Given C1 ran in dev", "And C1 never left the pipeline"
    )
    assert code == 1 and "it ran in dev" in out, out
