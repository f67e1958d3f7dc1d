"""A FailedScheduling message walked one member per node class equals the node-by-node walk.

``messages.by_class`` is what a parked group whose histogram is no longer kept is refreshed
with after a bound pod's deletion; the oracle is a fresh ``FailureMessages``, which asks
every node. Nodes differ in size, allocation, labels, taints, cordon and health, so classes
hold one node or many.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment, Node, Taint, Toleration
from kubeloop.cluster.queue.hinted import asks_of
from kubeloop.cluster.scheduler.messages import FailureMessages, by_class
from kubeloop.cluster.scheduler.node_classes import NodeClasses
from kubeloop.cluster.scheduler.scheduler import Scheduler

TAINT = Taint("dedicated", "x", "NoSchedule")
node_kinds = st.tuples(
    st.sampled_from(["1", "2", "4"]),
    st.sampled_from([3, 110]),
    st.booleans(),  # labelled
    st.booleans(),  # tainted
    st.sampled_from(["ready", "ready", "cordoned", "failed"]),
)
apps = st.tuples(
    st.integers(1, 12),
    st.sampled_from(["250m", "500m", "1", "1500m", "3"]),
    st.sampled_from(["plain", "selector", "tolerates"]),
)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.lists(node_kinds, min_size=1, max_size=12), st.lists(apps, min_size=1, max_size=4))
def test_one_member_a_class_gives_every_nodes_message(
    nodes: list[tuple[str, int, bool, bool, str]], deployments: list[tuple[int, str, str]]
) -> None:
    cluster = Cluster(
        nodes=[
            Node(
                f"node-{i:02d}",
                cpu=cpu,
                memory="8Gi",
                pods=pods,
                labels={"disk": "ssd"} if labelled else {},
                taints=[TAINT] if tainted else [],
            )
            for i, (cpu, pods, labelled, tainted, _) in enumerate(nodes)
        ]
    )
    for i, (replicas, cpu, kind) in enumerate(deployments):
        extra: dict[str, object] = {}
        if kind == "selector":
            extra["node_selector"] = {"disk": "ssd"}
        elif kind == "tolerates":
            extra["tolerations"] = [Toleration("dedicated", "Equal", "x", "NoSchedule")]
        cluster.apply(Deployment(f"app-{i}", replicas=replicas, cpu=cpu, memory="1Gi", **extra))  # type: ignore[arg-type]
    cluster.reconcile_until_stable()
    for i, (*_, health) in enumerate(nodes):
        if health == "cordoned":
            cluster.cordon(f"node-{i:02d}")
        elif health == "failed":
            cluster.fail_node(f"node-{i:02d}")
    state = cluster._state
    scheduler = Scheduler()
    classes = NodeClasses(state.index.nodes)
    assert len(classes.sizes) <= len(nodes)
    for pod in state.pods.values():
        expected = FailureMessages().message(
            asks_of(pod.template), pod, state.nodes, state.feed, scheduler.explain
        )
        message, counts = by_class(pod, classes, scheduler.explain)
        assert message == expected, pod.name
        assert all(n >= 0 for n in counts.values())
