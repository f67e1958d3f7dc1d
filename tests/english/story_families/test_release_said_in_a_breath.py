"""A release as a team lead says it: built from a commit by someone else, its gates passing
without a name, and a promotion "with the approval it needs". Each reading is the long
form's steps, run, with a case that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_scenario

load_step_library()


@pytest.mark.parametrize(
    "said",
    [
        "someone merges commit d00dfee and the pipeline builds it as v2",
        "Priya pushes commit d00dfee to main and CI builds it as v2",
        "the pipeline builds v2 from commit d00dfee",
        "I build v2 from commit d00dfee",
    ],
)
@pytest.mark.parametrize(("check", "passes"), [("prod runs v2", True), ("prod runs v3", False)])
def test_a_build_said_from_its_commit_builds_that_commit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        f"When {said}",
        "And v2 is signed, approved and promoted all the way to prod",
        "Then v2 and commit d00dfee are the same artifact",
        f"And {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("gates", "passes"),
    [(" and all gates pass", True), (" and all its gates pass", True), ("", False)],
)
def test_gates_said_to_pass_without_a_name_are_the_last_builds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], gates: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        f"When the pipeline builds v2 from commit c0ffee1{gates}",
        "Then the pipeline passes",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "passes"),
    [
        ("I sign it and promote it to prod with the approval it needs", True),
        ("I promote v2 to prod with its approval", True),
        ("I sign it and promote it to prod", False),
    ],
)
def test_a_promotion_with_the_approval_it_needs_is_approved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "When I build commit c0ffee1 as v2 and all gates pass",
        "And I promote it to dev, then staging",
        f"And {said}",
        "Then prod runs v2",
    )
    assert (code == 0) is passes, out


def test_merging_alone_builds_nothing() -> None:
    """A merge by itself only lands the commit; the build is its own clause."""
    (merged,) = REGISTRY.match("when", "someone merges commit d00dfee")
    assert merged.definition.function.__name__ == "i_merge"
