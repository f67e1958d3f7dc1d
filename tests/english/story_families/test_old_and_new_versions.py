"""The story's ending: a rollback "to the previous version", and which version serves all
the traffic (the new one, the old one again, or one by name), read off the ready pods."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

RELEASE = [
    'Given prod runs version v1 of "web" on 3 nodes with 4 replicas',
    "And web is taking 100 requests per second",
    "When the pipeline builds commit c0ffee1 as v2",
    "And v2 is signed, approved and promoted all the way to prod",
    "And 5 minutes pass",
]


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("the new version serves all traffic", True),
        ("v2 gets all the traffic of web", True),
        ("the old version serves all traffic", False),
        ("v1 serves all the traffic", False),
    ],
)
def test_after_a_release_the_new_version_serves_all_traffic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *RELEASE, f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("rollback", "check", "passes"),
    [
        (
            "on-call rolls prod back to the previous version",
            "the old version serves all traffic again",
            True,
        ),
        ("I roll back prod to the previous digest", "v1 serves all the traffic", True),
        (
            "we roll prod back to the last known-good release",
            "the new version serves all traffic",
            False,
        ),
        ("on-call rolls prod back to the previous version", "v2 serves all traffic", False),
    ],
)
def test_a_rollback_to_the_previous_version_brings_the_old_one_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rollback: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path, capsys, *RELEASE, f"When {rollback}", "And 5 minutes pass", f"Then {check}"
    )
    assert (code == 0) is passes, out


def test_an_old_version_of_an_environment_that_ran_one_release_does_not_exist(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given prod runs version v1 of "web" on 3 nodes with 4 replicas',
        "Then the old version serves all traffic",
    )
    assert code != 0
    assert "prod has run web-v1" in out
