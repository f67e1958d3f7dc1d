"""The story told again, said as people say it: each form is the one check that replays the
scenario's Given and When steps in a fresh world and compares the timelines."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_scenario

load_step_library()

SAID = [
    "telling it again gives the same timeline",
    "told again from the start, the timeline matches event for event",
    "the same story told twice gives the same timeline, event for event",
    "telling the story again from the start gives the same timeline",
]


@pytest.mark.parametrize("said", SAID)
def test_each_form_is_the_replaying_check(said: str) -> None:
    (match,) = REGISTRY.match("then", said)
    assert match.definition.function.__name__ == "same_story_again"


@pytest.mark.parametrize("said", SAID[:2])
def test_a_story_told_again_replays_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given prod runs version v1 of "web" on 3 nodes with 2 replicas',
        "When the pipeline builds commit c0ffee1 as v2",
        "And v2 is signed, approved and promoted all the way to prod",
        "And 5 minutes pass",
        f"Then {said}",
    )
    assert code == 0, out
    assert "✓ Then " + said in out
