"""A deployment said with the nodes that hold it ("3 nodes with the orders deployment at
version v1 and 6 replicas"), a disruption budget that names its pods in what it says ("a
disruption budget saying at least 5 orders pods must stay available"), a deployment's pods on
one node ("zk still has a pod on node-2"), its replicas said as running ("reports is running
3 replicas")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("declared", "passes"),
    [
        ('3 nodes with the "orders" deployment at version v1 and 6 replicas', True),
        ("3 nodes running the orders deployment with 6 pods at v1", True),
        ("a cluster of 3 nodes hosting the orders deployment, 6 replicas, at version v1", True),
        ('3 nodes with the "orders" deployment at version v1 and 5 replicas', False),
        ('3 nodes with the "orders" deployment at version v2 and 6 replicas', False),
    ],
)
def test_a_deployment_said_with_the_nodes_that_hold_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        f"Given {declared}",
        "When I reconcile",
        "Then all 6 orders pods run v1",
        "And the cluster has 3 nodes",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("budget", "blocked"),
    [
        ("a disruption budget saying at least 4 orders pods must stay available", True),
        ("a PDB stating that at least 4 orders pods should remain up", True),
        ("a disruption budget saying at most 0 orders pods may be down", True),
        ("a disruption budget saying at most 4 orders pods may be down", False),
    ],
)
def test_a_budget_that_names_its_pods(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], budget: str, blocked: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given 2 nodes and a deployment "orders" with 4 replicas requesting 1 CPU',
        f"And {budget}",
        "When I reconcile",
        "And I drain node-1",
        "Then the drain is blocked by the disruption budget",
        "And orders still has a pod on node-1",
    )
    assert (code == 0) is blocked, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("zk still has a pod on node-2", True),
        ("zk has 1 pod on node-1", True),
        ("zk still runs one pod on node-2", True),
        ("zk has 2 pods on node-1", False),
        ("zk has a pod on node-3", False),
    ],
)
def test_a_deployments_pods_on_one_node(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given 3 nodes and a deployment "zk" with 2 replicas, at most one per node',
        "When I reconcile",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("reports is running 3 replicas", True),
        ("reports is now at 3 replicas", True),
        ("reports is running 2 replicas", False),
    ],
)
def test_replicas_said_as_running(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given 3 nodes and a deployment "reports" with 2 replicas',
        "When I scale reports to 3",
        f"Then {check}",
    )
    assert (code == 0) is passes, out
