"""The indexed topology plugins (``pod_counts.py``, ``aware_classes.py``) place every pod
where the recounting ones (``topology_reference.py``) do, with the same FailedScheduling
messages, and filter and score every node alike — for random clusters with zones and
hostnames, spread constraints (DoNotSchedule, ScheduleAnyway, minDomains, node selectors),
pod affinity and anti-affinity, and changes after the first converge."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment, Node, PriorityClass
from kubeloop.cluster.affinity import (
    HOSTNAME,
    ZONE,
    Affinity,
    NodeSelectorTerm,
    PodAffinityTerm,
    PreferredSchedulingTerm,
    TopologySpreadConstraint,
    WeightedPodAffinityTerm,
)
from kubeloop.cluster.labels import LabelSelector, Requirement
from kubeloop.cluster.pods import PodRecord
from tests.cluster.scheduler.topology_reference import ReferenceScheduler

KEYS = [ZONE, HOSTNAME, "rack"]
SELECTORS = [
    LabelSelector({"tier": "a"}),
    LabelSelector({"tier": "b"}),
    LabelSelector({"app": "app-0"}),
    LabelSelector({"app": "app-1"}),
    LabelSelector(),
]

node_shapes = st.lists(
    st.tuples(
        st.sampled_from(["2", "2", "4"]),
        st.integers(1, 6),
        st.sampled_from([None, "z0", "z1", "z2"]),
        st.sampled_from([None, "r0", "r1"]),
        st.booleans(),
    ),
    min_size=1,
    max_size=9,
)
terms = st.builds(PodAffinityTerm, st.sampled_from(SELECTORS), st.sampled_from(KEYS))
weighted = st.builds(WeightedPodAffinityTerm, st.integers(1, 100), terms)
affinities = st.one_of(
    st.none(),
    st.builds(
        Affinity,
        node_required=st.sampled_from(
            [(), (NodeSelectorTerm((Requirement("disk", "In", ("ssd",)),)),)]
        ),
        node_preferred=st.sampled_from(
            [(), (PreferredSchedulingTerm(10, NodeSelectorTerm((Requirement("rack", "Exists"),))),)]
        ),
        pod_required=st.lists(terms, max_size=1).map(tuple),
        pod_preferred=st.lists(weighted, max_size=2).map(tuple),
        anti_required=st.lists(terms, max_size=1).map(tuple),
        anti_preferred=st.lists(weighted, max_size=1).map(tuple),
    ),
)
hard = st.builds(
    TopologySpreadConstraint,
    st.integers(1, 2),
    st.sampled_from(KEYS),
    st.sampled_from(SELECTORS),
    st.just("DoNotSchedule"),
    st.integers(1, 4),
)
soft = st.builds(
    TopologySpreadConstraint,
    st.integers(1, 2),
    st.sampled_from(KEYS),
    st.sampled_from(SELECTORS),
    st.just("ScheduleAnyway"),
)
workloads = st.lists(
    st.tuples(
        st.integers(0, 7),
        st.sampled_from(["0", "1", "1", "500m"]),
        st.sampled_from([None, None, "high"]),
        st.sampled_from(["a", "b"]),
        st.booleans(),
        affinities,
        st.lists(st.one_of(hard, soft), max_size=2),
    ),
    min_size=1,
    max_size=4,
)
changes = st.lists(
    st.one_of(
        st.tuples(st.just("delete_pod"), st.integers(0, 40)),
        st.tuples(st.sampled_from(["fail_node", "recover_node", "cordon"]), st.integers(0, 8)),
        st.tuples(st.just("scale"), st.integers(0, 3), st.integers(0, 9)),
        st.tuples(st.just("add_node"), st.sampled_from(["z0", "z1", "z3"]), st.integers(1, 4)),
    ),
    max_size=5,
)
NodeShape = tuple[str, int, str | None, str | None, bool]
Workload = list[tuple[int, str, str, bool, Affinity | None, list[TopologySpreadConstraint]]]


def build(shape: list[NodeShape], strategy: str, reference: bool) -> Cluster:
    nodes = []
    for i, (cpu, pods, zone, rack, ssd) in enumerate(shape):
        labels = {ZONE: zone} if zone else {}
        labels.update({"rack": rack} if rack else {})
        labels.update({"disk": "ssd"} if ssd else {})
        nodes.append(Node(f"node-{i}", cpu=cpu, memory="8Gi", pods=pods, labels=labels))
    cluster = Cluster(nodes=nodes, scoring=strategy)
    cluster.add_priority_class(PriorityClass("high", 1000))
    if reference:
        cluster._scheduler = cluster._passes.scheduler = ReferenceScheduler(strategy)
    return cluster


def deploy(cluster: Cluster, workload: Workload) -> None:
    for d, (replicas, cpu, priority, tier, ssd, affinity, spread) in enumerate(workload):
        name = f"app-{d}"
        cluster.apply(
            Deployment(
                name,
                replicas=replicas,
                cpu=cpu,
                labels={"app": name, "tier": tier},
                node_selector={"disk": "ssd"} if ssd else {},
                affinity=affinity,
                topology_spread=spread,
                priority_class_name=priority,  # preemption deletes pods mid-cycle
            )
        )


def operate(cluster: Cluster, change: tuple[object, ...]) -> None:
    kind, nodes = change[0], [n.name for n in cluster.nodes()]
    if kind == "delete_pod":
        running = [p.name for p in cluster.pods() if p.node is not None]
        if running:
            cluster.delete_pod(running[int(str(change[1])) % len(running)])
    elif kind == "scale":
        names = [d.name for d in cluster.deployments()]
        cluster.scale(names[int(str(change[1])) % len(names)], int(str(change[2])))
    elif kind == "add_node":
        labels = {ZONE: str(change[1])}
        cluster.add_node(
            Node(f"node-{len(nodes)}", cpu="2", pods=int(str(change[2])), labels=labels)
        )
    else:
        getattr(cluster, str(kind))(nodes[int(str(change[1])) % len(nodes)])


def outcome(cluster: Cluster) -> tuple[list[object], list[object]]:
    pods: list[object] = [(p.name, p.node, p.reason) for p in cluster.pods()]
    events: list[object] = [(e.reason, e.object, e.message, e.count) for e in cluster.events]
    return pods, events


def plugin_answers(cluster: Cluster) -> list[object]:
    """Every template's topology filter statuses and scores on every node, from the
    cluster's plugins."""
    state, scheduler = cluster._state, cluster._scheduler
    scheduler.refresh(state)
    nodes = list(state.nodes_in_order())
    answers: list[object] = []
    for rs in sorted(state.replicasets.values(), key=lambda r: r.name):
        pod = PodRecord("probe", rs.deployment, rs.name, rs.template, 0, 0)
        for plugin in (scheduler.spread, scheduler.inter_pod):
            answers.append([plugin.filter(pod, node) for node in nodes])
            answers.append(plugin.score(pod, nodes))
    return answers


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(
    shape=node_shapes,
    workload=workloads,
    strategy=st.sampled_from(["first-fit", "LeastAllocated", "MostAllocated"]),
    later=changes,
)
def test_the_indexed_plugins_place_and_explain_every_pod_as_recounting_does(
    shape: list[NodeShape], workload: Workload, strategy: str, later: list[tuple[object, ...]]
) -> None:
    clusters = [build(shape, strategy, reference) for reference in (False, True)]
    for cluster in clusters:
        deploy(cluster, workload)
        cluster.reconcile_until_stable()
    fast, reference = clusters
    assert outcome(fast) == outcome(reference)
    assert plugin_answers(fast) == plugin_answers(reference)
    for change in later:
        for cluster in clusters:
            operate(cluster, change)
            cluster.reconcile_until_stable()
        assert outcome(fast) == outcome(reference), change
        assert plugin_answers(fast) == plugin_answers(reference), change


