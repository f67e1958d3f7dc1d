"""A build said in apposition with its project and version ('S1 is "search" version "v7",
signed, approved and running in prod'): built at that version as S1, then each fact made
true. The project is said in quotes (an unquoted word there could be a verb)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_scenario

load_step_library()


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        ('S1 is "search" version "v7", signed, approved and running in prod', "prod runs S1", True),
        (
            'S2 is "search" version "v8", which passed every gate and was promoted to dev, '
            "staging and prod",
            "staging runs S2",
            True,
        ),
        ('S3 is "search" release 2.0.0, signed and promoted to dev', "dev runs 2.0.0", True),
        ('S4 is "search" at version v9 and is unsigned', "S4 is signed", False),
        (
            'S1 is "search" version "v7", signed, approved and running in prod',
            "prod runs v8",
            False,
        ),
    ],
)
def test_a_build_in_apposition_is_built_and_its_facts_made_true(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, f"Given {said}", f"Then {check}")
    assert (code == 0) is passes, out


def test_the_project_is_read_from_the_apposition() -> None:
    (found,) = REGISTRY.match("given", 'S1 is "search" version "v7", signed and in prod')
    assert found.definition.function.__name__ == "is_a_build_of"
    assert (found.arguments["project"], found.arguments["version"]) == ("search", "v7")
