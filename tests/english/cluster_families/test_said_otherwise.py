"""The cluster's families said otherwise again: an HPA that "keeps search between 2 and 10
replicas", load "of its requested CPU" and "per search pod", budgets said of the deployment,
bounds "at no point during the rollout", pods "landed on" or "spread over" nodes, and a
cluster autoscaler that "can add up to 2 more nodes". Each case has a twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("hpa", "load", "replicas", "passes"),
    [
        (
            "an HPA keeps search between 2 and 10 replicas at 50% CPU",
            "every search pod uses 100% of its requested CPU",
            4,
            True,
        ),
        (
            "search is autoscaled on CPU between 2 and 10 replicas with a 50% target",
            "CPU usage per search pod is 750m",
            6,
            True,
        ),
        (
            "an HPA keeps search between 2 and 10 replicas at 50% CPU",
            "every search pod uses 100% of its requested CPU",
            2,
            False,
        ),
        (
            "search is autoscaled on CPU between 2 and 10 replicas with a 50% target",
            "CPU usage per search pod is 750m",
            4,
            False,
        ),
    ],
)
def test_an_hpa_and_its_load_said_otherwise(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    hpa: str,
    load: str,
    replicas: int,
    passes: bool,
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given 3 nodes and a deployment "search" with 2 replicas requesting 500m CPU per pod',
        f"And {hpa}",
        f"When {load}",
        "And 1 minute passes",
        f"Then search stays at {replicas} replicas",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("budget", "allowed"),
    [
        ("search has a PDB with minAvailable 3", 1),
        ("search has a disruption budget of at most 2 unavailable pods", 2),
        ("a PodDisruptionBudget on search that allows 1 disruption", 1),
    ],
)
@pytest.mark.parametrize("off_by", [0, 1])
def test_a_budget_said_of_the_deployment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], budget: str, allowed: int, off_by: int
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given 3 nodes and a deployment "search" with 4 replicas',
        f"And {budget}",
        "When I reconcile until stable",
        f'Then the disruption budget "search" allows {allowed + off_by} disruptions',
    )
    assert "no step matches" not in out, out
    assert (code == 0) is (off_by == 0), out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("at no point during the rollout were there more than 5 gateway pods", True),
        ("at least 3 gateway pods were ready at every point of the rollout", True),
        ("the rollout kept at least 3 ready pods throughout", True),
        ("at no point during the rollout were there more than 4 gateway pods", False),
        ("the rollout kept at least 4 ready pods throughout", False),
    ],
)
def test_rollout_bounds_said_otherwise(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "gateway" of 4 replicas at v1 with maxSurge 1 and maxUnavailable 1',
        "When I reconcile until stable",
        "And I update gateway to v2",
        f"Then {check}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("every api pod landed on node-1, node-2 or node-3", True),
        ("6 api pods are spread over node-1, node-2 and node-3", True),
        ("every api pod landed on node-1 or node-2", False),
        ("6 api pods are spread over node-1 and node-2", False),
    ],
)
def test_placement_said_otherwise(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "api" with 6 replicas requesting 2 CPU',
        "When I reconcile until stable",
        f"Then {check}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(("more", "nodes", "passes"), [(2, 3, True), (2, 4, False)])
def test_a_cluster_autoscaler_that_adds_nodes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], more: int, nodes: int, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        f"Given 2 nodes and a cluster autoscaler that can add up to {more} more nodes",
        'And a deployment "etl" with 12 replicas requesting 1 CPU per pod',
        "When the cluster autoscaler has scaled up",
        f"Then there are {nodes} nodes",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out
