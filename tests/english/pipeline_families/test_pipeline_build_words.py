"""Families of release sentences about commits and builds, in shapes beyond the corpora:
a commit said before it is built, the pipeline building it, a build said with its facts,
and what an artifact is (a sha256 digest, a name:version tag, still kept). Each runs a
small scenario through ``kubeloop run``; a wrong value fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    "lines",
    [
        (
            "Given a commit 7a1b2c3 on the release branch of the checkout repository",
            "When the pipeline builds it as C1",
            "Then the image built from commit 7a1b2c3 and C1 are the same artifact",
            "And C1 is tagged checkout:7a1b2c3",
        ),
        (
            "Given commit 7a1b2c3 of checkout",
            "When the pipeline builds an image from that commit and names it C1",
            "And the pipeline builds C2 from commit 7a1b2c3",
            "Then C1 and C2 are the same artifact",
            "And C2 has a SHA-256 digest",
        ),
        (
            "When someone pushes commit 7a1b2c3 and the pipeline builds it as C1",
            "And I merge commit 99aa88b and the pipeline builds it as C2",
            "Then C1 and C2 are different artifacts",
        ),
        (
            'Given a manifest "checkout" version "3.1.0" from commit 7a1b2c3',
            'When I build "checkout" as C1',
            "Then the build from commit 7a1b2c3 and C1 are the same artifact",
            'And the C1 image is tagged "checkout:3.1.0"',
            "And C1 still exists in the registry",
        ),
    ],
)
def test_a_commit_is_built_and_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: tuple[str, ...]
) -> None:
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert code == 0, out


def test_a_tag_that_is_not_the_artifacts_name_and_version_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "checkout" version "3.1.0"',
        'When I build "checkout" as C1',
        'Then C1 is tagged "checkout:3.1.1"',
    )
    assert code == 1 and "it is checkout:3.1.0" in out, out


def test_building_that_commit_before_any_commit_was_said_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(tmp_path, capsys, "When the pipeline builds that commit as C1")
    assert code == 1 and "a commit said earlier" in out, out


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        ("C1 is a build of checkout version 3.1.0 that passed all its gates", "C1 is signed", True),
        ("C1 is a signed build of checkout version 3.1.0", "C1 is signed", True),
        ("C1 is an unsigned build of checkout version 3.1.0", "C1 is not signed", True),
        ("C1 is a build of checkout version 3.1.0", "C1 is signed", False),
        (
            "C1 is a build of checkout version 3.1.0 that passed every gate and was promoted "
            "to staging",
            "staging runs C1",
            True,
        ),
    ],
)
def test_a_build_said_with_its_facts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, f"Given {said}", f"Then {check}")
    assert code == (0 if passes else 1), out


def test_an_artifact_the_pipeline_never_built_has_no_digest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(tmp_path, capsys, "Then C9 has a sha256 digest")
    assert code == 1 and 'an artifact "C9" built earlier' in out, out
