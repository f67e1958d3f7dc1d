"""Cluster lines platform engineers and team leads write without the API's words: pods that
"must never share a node" (required anti-affinity on the hostname), node pools that "can grow
to 5", pods of one deployment "preempted", and pods counted out of "them" (the deployment
named last: "1 of them is pending", "every node has at least 2 of them"). Each family has a
twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_run = run_matched


@pytest.mark.parametrize(
    ("declared", "pending"),
    [
        ('a deployment "gateway" with 4 replicas that must never share a node', 1),
        ('a deployment "gateway" of 4 replicas, no two on the same node', 1),
        ('a deployment "gateway" with 4 replicas, each on its own node', 1),
        ('a deployment "gateway" with 4 replicas that never share a node', 1),
        ('a deployment "gateway" with 4 replicas on separate nodes', 1),
        ('a deployment "gateway" with 4 replicas, one per node', 1),
        ('a deployment "gateway" with 4 replicas that can never run on the same node', 1),
        ('a deployment "gateway" with 4 replicas', 0),
    ],
)
def test_pods_that_never_share_a_node(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: str, pending: int
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 3 nodes",
        f"And {declared}",
        "When I reconcile until stable",
        "Then 1 gateway pod is pending",
    )
    assert (code == 0) is (pending == 1), out


@pytest.mark.parametrize(
    ("pool", "grown"),
    [
        ('a node pool "general" of 2 nodes that can grow to 5', 3),
        ("a node pool general with 2 nodes that can scale up to 5", 3),
        ('a node pool "general" of 2 nodes, which can grow to 5 nodes', 3),
        ('a node pool "general" of 2 nodes that may grow up to 6 nodes', 3),
        ('a node pool "general" of 2 to 5 nodes', 3),
        ('a node pool "general" of 2 nodes that can grow to 5', 2),
    ],
)
def test_a_node_pool_that_can_grow(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pool: str, grown: int
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        f"Given {pool}",
        'And a deployment "etl" with 10 replicas requesting 1 CPU per pod',
        "When the cluster autoscaler runs",
        f'Then the pool "general" has {grown} nodes',
        "And all 10 etl pods are running",
    )
    assert (code == 0) is (grown == 3), out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ('the pool "general" has 3 nodes', True),
        ("the general pool has 3 nodes", True),
        ("the node pool general now has 3 nodes", True),
        ("pool general has grown to 3 nodes", True),
        ("the general node pool has 3 nodes", True),
        ("the general pool has 2 nodes", False),
    ],
)
def test_a_pool_counted_in_other_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given a node pool "general" of 2 to 5 nodes',
        'And a deployment "etl" with 10 replicas requesting 1 CPU per pod',
        "When the cluster autoscaler runs",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("pool", "passes"),
    [
        ("a node pool of 3 nodes", True),
        ("a pool of 3 nodes", True),
        ("a node pool of 2 nodes", False),
    ],
)
def test_a_pool_without_a_name_is_that_many_nodes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pool: str, passes: bool
) -> None:
    code, out = _run(tmp_path, capsys, f"Given {pool}", "Then node-3 is Ready")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("2 crawler pods were preempted", True),
        ("2 pods of crawler were preempted", True),
        ("2 crawler pods got preempted", True),
        ("exactly 2 crawler pods were preempted by checkout", True),
        ("no checkout pods were preempted", True),
        ("3 crawler pods were preempted", False),
        ("2 checkout pods were preempted", False),
    ],
)
def test_pods_of_one_deployment_preempted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 2 nodes",
        'And a deployment "crawler" with 8 replicas requesting 1 CPU per pod at priority 100',
        "When I reconcile",
        'And a deployment "checkout" with 2 replicas requesting 1 CPU at priority 1000 is created',
        "And I reconcile",
        "Then 2 checkout pods are running",
        f"And {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("1 of them is pending because there is not enough cpu", True),
        ("one of them is pending", True),
        ("only 1 of them is still pending", True),
        ("at least 4 of them are running", True),
        ("2 of them are pending", False),
        ("at most 3 of them are running", False),
    ],
)
def test_pods_counted_out_of_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 2 nodes",
        'And a deployment "reports" with 5 replicas requesting 2 CPU per pod',
        "When I reconcile",
        'Then 4 pods of "reports" are running',
        f"And {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("every node has at least 2 of them", True),
        ("each node runs at least 2 of them", True),
        ("every node has at least 3 of them", False),
    ],
)
def test_every_node_has_some_of_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "storefront" with 6 replicas spread across the nodes',
        "When I reconcile until stable",
        'Then 6 pods of "storefront" are running',
        f"And {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("all web pods are back on v1", True),
        ("the web pods went back to v1", True),
        ("every web pod is back on node-1", True),
        ("all web pods are back on v2", False),
        ("every web pod is now back at v3", False),
    ],
)
def test_pods_back_on_a_version_or_a_node(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 1 node",
        'And a deployment "web" with 2 replicas at v1',
        "When I reconcile until stable",
        "And I roll out v2 to web",
        "And I roll back web",
        f"Then {check}",
    )
    assert (code == 0) is passes, out
