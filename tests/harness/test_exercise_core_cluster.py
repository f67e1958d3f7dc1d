"""The Lab 01 learner (tests/exercise/learners/learner_cluster.py: the contract's core members
only) reconciles until stable through the core ``reconcile()`` (steps/cluster/reconcile.py),
and a scenario that needs a member it lacks is told what to implement
(``contract_check.wanted``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from kubeloop.cli import main
from kubeloop.harness.contract_check import wanted

LEARNERS = Path(__file__).parents[1] / "exercise" / "learners"

SETTLES = """Feature: Until stable, through the core
  Scenario: Reconciling until stable settles a change made step by step
    Given 3 nodes and a deployment of 4
    When I apply version "v2" of "web"
    And I reconcile until stable within 20 passes
    Then every pod of "web" runs version "v2"
    And reconciling again changes nothing
"""

TOO_FEW = """Feature: Until stable, through the core
  Scenario: One pass is not enough for a rollout
    Given 3 nodes and a deployment of 4
    When I apply version "v2" of "web"
    And I reconcile until stable within 1 pass
"""

NEEDS_CORDON = """Feature: An extension
  Scenario: Cordon
    Given 3 nodes and a deployment of 4
    When I cordon node-1
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [str(LEARNERS), *sys.path])
    monkeypatch.delitem(sys.modules, "learner_cluster", raising=False)
    return tmp_path


def _graded(project: Path, feature: str) -> dict[str, str]:
    (project / "checks.feature").write_text(feature)
    main(["run", "checks.feature", "--engine", "learner_cluster", "--report", "out"])
    (test,) = json.loads((project / "out/results.json").read_text())["tests"]
    return test  # type: ignore[no-any-return]


def test_a_core_only_cluster_reconciles_until_stable(project: Path) -> None:
    test = _graded(project, SETTLES)
    assert test["status"] == "pass", test["message"]


def test_a_rollout_that_needs_more_passes_than_allowed_fails_with_the_last_change(
    project: Path,
) -> None:
    test = _graded(project, TOO_FEW)
    assert test["status"] == "fail"
    assert "the cluster settles within 1 passes" in test["message"]
    assert "pass 1 still changed: created web-" in test["message"]


def test_a_missing_extension_says_what_to_implement(project: Path) -> None:
    message = _graded(project, NEEDS_CORDON)["message"]
    assert "does not provide Cluster.cordon, which the step" in message
    assert "implement Cluster.cordon(name: str) -> None to run this scenario" in message
    assert "ClusterExtensionsLike in kubeloop/contract/cluster.py" in message


@pytest.mark.parametrize(
    ("owner", "name", "said"),
    [
        ("Telemetry", "load_sloth", "is part of Lab 03's contract: implement it"),
        ("Pipeline", "promote", "Pipeline.promote(digest: str, environment: str) -> str is part"),
        ("Service", "set_latency", "implement Service.set_latency(latency: Sequence"),
        ("ServiceView", "error_ratio", "ServiceView.error_ratio: float to run this scenario"),
        ("Pod", "reason", "(PendingPodLike in kubeloop/contract/cluster.py)"),
        ("Cluster", "deployment", "no member of kubeloop/contract/ declares it"),
    ],
)
def test_what_to_implement_names_the_contract_member_the_extension_or_neither(
    owner: str, name: str, said: str
) -> None:
    assert said in wanted(owner, name)
