"""Pods whose only terms on other pods are preferred ones, placed a batch at a time by groups
of node classes (``preferred_batch.py``), land where the per-node recounting reference
(``topology_reference.py``: every node filtered and scored for every pod, InterPodAffinity
counted afresh) puts them, with the same events in the same order, through deletions,
failures, recoveries, cordons, scaling and new nodes; and the batch is the path taken."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment, Node, Taint
from kubeloop.cluster.affinity import (
    ZONE,
    Affinity,
    NodeSelectorTerm,
    PodAffinityTerm,
    PreferredSchedulingTerm,
    WeightedPodAffinityTerm,
)
from kubeloop.cluster.labels import LabelSelector, Requirement
from kubeloop.cluster.scheduler import preferred_batch
from kubeloop.cluster.scheduler.inter_pod_affinity import normalised
from tests.cluster.scheduler.test_topology_spread_batch import operate, outcome
from tests.cluster.scheduler.topology_reference import ReferenceScheduler

KEYS = [ZONE, "rack"]
SELECTORS = [
    LabelSelector({"tier": "a"}),
    LabelSelector({"tier": "b"}),
    LabelSelector({"app": "app-0"}),
    LabelSelector({"app": "app-1"}),
    LabelSelector(),
]
NODE_PREFERRED = (
    PreferredSchedulingTerm(10, NodeSelectorTerm((Requirement("rack", "In", ("r1",)),))),
    PreferredSchedulingTerm(30, NodeSelectorTerm((Requirement(ZONE, "In", ("z1",)),))),
)
SOFT_TAINTS = [Taint("spot", "true", "PreferNoSchedule"), Taint("old", "", "PreferNoSchedule")]

node_shapes = st.lists(
    st.tuples(
        st.sampled_from(["2", "2", "4"]),
        st.integers(1, 6),
        st.sampled_from([None, "z0", "z1", "z1", "z2"]),
        st.sampled_from([None, "r0", "r1", "r1"]),
        st.integers(0, 2),  # PreferNoSchedule taints: TaintToleration normalises by the most
        st.booleans(),  # disk=ssd, which some pods select
    ),
    min_size=1,
    max_size=10,
)
weighted = st.builds(
    WeightedPodAffinityTerm,
    st.sampled_from([1, 7, 50, 100]),
    st.builds(PodAffinityTerm, st.sampled_from(SELECTORS), st.sampled_from(KEYS)),
)
preferences = st.tuples(
    st.lists(weighted, max_size=2),  # preferred affinity
    st.lists(weighted, max_size=2),  # preferred anti-affinity
    st.booleans(),  # preferred node affinity (rack r1, zone z1)
)
workloads = st.lists(
    st.tuples(
        st.integers(0, 9),
        st.sampled_from(["0", "500m", "1", "1"]),
        st.sampled_from(["a", "b"]),
        st.booleans(),  # nodeSelector disk=ssd
        preferences,  # all empty: a plain deployment
    ),
    min_size=1,
    max_size=4,
)
changes = st.lists(
    st.one_of(
        st.tuples(st.just("delete_pod"), st.integers(0, 60)),
        st.tuples(
            st.sampled_from(["fail_node", "recover_node", "cordon", "uncordon"]), st.integers(0, 9)
        ),
        st.tuples(st.just("scale"), st.integers(0, 3), st.integers(0, 12)),
        st.tuples(st.just("add_node"), st.sampled_from(["z0", "z1", "z3"]), st.integers(1, 4)),
    ),
    max_size=6,
)
NodeShape = tuple[str, int, str | None, str | None, int, bool]
Preferences = tuple[list[WeightedPodAffinityTerm], list[WeightedPodAffinityTerm], bool]
Workload = list[tuple[int, str, str, bool, Preferences]]


def build(shape: list[NodeShape], strategy: str, reference: bool) -> Cluster:
    nodes = []
    for i, (cpu, pods, zone, rack, spot, ssd) in enumerate(shape):
        labels = {ZONE: zone} if zone else {}
        labels.update({"rack": rack} if rack else {})
        labels.update({"disk": "ssd"} if ssd else {})
        taints = SOFT_TAINTS[:spot]
        node = Node(f"node-{i}", cpu=cpu, memory="8Gi", pods=pods, labels=labels, taints=taints)
        nodes.append(node)
    cluster = Cluster(nodes=nodes, scoring=strategy)
    if reference:
        cluster._scheduler = cluster._passes.scheduler = ReferenceScheduler(strategy)
    return cluster


def deploy(cluster: Cluster, workload: Workload) -> None:
    for d, (replicas, cpu, tier, ssd, (near, apart, prefer)) in enumerate(workload):
        name = f"app-{d}"
        affinity = Affinity(
            pod_preferred=tuple(near),
            anti_preferred=tuple(apart),
            node_preferred=NODE_PREFERRED if prefer else (),
        )
        cluster.apply(
            Deployment(
                name,
                replicas=replicas,
                cpu=cpu,
                labels={"app": name, "tier": tier},
                node_selector={"disk": "ssd"} if ssd else {},
                affinity=affinity if near or apart or prefer else None,
            )
        )


def _compare(
    shape: list[NodeShape], workload: Workload, strategy: str, later: list[tuple[object, ...]]
) -> None:
    clusters = [build(shape, strategy, reference) for reference in (False, True)]
    for cluster in clusters:
        deploy(cluster, workload)
        cluster.reconcile_until_stable()
    fast, reference = clusters
    assert outcome(fast) == outcome(reference)
    for change in later:
        for cluster in clusters:
            operate(cluster, change)
            cluster.reconcile_until_stable()
        assert outcome(fast) == outcome(reference), change


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(
    shape=node_shapes,
    workload=workloads,
    strategy=st.sampled_from(["first-fit", "LeastAllocated", "MostAllocated"]),
    later=changes,
)
def test_preferred_batches_place_as_the_per_node_reference(
    shape: list[NodeShape], workload: Workload, strategy: str, later: list[tuple[object, ...]]
) -> None:
    _compare(shape, workload, strategy, later)


def _zones(reference: bool) -> Cluster:
    """Four look-alike nodes in each of three zones, room for three 1-cpu pods each."""
    nodes = [
        Node(f"node-{i:02d}", cpu="3", memory="16Gi", labels={ZONE: f"z{i % 3}"}) for i in range(12)
    ]
    cluster = Cluster(nodes=nodes, scoring="LeastAllocated")
    if reference:
        cluster._scheduler = cluster._passes.scheduler = ReferenceScheduler("LeastAllocated")
    return cluster


def _preferring(name: str, replicas: int, weight: int, *, anti: bool = False) -> Deployment:
    term = WeightedPodAffinityTerm(weight, PodAffinityTerm(LabelSelector({"app": name}), ZONE))
    affinity = Affinity(anti_preferred=(term,)) if anti else Affinity(pod_preferred=(term,))
    return Deployment(name, replicas=replicas, cpu="1", labels={"app": name}, affinity=affinity)


def _never(*_args: object) -> None:
    raise AssertionError("the slow path ran")


def test_zone_preferences_are_placed_by_batch_where_the_reference_puts_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Zone affinity against LeastAllocated's pull to empty nodes, and zone anti-affinity:
    every pod by batch, none one by one, each where scoring every node puts it."""
    fast, reference = _zones(False), _zones(True)
    monkeypatch.setattr(fast._scheduler, "_score_one", _never)
    placed: list[int] = []
    place = preferred_batch.place

    def counted(*args: object) -> int:
        placed.append(place(*args))  # type: ignore[arg-type]
        return placed[-1]

    monkeypatch.setattr(preferred_batch, "place", counted)
    for cluster in (fast, reference):
        cluster.apply(_preferring("near", 14, 100))
        cluster.apply(_preferring("far", 9, 60, anti=True))
        cluster.reconcile_until_stable()
    assert outcome(fast) == outcome(reference)
    assert sum(placed) == 23
    zones = {p.node and fast._state.nodes[p.node].labels[ZONE] for p in fast.pods()}
    assert zones == {"z0", "z1", "z2"}


def test_normalised_is_upstreams_min_max_over_the_feasible_nodes() -> None:
    """``NormalizeScore``: 100 × ((raw − min) / (max − min)) in float64, truncated; all
    equal: all 0. The division comes first, as in Go: 29 of 100 is 0.29, which times 100
    is 28.999…, so 28 (scaling first would give 29)."""
    assert normalised([0, 29, 100]) == [0, 28, 100]
    assert normalised([0, 100, 300]) == [0, 33, 100]
    assert normalised([-200, -100, 0]) == [0, 50, 100]
    assert normalised([5, 5]) == [0, 0]
    assert normalised([200, 300, 250]) == [0, 100, 50]
