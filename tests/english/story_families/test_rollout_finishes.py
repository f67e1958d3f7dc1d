"""'the rollout to v2 finishes': every pod of the deployment the version went to runs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("wait", "said", "passes"),
    [
        ("5 minutes", "the rollout to v2 finishes", True),
        ("5 minutes", "the rollout of v2 is complete", True),
        ("5 minutes", "the rollout of web is complete", True),
        ("", "the rollout to v2 finishes", False),
        ("5 minutes", "the rollout to v3 finishes", False),
    ],
)
def test_the_rollout_of_a_version_finishes_when_every_pod_runs_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], wait: str, said: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given a 3-node cluster running 4 replicas of web at v1",
        "When the pipeline builds commit c0ffee1 as v2",
        "And v2 is signed, approved and promoted all the way to prod",
        *([f"And {wait} pass"] if wait else []),
        f"Then {said}",
    )
    assert (code == 0) is passes, out
