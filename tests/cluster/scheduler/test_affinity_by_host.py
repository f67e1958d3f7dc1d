"""Pods whose inter-pod terms count by hostname are placed by refined node classes
(``affinity_classes.py``, ``affinity_batch.py``) exactly where the recounting reference
(``topology_reference.py``) places them — same pods, nodes, events and FailedScheduling
messages, same filter status and score from every plugin on every node — through
deletions, node failures and recoveries, cordons, scaling and new nodes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment, Node, PriorityClass
from kubeloop.cluster.affinity import (
    HOSTNAME,
    ZONE,
    Affinity,
    PodAffinityTerm,
    TopologySpreadConstraint,
    WeightedPodAffinityTerm,
)
from kubeloop.cluster.labels import LabelSelector
from kubeloop.cluster.scheduler import affinity_batch
from kubeloop.cluster.scheduler.affinity_batch import self_local
from kubeloop.cluster.scheduler.affinity_classes import HostClasses
from kubeloop.cluster.scheduler.affinity_pairs import Fanout, Pairs
from kubeloop.cluster.scheduler.pod_counts import PodCounts
from tests.cluster.scheduler.test_topology_index import operate, outcome, plugin_answers
from tests.cluster.scheduler.topology_reference import ReferenceScheduler

SELECTORS = [
    LabelSelector({"tier": "a"}),
    LabelSelector({"app": "app-0"}),
    LabelSelector({"app": "app-1"}),
    LabelSelector({"app": "app-2"}),
]
KEYS = [HOSTNAME, HOSTNAME, ZONE]
terms = st.builds(PodAffinityTerm, st.sampled_from(SELECTORS), st.sampled_from(KEYS))
weighted = st.builds(WeightedPodAffinityTerm, st.integers(1, 100), terms)
affinities = st.builds(
    Affinity,
    pod_required=st.lists(terms, max_size=1).map(tuple),
    pod_preferred=st.lists(weighted, max_size=2).map(tuple),
    anti_required=st.lists(terms, max_size=1).map(tuple),
    anti_preferred=st.lists(weighted, max_size=1).map(tuple),
)
workloads = st.lists(
    st.tuples(
        st.integers(0, 9),
        st.sampled_from(["1", "1", "500m", "2"]),
        st.sampled_from(["a", "b"]),
        st.one_of(st.none(), affinities),
        st.sampled_from([None, None, "high"]),
        st.booleans(),
    ),
    min_size=1,
    max_size=4,
)
# Nodes: cpu, zone, and an explicit hostname label (its own name, another node's, or none).
node_shapes = st.lists(
    st.tuples(
        st.sampled_from(["2", "4", "4"]),
        st.sampled_from([None, "z0", "z1"]),
        st.sampled_from([*[None] * 8, "own", "node-0"]),
    ),
    min_size=1,
    max_size=10,
)
changes = st.lists(
    st.one_of(
        st.tuples(st.just("delete_pod"), st.integers(0, 60)),
        st.tuples(st.sampled_from(["fail_node", "recover_node", "cordon"]), st.integers(0, 9)),
        st.tuples(st.just("scale"), st.integers(0, 3), st.integers(0, 12)),
        st.tuples(st.just("add_node"), st.sampled_from(["z0", "z1"]), st.integers(1, 4)),
    ),
    max_size=6,
)
Shape = list[tuple[str, str | None, str | None]]
Workload = list[tuple[int, str, str, Affinity | None, str | None, bool]]


def build(shape: Shape, strategy: str, reference: bool) -> Cluster:
    nodes = []
    for i, (cpu, zone, host) in enumerate(shape):
        name = f"node-{i}"
        labels = {ZONE: zone} if zone else {}
        if host is not None:
            labels[HOSTNAME] = name if host == "own" else host
        nodes.append(Node(name, cpu=cpu, memory="8Gi", pods=6, labels=labels))
    cluster = Cluster(nodes=nodes, scoring=strategy)
    cluster.add_priority_class(PriorityClass("high", 1000))
    if reference:
        cluster._scheduler = cluster._passes.scheduler = ReferenceScheduler(strategy)
    return cluster


def deploy(cluster: Cluster, workload: Workload) -> None:
    spread = TopologySpreadConstraint(1, ZONE, LabelSelector({"tier": "b"}), "ScheduleAnyway")
    for d, (replicas, cpu, tier, affinity, priority, spreads) in enumerate(workload):
        name = f"app-{d}"
        cluster.apply(
            Deployment(
                name,
                replicas=replicas,
                cpu=cpu,
                labels={"app": name, "tier": tier},
                affinity=affinity,
                topology_spread=[spread] if spreads else [],
                priority_class_name=priority,
            )
        )


@pytest.mark.slow
@settings(max_examples=250, deadline=None, derandomize=True, database=None)
@given(
    shape=node_shapes,
    workload=workloads,
    strategy=st.sampled_from(["first-fit", "LeastAllocated", "MostAllocated"]),
    later=changes,
)
def test_hostname_terms_place_and_explain_every_pod_as_recounting_does(
    shape: Shape, workload: Workload, strategy: str, later: list[tuple[object, ...]]
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


# Batch-friendly: roomier nodes, hostname keys, selectors of the deployments themselves.
host_terms = st.builds(
    PodAffinityTerm,
    st.sampled_from(SELECTORS[1:]),
    st.sampled_from([HOSTNAME, HOSTNAME, HOSTNAME, ZONE]),
)
host_affinities = st.builds(
    Affinity,
    pod_required=st.lists(host_terms, max_size=1).map(tuple),
    pod_preferred=st.lists(
        st.builds(WeightedPodAffinityTerm, st.integers(1, 100), host_terms), max_size=1
    ).map(tuple),
    anti_required=st.lists(host_terms, max_size=1).map(tuple),
    anti_preferred=st.lists(
        st.builds(WeightedPodAffinityTerm, st.integers(1, 100), host_terms), max_size=1
    ).map(tuple),
)
roomy_nodes = st.lists(
    st.tuples(st.sampled_from(["4", "8"]), st.sampled_from([None, "z0", "z1"]), st.just(None)),
    min_size=2,
    max_size=10,
)
batch_workloads = st.lists(
    st.tuples(
        st.integers(1, 12),
        st.sampled_from(["1", "1", "500m", "2"]),
        st.just("b"),
        st.one_of(st.none(), host_affinities),
        st.just(None),
        st.just(False),
    ),
    min_size=1,
    max_size=3,
)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(
    shape=roomy_nodes,
    workload=batch_workloads,
    strategy=st.sampled_from(["first-fit", "LeastAllocated", "MostAllocated"]),
    later=changes,
)
def test_runs_placed_as_one_batch_land_where_recounting_puts_them(
    shape: Shape, workload: Workload, strategy: str, later: list[tuple[object, ...]]
) -> None:
    test_hostname_terms_place_and_explain_every_pod_as_recounting_does.hypothesis.inner_test(  # type: ignore[attr-defined]
        shape, workload, strategy, later
    )


@contextmanager
def counting_batches() -> Iterator[list[int]]:
    """How many pods each batch over host classes placed."""
    placed: list[int] = []
    original = affinity_batch.place

    def place(*args: object, **kwargs: object) -> int:
        count = original(*args, **kwargs)  # type: ignore[arg-type]
        placed.append(count)
        return count

    affinity_batch.place = place  # type: ignore[assignment]
    try:
        yield placed
    finally:
        affinity_batch.place = original  # type: ignore[assignment]


def anti_self(name: str, key: str = HOSTNAME) -> Affinity:
    return Affinity(anti_required=(PodAffinityTerm(LabelSelector({"app": name}), key),))


def test_one_pod_per_node_fills_every_node_in_name_order_as_one_batch() -> None:
    """Required anti-affinity to itself by hostname: one pod a node, first-fit by name;
    the sixth of five nodes' worth stays Pending with upstream's message."""
    clusters = [build([("4", None, None)] * 5, "first-fit", ref) for ref in (False, True)]
    with counting_batches() as placed:
        for cluster in clusters:
            cluster.apply(Deployment("web", replicas=6, cpu="1", affinity=anti_self("web")))
            cluster.reconcile_until_stable()
    assert placed[0] == 5 and sum(placed) == 5  # the fast cluster batches; not the reference
    fast, reference = clusters
    assert outcome(fast) == outcome(reference)
    nodes = sorted(p.node for p in fast.pods("web") if p.node)
    assert nodes == [f"node-{i}" for i in range(5)]
    pending = [p for p in fast._state.pods.values() if p.node is None]
    assert [p.message for p in pending] == [
        "0/5 nodes are available: 5 node(s) didn't match pod anti-affinity rules. preemption: "
        "0/5 nodes are available: 5 No preemption victims found for incoming pod."
    ]


@pytest.mark.parametrize("strategy", ["LeastAllocated", "MostAllocated"])
def test_a_batch_scores_its_classes_as_scoring_every_node_does(strategy: str) -> None:
    """node-1 already runs a 2-cpu pod: LeastAllocated puts the first replica elsewhere,
    MostAllocated on node-1; either way one replica a node, as the reference places them."""
    clusters = [build([("4", None, None)] * 3, strategy, ref) for ref in (False, True)]
    with counting_batches() as placed:
        for cluster in clusters:
            pin = {HOSTNAME: "node-1"}
            cluster.apply(Deployment("big", cpu="2", node_selector=pin))
            cluster.reconcile_until_stable()
            cluster.apply(Deployment("web", replicas=2, cpu="1", affinity=anti_self("web")))
            cluster.reconcile_until_stable()
    assert placed == [2]
    assert outcome(clusters[0]) == outcome(clusters[1])
    web = sorted(p.node or "" for p in clusters[0].pods("web"))
    assert web == (["node-0", "node-2"] if strategy == "LeastAllocated" else ["node-0", "node-1"])


def test_a_deleted_pod_frees_its_node_for_the_replacement() -> None:
    clusters = [build([("4", None, None)] * 4, "first-fit", ref) for ref in (False, True)]
    for cluster in clusters:
        cluster.apply(Deployment("web", replicas=4, cpu="1", affinity=anti_self("web")))
        cluster.reconcile_until_stable()
        victim = next(p for p in cluster.pods("web") if p.node == "node-2")
        cluster.delete_pod(victim.name)
        cluster.reconcile_until_stable()
        assert sorted(p.node or "" for p in cluster.pods("web")) == [f"node-{i}" for i in range(4)]
    assert outcome(clusters[0]) == outcome(clusters[1])


def test_a_node_named_by_another_nodes_hostname_label_shares_its_domain() -> None:
    """node-1 carries ``kubernetes.io/hostname=node-0``: one domain of two nodes, so the
    second replica cannot go to node-1 either; it lands on node-2."""
    shape: Shape = [("4", None, None), ("4", None, "node-0"), ("4", None, None)]
    clusters = [build(shape, "first-fit", ref) for ref in (False, True)]
    for cluster in clusters:
        cluster.apply(Deployment("web", replicas=2, cpu="1", affinity=anti_self("web")))
        cluster.reconcile_until_stable()
    assert sorted(p.node or "" for p in clusters[0].pods("web")) == ["node-0", "node-2"]
    assert outcome(clusters[0]) == outcome(clusters[1])


@pytest.mark.parametrize(
    ("affinity", "local"),
    [
        (anti_self("web"), True),
        (anti_self("web", ZONE), False),
        (anti_self("other", ZONE), True),  # selects other pods: its own binds move nothing
        (Affinity(pod_required=(PodAffinityTerm(LabelSelector({"app": "web"}), ZONE),)), False),
        (None, True),
    ],
)
def test_a_batch_needs_every_term_its_own_pods_match_keyed_by_hostname(
    affinity: Affinity | None, local: bool
) -> None:
    template = Deployment("web", cpu="1", affinity=affinity).template()
    assert self_local(template) is local


def test_host_classes_follow_binds_and_deletions_through_the_change_feed() -> None:
    """Three look-alike nodes; a pod with hostname anti-affinity on node-1 splits it off."""
    cluster = build([("4", None, None)] * 3, "first-fit", False)
    pin = {HOSTNAME: "node-1"}
    cluster.apply(Deployment("lone", cpu="1", node_selector=pin, affinity=anti_self("x")))
    cluster.reconcile_until_stable()
    state = cluster._state
    hosts = HostClasses(state)
    assert hosts.class_of["node-0"] == hosts.class_of["node-2"] != hosts.class_of["node-1"]
    cluster.delete_pod(next(p.name for p in cluster.pods("lone")))
    cluster.scale("lone", 0)
    cluster.reconcile_until_stable()
    assert hosts.fresh(state)
    assert len(set(hosts.class_of.values())) == 1


def test_a_template_watched_only_once_a_term_selects_it_splits_the_nodes_it_runs_on() -> None:
    """node-0 and node-1 each run one plain 1-cpu pod (one class, until ``web`` arrives with
    anti-affinity by hostname to ``db``, whose pod runs on node-0): web lands on node-1."""
    clusters = [build([("4", None, None)] * 3, "first-fit", ref) for ref in (False, True)]
    for cluster in clusters:
        for name, host in (("db", "node-0"), ("x", "node-1")):
            cluster.apply(Deployment(name, cpu="1", node_selector={HOSTNAME: host}))
        cluster.reconcile_until_stable()
        cluster.apply(Deployment("web", cpu="1", affinity=anti_self("db")))
        cluster.reconcile_until_stable()
        assert [p.node for p in cluster.pods("web")] == ["node-1"]
    assert outcome(clusters[0]) == outcome(clusters[1])


def test_counts_carried_across_cycles_equal_a_recount() -> None:
    """PodCounts follows binds and deletions from cycle to cycle: its counts equal a fresh
    count after each of a converge, a deletion, a node failure and a scale-down."""
    cluster = build([("4", z, None) for z in ("z0", "z1", "z0", "z1")], "first-fit", False)
    cluster.apply(Deployment("web", replicas=6, cpu="1", affinity=anti_self("web", ZONE)))
    cluster.apply(Deployment("api", replicas=5, cpu="1", affinity=anti_self("api")))
    counts: PodCounts = cluster._scheduler.counts
    steps = [
        lambda: None,
        lambda: cluster.delete_pod(next(p.name for p in cluster.pods("api") if p.node)),
        lambda: cluster.fail_node("node-1"),
        lambda: cluster.scale("web", 1),
    ]
    for step in steps:
        step()
        cluster.reconcile_until_stable()
        counts.sync()
        fresh = PodCounts()
        fresh.reset(cluster._state)
        fresh.sync()
        assert counts.nodes_of == fresh.nodes_of
        assert {n: c for n, c in counts.on_node.items() if c} == fresh.on_node


def kept_pairs_against_fresh(cluster: Cluster) -> None:
    """InterPodAffinity's pairs, carried bind by bind (runs of one template's binds replayed
    in one call), equal pairs counted afresh from the nodes."""
    scheduler = cluster._scheduler
    counts: PodCounts = scheduler.counts
    counts.sync()
    fanout = counts.aggregates.get(scheduler.inter_pod.name)
    if not isinstance(fanout, Fanout):
        return
    fresh = PodCounts()
    fresh.reset(cluster._state)
    fresh.sync()
    assert fanout.pairs, "a fanout that no template asked for"
    for pairs in fanout.pairs.values():
        recount = Pairs(fresh, pairs.template)
        for field in ("affinity", "anti_pods", "existing", "weights"):
            kept = {p: c for p, c in getattr(pairs, field).items() if c}
            assert kept == dict(getattr(recount, field)), field
        assert pairs.by_host or not recount.by_host


@settings(max_examples=80, deadline=None, derandomize=True, database=None)
@given(shape=roomy_nodes, workload=batch_workloads, later=changes)
def test_pairs_kept_across_binds_and_changes_equal_a_recount(
    shape: Shape, workload: Workload, later: list[tuple[object, ...]]
) -> None:
    cluster = build(shape, "first-fit", False)
    deploy(cluster, workload)
    cluster.reconcile_until_stable()
    kept_pairs_against_fresh(cluster)
    for change in later:
        operate(cluster, change)
        cluster.reconcile_until_stable()
        kept_pairs_against_fresh(cluster)


def test_a_run_of_binds_moves_the_pairs_as_binds_one_by_one_do() -> None:
    """Thirty pods with anti-affinity to themselves by hostname, one a node: the replay of
    their thirty binds as one run leaves the same pairs as a recount, and ``by_host``."""
    cluster = build([("4", None, None)] * 30, "first-fit", False)
    cluster.apply(Deployment("web", replicas=30, cpu="1", affinity=anti_self("web")))
    cluster.reconcile_until_stable()
    cluster.apply(Deployment("api", replicas=30, cpu="1", affinity=anti_self("web")))
    cluster.reconcile_until_stable()
    assert sum(p.node is not None for p in cluster.pods("web")) == 30
    assert sum(p.node is not None for p in cluster.pods("api")) == 0  # web is on every node
    kept_pairs_against_fresh(cluster)
    pairs = cluster._scheduler.counts.aggregates["InterPodAffinity"].pairs  # type: ignore[attr-defined]
    web = next(p for p in pairs.values() if p.template.label_map.get("app") == "web")
    assert len(web.anti_pods) == 30 and web.by_host
