"""An artifact said to run in an environment on every pod of a deployment: promoted there
and rolled out through admission, so a check of the pods' digest holds. A Given makes the
inputs it does not name green; one the scenario made red stops it, as admission would."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("green", "check", "passes"),
    [
        (True, 'every pod of "web" runs R1', True),
        (True, "prod runs R1", True),
        (True, 'every pod of "web" runs v1', False),
        (False, 'every pod of "web" runs R1', False),
    ],
)
def test_an_artifact_running_on_every_pod_got_there_through_admission(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], green: bool, check: str, passes: bool
) -> None:
    gates = ["Given R1 passed every gate"] if green else ["Given the unit tests of R1 fail"]
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "web" with 3 replicas at v1',
        'And a manifest "web" version "1.2.0"',
        'When I build "web" as R1',
        *gates,
        'Given R1 is running in prod on every pod of "web"',
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    "said",
    [
        '"api" "2.0.0" was built as B6, passed every gate and is in prod on every api pod',
        "B6 runs in prod on each api pod",
        'B6 is in prod on every pod of "api"',
    ],
)
@pytest.mark.parametrize(
    ("check", "passes"),
    [('every pod of "api" runs B6', True), ("prod runs B6", True), ("dev runs nothing", False)],
)
def test_a_builds_facts_ending_with_its_pods(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given 3 nodes and a deployment "api" with 4 replicas',
        'And a manifest "api" version "2.0.0"',
        'And I build "api" as B6',
        f"And {said}",
        f"Then {check}",
    )
    assert (code == 0) is passes, out
