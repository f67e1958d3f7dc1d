"""A running service said in one sentence, and an environment rolled back to a version
or an artifact by name: each runs through ``kubeloop run`` with a case that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

RELEASED_V2 = [
    "When I build commit d00dfee as v2",
    "And v2 is signed, approved and promoted all the way to prod",
    "And 5 minutes pass",
]


@pytest.mark.parametrize(
    ("setup", "check", "passes"),
    [
        ('prod runs version v1 of "web" on 3 nodes with 4 replicas', "4 web pods run v1", True),
        ("prod is running web at v1 on 2 nodes with 3 replicas", "3 web pods run v1", True),
        ("prod runs checkout at v1 on 2 nodes with 2 pods", "every checkout pod runs v1", True),
        ('prod runs version v1 of "web" on 3 nodes with 4 replicas', "4 web pods run v2", False),
        ('prod runs version v1 of "web" on 3 nodes with 4 replicas', "5 web pods run v1", False),
        ("a 3-node cluster running 4 replicas of web at v1", "4 web pods run v1", True),
        ("3 nodes running 2 copies of api at v3", "2 api pods run v3", True),
        ("a cluster of 2 nodes running 4 replicas of web at v1", "4 web pods run v2", False),
    ],
)
def test_a_running_service_in_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], setup: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, f"Given {setup}", f"Then {check}")
    assert (code == 0) is passes, out


def test_prod_runs_an_artifact_of_the_version_through_the_pipeline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given prod runs web at v1 on 2 nodes with 2 replicas",
        "Then prod runs web-v1",
        "And staging runs web-v1",
    )
    assert code == 0, out


def test_a_declared_deployment_at_another_version_is_not_silently_changed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 2 nodes",
        'And a deployment "web" with 2 replicas at v2',
        "And prod runs web at v1",
        "Then every web pod runs v2",
    )
    assert code != 0
    assert "it is declared at v2" in out


def test_an_artifact_alias_is_never_the_version_of_a_running_service(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "web" version "v1"',
        'When I build "web" as D1',
        "Given prod runs version D1 of web on 2 nodes with 2 replicas",
        "Then every web pod runs D1",
    )
    assert code != 0
    assert "never a version string" in out


@pytest.mark.parametrize(
    ("said", "passes"),
    [
        ("on-call rolls prod back to v1", True),
        ("I roll back prod to v1", True),
        ("I roll prod back to web-v1", True),
        ("the on-call engineer rolls prod back to v2", False),
        ("I roll prod back to v7", False),
    ],
)
def test_a_rollback_to_a_named_version_goes_one_step_back_through_the_pipeline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given prod runs version v1 of "web" on 3 nodes with 2 replicas',
        *RELEASED_V2,
        "Then every web pod runs v2",
        f"When {said}",
        "And 5 minutes pass",
        "Then every web pod runs v1",
        "And prod runs web-v1",
    )
    assert (code == 0) is passes, out
