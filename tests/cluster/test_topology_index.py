"""The indexed topology plugins (``pod_counts.py``, ``aware_classes.py``) place every pod
where the recounting ones (``topology_reference.py``) do, with the same FailedScheduling
messages, and filter and score every node alike — for random clusters with zones and
hostnames, spread constraints (DoNotSchedule, ScheduleAnyway, minDomains, node selectors),
pod affinity and anti-affinity, and changes after the first converge."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment, Node
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
from tests.cluster.topology_reference import ReferenceScheduler

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
        st.sampled_from(["1", "2", "4"]),
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
        st.sampled_from(["0", "250m", "500m", "1"]),
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
    if reference:
        cluster._scheduler = cluster._passes.scheduler = ReferenceScheduler(strategy)
    return cluster


def deploy(cluster: Cluster, workload: Workload) -> None:
    for d, (replicas, cpu, tier, ssd, affinity, spread) in enumerate(workload):
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
    """Every template's filter status and scores on every node, from the cluster's plugins."""
    state, scheduler = cluster._state, cluster._scheduler
    scheduler.refresh(state)
    nodes = list(state.nodes_in_order())
    answers: list[object] = []
    for rs in sorted(state.replicasets.values(), key=lambda r: r.name):
        pod = PodRecord("probe", rs.deployment, rs.name, rs.template, 0, 0)
        for plugin in scheduler.topology_filters:
            answers.append([plugin.filter(pod, node) for node in nodes])
        for scorer in scheduler.preference_scorers:
            answers.append(scorer.score(pod, nodes))
    return answers


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
