"""Scoring's batched binds (``class_batch.place`` decides, then binds in one
``ClusterState.bind_pairs``) leave exactly the state that binding each pod on its own did.

The oracle is the reference scheduler: it scores every node for every pod and binds each
pod (``bind([pod], node)``) the moment its node is chosen. Twin clusters — one scheduling
with the batched binds, one with the reference — go through random
deployments (startup delays, minReadySeconds, tolerations), node failures, taints, cordons,
deletions and time, and must look the same, inside as well as out, after every step.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment, Node, Taint, Toleration
from kubeloop.cluster.change_feed import BINDS, Cursor, PairsBound, PodsBound
from kubeloop.cluster.scheduler import ReferenceScheduler
from kubeloop.cluster.state import ClusterState
from kubeloop.errors import KubeloopError

NAMES = ["a", "b", "c", "d"]
NODES = [f"n{i}" for i in range(6)]
SOFT = Taint("spot", "true", "PreferNoSchedule")
HARD = Taint("gone", "", "NoExecute")
TOLERATES = (Toleration("gone", "Exists", "", "NoExecute"),)

specs = st.fixed_dictionaries(
    {
        "replicas": st.integers(0, 14),
        "cpu": st.sampled_from(["0", "250m", "1"]),
        "memory": st.sampled_from(["0", "256Mi", "1Gi"]),
        "tolerations": st.sampled_from([(), TOLERATES]),
        "startup_seconds": st.sampled_from([0, 0, 2, None]),
        "min_ready_seconds": st.sampled_from([0, 0, 5]),
    }
)
operations = st.one_of(
    st.tuples(st.just("apply"), st.sampled_from(NAMES), specs),
    st.tuples(st.just("scale"), st.sampled_from(NAMES), st.integers(0, 16)),
    st.tuples(st.just("delete_pod"), st.integers(0, 40), st.none()),
    st.tuples(st.just("fail"), st.sampled_from(NODES), st.none()),
    st.tuples(st.just("recover"), st.sampled_from(NODES), st.none()),
    st.tuples(st.just("cordon"), st.sampled_from(NODES), st.booleans()),
    st.tuples(st.just("taint"), st.sampled_from(NODES), st.sampled_from([SOFT, HARD, None])),
    st.tuples(st.just("advance"), st.sampled_from([1, 3, 30]), st.none()),
    st.tuples(st.just("reconcile"), st.integers(1, 3), st.none()),
)


def _cluster(scoring: str, reference: bool) -> tuple[Cluster, Cursor]:
    """A cluster, and a cursor of the test's own on its change feed (which keeps every
    bind until the test has read it)."""
    nodes = [Node(name, cpu="4", memory="4Gi", pods=5 + i % 3) for i, name in enumerate(NODES)]
    cluster = Cluster(nodes=nodes, scoring=scoring)
    if reference:
        cluster._scheduler = cluster._passes.scheduler = ReferenceScheduler(scoring)
    return cluster, cluster._state.feed.cursor()


def _step(cluster: Cluster, op: tuple[str, Any, Any]) -> object:
    kind, target, extra = op
    try:
        if kind == "apply":
            cluster.apply(Deployment(target, **extra))
        elif kind == "scale":
            cluster.scale(target, extra)
        elif kind == "delete_pod":
            pods = cluster.pods()
            if pods:
                cluster.delete_pod(pods[target % len(pods)].name)
        elif kind == "fail":
            cluster.fail_node(target)
        elif kind == "recover":
            cluster.recover_node(target)
        elif kind == "cordon":
            (cluster.cordon if extra else cluster.uncordon)(target)
        elif kind == "taint":
            if extra is None:
                cluster.untaint(target, SOFT.key)
                cluster.untaint(target, HARD.key)
            else:
                cluster.taint(target, extra)
        elif kind == "advance":
            cluster.advance(target)
        else:
            return [cluster.reconcile() for _ in range(target)]
    except KubeloopError as error:
        return str(error)
    return None


def _inside(state: ClusterState, binds: Cursor) -> tuple[object, ...]:
    """What a bind moves that the public views may not show, with the binds recorded since
    the last call (the index's changed set is left out: the reference scheduler does not
    read it as the fast one does)."""
    nodes = state.nodes.values()
    return (
        state.pending_count,
        dict(state.pending_by_deployment),
        sorted(state.dirty_deployments),
        sorted(state.dirty_nodes),
        list(state.starting),
        dict(state.wakeups),
        [
            (p.name, p.node, p.ready, p.ready_since, p.ready_at, p.started_at)
            for p in state.pods.values()
        ],
        [
            (
                n.name,
                list(n.pods),
                n.allocated_cpu,
                n.allocated_memory,
                n.scoring_cpu,
                n.scoring_memory,
            )
            for n in nodes
        ],
        [(rs.name, rs.ready_count) for rs in state.replicasets.values()],
        [
            (node, pod.name)
            for change in state.feed.read(binds)
            if isinstance(change, BINDS)
            for pod, node in zip(change.pods, _nodes_of(change), strict=True)
        ],
    )


def _nodes_of(change: PodsBound | PairsBound) -> list[str]:
    """Each bound pod's node, whichever record bound it."""
    if isinstance(change, PairsBound):
        return list(change.nodes)
    return [change.node] * len(change.pods)


def _seen(cluster: Cluster) -> tuple[object, ...]:
    return (
        cluster.pods(),
        cluster.deployments(),
        cluster.replicasets(),
        cluster.events,
        cluster.nodes(),
    )


def _twins(ops: list[tuple[str, Any, Any]], scoring: str) -> None:
    (fast, fast_binds), (slow, slow_binds) = _cluster(scoring, False), _cluster(scoring, True)
    for op in ops:
        assert _step(fast, op) == _step(slow, op), op
        assert _inside(fast._state, fast_binds) == _inside(slow._state, slow_binds), op
        assert _seen(fast) == _seen(slow), op


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(operations, min_size=1, max_size=16),
    st.sampled_from(["LeastAllocated", "MostAllocated"]),
)
def test_batched_binds_leave_what_binding_each_pod_did(
    ops: list[tuple[str, Any, Any]], scoring: str
) -> None:
    _twins(ops, scoring)


@pytest.mark.parametrize("scoring", ["LeastAllocated", "MostAllocated"])
def test_a_filling_cluster_binds_as_one_at_a_time(scoring: str) -> None:
    """Runs past a full node, a node failed mid-way and a startup delay, in one example."""
    spec = {"cpu": "1", "memory": "256Mi", "tolerations": (), "min_ready_seconds": 5}
    _twins(
        [
            ("apply", "a", {**spec, "replicas": 14, "startup_seconds": 0}),
            ("fail", "n2", None),
            ("apply", "b", {**spec, "replicas": 9, "startup_seconds": 2}),
            ("reconcile", 2, None),
            ("advance", 3, None),
            ("reconcile", 2, None),
        ],
        scoring,
    )
