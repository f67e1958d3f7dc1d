"""The scoring fast path (runs of one ReplicaSet's pods placed per class of identical nodes,
``class_batch.py``) picks exactly the node that scoring every node for every pod would pick
— for every strategy, any cluster, and any sequence of node and pod changes after it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment, Node, Taint, Toleration
from kubeloop.cluster.scheduler import ReferenceScheduler
from kubeloop.cluster.taints import UNSCHEDULABLE_TAINT

# Up to four PreferNoSchedule taints a node: from three on, TaintToleration's normalisation
# can reorder nodes when the most-tainted ones fill up.
TAINTS = [
    Taint("spot", "true", "PreferNoSchedule"),
    Taint("gpu", "", "PreferNoSchedule"),
    Taint("arm", "", "PreferNoSchedule"),
    Taint("old", "", "PreferNoSchedule"),
    Taint("dedicated", "db", "NoSchedule"),
]
TOLERATIONS = {
    "none": [],
    "spot": [Toleration("spot", "Exists", "", "PreferNoSchedule")],
    "cordon": [Toleration(UNSCHEDULABLE_TAINT, "Exists", "", "NoSchedule")],
}

NodeShape = tuple[str, str, int, list[Taint], bool]
Workload = list[tuple[int, str, str, str, bool]]

nodes = st.lists(
    st.builds(
        lambda cpu, memory, pods, taints, ssd: (cpu, memory, pods, taints, ssd),
        st.sampled_from(["1", "2", "4"]),
        st.sampled_from(["1Gi", "2Gi", "4Gi"]),
        st.integers(2, 6),
        st.lists(st.sampled_from(TAINTS), max_size=4, unique=True),
        st.booleans(),
    ),
    min_size=1,
    max_size=12,
)
deployments = st.lists(
    st.tuples(
        st.integers(0, 12),
        st.sampled_from(["0", "100m", "250m", "500m", "1"]),
        st.sampled_from(["0", "128Mi", "512Mi"]),
        st.sampled_from(sorted(TOLERATIONS)),
        st.booleans(),
    ),
    min_size=1,
    max_size=5,
)
operations = st.lists(
    st.one_of(
        st.tuples(st.just("delete_pod"), st.integers(0, 40)),
        st.tuples(
            st.sampled_from(["cordon", "uncordon", "fail_node", "recover_node", "untaint"]),
            st.integers(0, 11),
        ),
        st.tuples(st.just("taint"), st.integers(0, 11), st.sampled_from(TAINTS)),
        st.tuples(st.just("scale"), st.integers(0, 4), st.integers(0, 14)),
        st.tuples(st.just("add_node"), st.sampled_from(["1", "4"]), st.integers(1, 6)),
    ),
    max_size=6,
)


def build(shape: list[NodeShape], strategy: str, reference: bool) -> Cluster:
    cluster = Cluster(
        nodes=[
            Node(
                f"node-{i:02d}",
                cpu=cpu,
                memory=mem,
                pods=pods,
                taints=taints,
                labels={"disk": "ssd"} if ssd else {},
            )
            for i, (cpu, mem, pods, taints, ssd) in enumerate(shape)
        ],
        scoring=strategy,
    )
    if reference:
        cluster._scheduler = cluster._passes.scheduler = ReferenceScheduler(strategy, hints=True)
    return cluster


def placements(cluster: Cluster) -> list[tuple[str, str | None, str | None]]:
    return [(p.name, p.node, p.reason) for p in cluster.pods()]


def operate(cluster: Cluster, operation: tuple[object, ...]) -> None:
    """Apply one change; one the cluster rejects (an unknown taint, a duplicate) is skipped
    on both clusters alike."""
    kind = operation[0]
    nodes = [n.name for n in cluster.nodes()]
    if kind == "delete_pod":
        running = [p.name for p in cluster.pods() if p.node is not None]
        if running:
            cluster.delete_pod(running[int(str(operation[1])) % len(running)])
    elif kind == "scale":
        names = [d.name for d in cluster.deployments()]
        cluster.scale(names[int(str(operation[1])) % len(names)], int(str(operation[2])))
    elif kind == "add_node":
        cpu, pods = str(operation[1]), int(str(operation[2]))
        cluster.add_node(Node(f"node-{len(nodes):02d}", cpu=cpu, memory="2Gi", pods=pods))
    else:
        name = nodes[int(str(operation[1])) % len(nodes)]
        if kind == "taint":
            taint = operation[2]
            assert isinstance(taint, Taint)
            if all(
                (t.key, t.effect) != (taint.key, taint.effect) for t in cluster.node(name).taints
            ):
                cluster.taint(name, taint)
        elif kind == "untaint":
            taints = cluster.node(name).taints
            if taints:
                cluster.untaint(name, taints[0].key, taints[0].effect)
        else:
            getattr(cluster, kind)(name)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(
    shape=nodes,
    workload=deployments,
    strategy=st.sampled_from(
        ["first-fit", "LeastAllocated", "MostAllocated", "BalancedAllocation"]
    ),
    changes=operations,
)
def test_the_fast_path_places_every_pod_where_the_reference_does(
    shape: list[NodeShape], workload: Workload, strategy: str, changes: list[tuple[object, ...]]
) -> None:
    clusters = [build(shape, strategy, reference) for reference in (False, True)]
    for cluster in clusters:
        for d, (replicas, cpu, memory, tolerates, selects) in enumerate(workload):
            cluster.apply(
                Deployment(
                    f"app-{d}",
                    replicas=replicas,
                    cpu=cpu,
                    memory=memory,
                    tolerations=TOLERATIONS[tolerates],
                    node_selector={"disk": "ssd"} if selects else {},
                )
            )
        cluster.reconcile_until_stable()
    fast, reference = clusters
    assert placements(fast) == placements(reference)
    for change in changes:
        for cluster in clusters:
            operate(cluster, change)
            cluster.reconcile_until_stable()
        assert placements(fast) == placements(reference), change


def test_a_class_filling_up_renormalises_the_taint_scores_of_the_rest() -> None:
    """TaintToleration divides by the most untolerated PreferNoSchedule taints among the
    feasible nodes. ``full`` (10 taints, one pod slot) wins the first pod on resources and
    is then full: the most is 9, so ``nine``'s taint score drops from 10 to 0 and
    ``eight``'s only from 20 to 12 — which hands the second pod to ``eight``."""
    soft = [Taint(f"t{i}", "", "PreferNoSchedule") for i in range(10)]
    shape = [
        Node("full", cpu="20", memory="20Gi", pods=1, taints=soft),
        Node("nine", cpu="2780m", memory="2780Mi", taints=soft[:9]),
        Node("eight", cpu="1430m", memory="1430Mi", taints=soft[:8]),
    ]
    clusters = [Cluster(nodes=shape, scoring="LeastAllocated") for _ in range(2)]
    reference = clusters[1]
    reference._scheduler = reference._passes.scheduler = ReferenceScheduler(
        "LeastAllocated", hints=True
    )
    for cluster in clusters:
        cluster.apply(Deployment("app", replicas=2, cpu="1", memory="1Gi"))
        cluster.reconcile_until_stable()
    assert placements(clusters[0]) == placements(reference)
    assert [p.node for p in reference.pods()] == ["full", "eight"]
