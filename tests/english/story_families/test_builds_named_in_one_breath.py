"""A build named with its project and version, then its facts: "\"cart\" version \"v3\" was
built as K3, passed every gate and was promoted and approved all the way to prod". The
facts are K3's, never the project's (the clauses after "built as K3" share K3 as subject)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness import distribute
from kubeloop.harness.registry import load_step_library
from tests.harness.one_scenario import run_scenario

load_step_library()


@pytest.mark.parametrize(
    "said",
    [
        '"cart" version "v3" was built as K3, passed every gate and was promoted and approved '
        "all the way to prod",
        '"cart" version "v3" was built as K3, signed, deployed and approved all the way to prod',
        '"cart" version "v3" was built as K3 and was promoted and approved through dev, staging '
        "and prod",
    ],
)
@pytest.mark.parametrize(
    ("check", "passes"), [("prod runs K3", True), ("prod runs nothing", False)]
)
def test_promoted_and_approved_all_the_way_runs_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, f"Given {said}", f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    "text",
    [
        '"cart" version "v3" was built as K3, passed every gate and went to prod',
        'the "cart" manifest at v3 was built as K3 and then approved',
    ],
)
def test_the_clauses_after_built_as_are_about_the_build(text: str) -> None:
    subjects = {
        clause[0].split(" ")[0]
        for reading in distribute.shared_prefix(text)
        for clause in reading[1:]
    }
    assert subjects == {"K3"}