def _twins() -> list[Cluster]:
    """Two identical nodes, the fast cluster first and the reference second."""
    nodes = [Node(f"node-{i}", cpu="4", memory="8Gi") for i in range(2)]
    clusters = [Cluster(nodes=nodes) for _ in range(2)]
    clusters[1]._scheduler = clusters[1]._passes.scheduler = ReferenceScheduler()
    return clusters


def test_nodes_of_one_class_told_apart_by_a_hostname_spread_are_filtered_one_by_one() -> None:
    """node-0 and node-1 carry the same resources (one 1-cpu pod each, pinned there) and so
    share a class, but only node-0's pod is tier a: spreading tier a by hostname rules node-0
    out."""
    spread = TopologySpreadConstraint(1, HOSTNAME, LabelSelector({"tier": "a"}))
    for cluster in _twins():
        for host, name, tier in (("node-0", "first", "a"), ("node-1", "second", "b")):
            labels, pin = {"app": name, "tier": tier}, {HOSTNAME: host}
            cluster.apply(Deployment(name, cpu="1", labels=labels, node_selector=pin))
            cluster.reconcile_until_stable()
        cluster.apply(
            Deployment(
                "spread", cpu="1", labels={"app": "spread", "tier": "a"}, topology_spread=[spread]
            )
        )
        cluster.reconcile_until_stable()
        assert [(p.name, p.node) for p in cluster.pods("spread")] == [("spread-1", "node-1")]


def test_an_existing_pods_hostname_anti_affinity_tells_nodes_of_one_class_apart() -> None:
    """The same two look-alike nodes; node-0's pod repels tier b from its host."""
    repel = Affinity(anti_required=(PodAffinityTerm(LabelSelector({"tier": "b"}), HOSTNAME),))
    for cluster in _twins():
        first = Deployment("first", cpu="1", node_selector={HOSTNAME: "node-0"}, affinity=repel)
        cluster.apply(first)
        cluster.apply(Deployment("second", cpu="1", node_selector={HOSTNAME: "node-1"}))
        cluster.reconcile_until_stable()
        cluster.apply(Deployment("third", cpu="1", labels={"app": "third", "tier": "b"}))
        cluster.reconcile_until_stable()
        assert [(p.name, p.node) for p in cluster.pods("third")] == [("third-1", "node-1")]


def test_the_counts_follow_a_deletion_without_a_refresh() -> None:
    """A pod deleted between two questions (as preemption's evictions are) is not counted."""
    spread = TopologySpreadConstraint(1, HOSTNAME, LabelSelector({"app": "web"}))
    clusters = _twins()
    for cluster in clusters:
        cluster.apply(Deployment("web", replicas=2, cpu="1", topology_spread=[spread]))
        cluster.reconcile_until_stable()
    answers = []
    for cluster in clusters:
        state, scheduler = cluster._state, cluster._scheduler
        scheduler.refresh(state)
        template = state.pods["web-1"].template
        nodes = list(state.nodes_in_order())
        before = [
            scheduler.spread.filter(PodRecord("a", "web", "x", template, 0, 0), n) for n in nodes
        ]
        state.delete_pod(state.pods["web-1"])
        after = [
            scheduler.spread.filter(PodRecord("b", "web", "x", template, 0, 0), n) for n in nodes
        ]
        answers.append((before, after))
    assert answers[0] == answers[1]
    assert answers[0][0] != answers[0][1]
