"""A version check right after the event that changed the version (runs11, blind batch31-32):
"When on-call rolls prod back to v1 / Then every pod runs v1" failed with every pod still at
v2 and nothing more. A When is an event and pods roll as passes run, so the check still
fails; it now says the rollout has begun and which sentences let it finish, only when the
deployment does want that version (never for a version nobody asked for)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_BEGUN = "has begun, and pods roll when time passes"


@pytest.mark.parametrize(
    ("then", "begun"),
    [
        ("Then all pods run v3", True),
        ('Then all 5 "api" pods are at v3', True),
        ("Then every pod runs v4", False),
    ],
)
def test_a_check_right_after_a_new_version_says_the_rollout_has_begun(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], then: str, begun: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given a 2-node cluster running 5 replicas of api at v2",
        'When I apply version "v3" of "api"',
        then,
    )
    assert code != 0, out
    assert (_BEGUN in out) is begun, out
    if begun:
        assert '5 of 5 pods of "api" still run v2: the rollout to v3' in out, out


@pytest.mark.parametrize("passing", ["And 5 minutes pass", "And the cluster settles"])
def test_the_sentences_the_message_offers_let_the_rollout_finish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], passing: str
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given a 2-node cluster running 5 replicas of api at v2",
        'When I apply version "v3" of "api"',
        passing,
        "Then all pods run v3",
    )
    assert code == 0, out
