"""Deployments that each ask their own cpu and memory, against the reference.

The shape real clusters have: no two deployments share requests, so every FailedScheduling
message is for asks no other pod has asked. The fast paths count those messages per profile
(``room_counts.py``: a rank in sorted free cpu and free memory) where the reference walks
every node. Two clusters take the same operations: one with the scheduler's fast paths, one
with ``ReferenceScheduler(strategy)`` (``reference.py``), which scores every node, retries
every Pending pod after any event and walks every node for each message. After each step both
must have placed the same pods on the same nodes, and every pod the fast cluster tried in
that step must carry the message the reference gives it. Sizes come from small grids, so free
room often equals a request exactly (the bisect's edge).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment, Node, Taint, Toleration
from kubeloop.cluster.scheduler import ReferenceScheduler

pytestmark = pytest.mark.slow

TAINT = Taint("dedicated", "x", "NoSchedule")
SOFT = Taint("spot", "true", "PreferNoSchedule")
CORDON = Toleration("node.kubernetes.io/unschedulable", "Exists", "", "NoSchedule")

nodes = st.lists(
    st.tuples(
        st.sampled_from(["1", "2", "4"]),
        st.sampled_from(["1Gi", "2Gi", "4Gi"]),
        st.sampled_from([3, 110]),
        st.sampled_from(["plain", "plain", "labelled", "tainted", "soft"]),
    ),
    min_size=1,
    max_size=5,
)
apps = st.lists(
    st.tuples(
        st.integers(1, 6),
        st.sampled_from(["0", "250m", "500m", "750m", "1", "1500m", "2"]),
        st.sampled_from(["0", "256Mi", "512Mi", "768Mi", "1Gi", "2Gi"]),
        st.sampled_from(["plain", "plain", "plain", "selector", "tolerates", "cordon"]),
    ),
    min_size=1,
    max_size=8,
)
steps = st.lists(
    st.tuples(
        st.sampled_from(["delete", "fail", "recover", "cordon", "uncordon", "scale", "add"]),
        st.integers(0, 40),
    ),
    max_size=5,
)


def _cluster(spec: list[tuple[str, str, int, str]], strategy: str, reference: bool) -> Cluster:
    cluster = Cluster(
        nodes=[
            Node(
                f"node-{i}",
                cpu=cpu,
                memory=memory,
                pods=pods,
                labels={"disk": "ssd"} if kind == "labelled" else {},
                taints=[TAINT] if kind == "tainted" else [SOFT] if kind == "soft" else [],
            )
            for i, (cpu, memory, pods, kind) in enumerate(spec)
        ],
        scoring=strategy,
    )
    if reference:
        scheduler = ReferenceScheduler(strategy)
        cluster._scheduler = cluster._passes.scheduler = scheduler
    return cluster


def _deployment(name: str, replicas: int, cpu: str, memory: str, kind: str) -> Deployment:
    extra: dict[str, object] = {}
    if kind == "selector":
        extra["node_selector"] = {"disk": "ssd"}
    elif kind == "tolerates":
        extra["tolerations"] = [Toleration("dedicated", "Equal", "x", "NoSchedule")]
    elif kind == "cordon":
        extra["tolerations"] = [CORDON]
    return Deployment(name, replicas=replicas, cpu=cpu, memory=memory, **extra)  # type: ignore[arg-type]


def _step(action: str, which: int) -> Callable[[Cluster], object]:
    node = f"node-{which % 5}"

    def run(cluster: Cluster) -> None:
        names = {n.name for n in cluster.nodes()}
        running = sorted(p.name for p in cluster.pods() if p.node is not None)
        if action == "delete" and running:
            cluster.delete_pod(running[which % len(running)])
        elif action == "scale":
            owners = sorted({p.deployment for p in cluster.pods()})
            if owners:
                owner = owners[which % len(owners)]
                cluster.scale(owner, which % 7)
        elif action == "add" and f"node-{which}" not in names:
            cluster.add_node(Node(f"node-{which}", cpu="1", memory="1Gi"))
        elif node in names and action in ("fail", "recover", "cordon", "uncordon"):
            operation = {
                "fail": cluster.fail_node,
                "recover": cluster.recover_node,
                "cordon": cluster.cordon,
                "uncordon": cluster.uncordon,
            }[action]
            operation(node)
        cluster.reconcile()

    return run


@settings(max_examples=300, deadline=None)
@given(
    spec=nodes,
    deployments=apps,
    moves=steps,
    strategy=st.sampled_from(["first-fit", "first-fit", "LeastAllocated", "MostAllocated"]),
)
def test_each_deployment_of_its_own_size_is_placed_and_told_as_by_the_reference(
    spec: list[tuple[str, str, int, str]],
    deployments: list[tuple[int, str, str, str]],
    moves: list[tuple[str, int]],
    strategy: str,
) -> None:
    fast, reference = (_cluster(spec, strategy, r) for r in (False, True))

    def converge(cluster: Cluster) -> None:
        for i, (replicas, cpu, memory, kind) in enumerate(deployments):
            cluster.apply(_deployment(f"app-{i}", replicas, cpu, memory, kind))
        cluster.reconcile_until_stable()

    for operation in [converge, *(_step(action, which) for action, which in moves)]:
        mark = len(fast.events)
        operation(fast)
        operation(reference)
        assert {p.name: p.node for p in fast.pods()} == {p.name: p.node for p in reference.pods()}
        tried = {
            e.object.removeprefix("pod/")
            for e in fast.events[mark:]
            if e.reason == "FailedScheduling"
        }
        expected = {p.name: p.reason for p in reference.pods()}
        for pod in fast.pods():
            if pod.name in tried and pod.node is None:
                assert pod.reason == expected[pod.name], pod.name
