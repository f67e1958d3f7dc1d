"""Spread pods placed a batch at a time (``spread_batch.py``, ``spread_groups.py``) land
where the recounting reference (``topology_reference.py``) puts them, one by one, with the
same events in the same order; and the counts kept across cycles (``pod_counts.py``) stay
equal to counting afresh, through deletions, failures, cordons, scaling and new nodes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment, Node, Taint
from kubeloop.cluster.affinity import (
    ZONE,
    Affinity,
    NodeSelectorTerm,
    PreferredSchedulingTerm,
    TopologySpreadConstraint,
)
from kubeloop.cluster.labels import LabelSelector, Requirement
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.pod_counts import PodCounts
from kubeloop.cluster.scheduler.spread_groups import SpreadChoice
from kubeloop.cluster.scheduler.topology_spread import SpreadDomains
from tests.cluster.scheduler.topology_reference import ReferenceScheduler

KEYS = [ZONE, "rack"]
SELECTORS = [
    LabelSelector({"tier": "a"}),
    LabelSelector({"tier": "b"}),
    LabelSelector({"app": "app-0"}),
    LabelSelector({"app": "app-1"}),
    LabelSelector(),
]
PREFER = Affinity(
    node_preferred=(
        PreferredSchedulingTerm(10, NodeSelectorTerm((Requirement("rack", "In", ("r1",)),))),
        PreferredSchedulingTerm(30, NodeSelectorTerm((Requirement(ZONE, "In", ("z1",)),))),
    )
)
"""Raws of 0, 10, 30 and 40: which groups are admitted changes the highest."""
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
        st.integers(0, 9),
        st.sampled_from(["0", "500m", "1", "1"]),
        st.sampled_from(["a", "b"]),
        st.booleans(),  # nodeSelector disk=ssd
        st.booleans(),  # preferred node affinity (rack r1, zone z1)
        st.lists(st.one_of(hard, hard, soft), max_size=2),  # none: a plain deployment
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
Workload = list[tuple[int, str, str, bool, bool, list[TopologySpreadConstraint]]]


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
    for d, (replicas, cpu, tier, ssd, prefer, spread) in enumerate(workload):
        name = f"app-{d}"
        cluster.apply(
            Deployment(
                name,
                replicas=replicas,
                cpu=cpu,
                labels={"app": name, "tier": tier},
                node_selector={"disk": "ssd"} if ssd else {},
                affinity=PREFER if prefer else None,
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
        labels = {ZONE: str(change[1]), "rack": "r1"}
        cluster.add_node(
            Node(f"node-{len(nodes)}", cpu="2", pods=int(str(change[2])), labels=labels)
        )
    else:
        getattr(cluster, str(kind))(nodes[int(str(change[1])) % len(nodes)])


def outcome(cluster: Cluster) -> tuple[list[object], list[object]]:
    pods: list[object] = [(p.name, p.node, p.reason) for p in cluster.pods()]
    events: list[object] = [(e.reason, e.object, e.message, e.count) for e in cluster.events]
    return pods, events


def answers(cluster: Cluster, *, refresh: bool) -> list[object]:
    """Every template's spread filter status and score on every node; the fast cluster's
    from the counts it kept (no refresh), the reference's from a recount."""
    state, scheduler = cluster._state, cluster._scheduler
    if refresh:
        scheduler.refresh(state)
    nodes = list(state.nodes_in_order())
    found: list[object] = []
    for rs in sorted(state.replicasets.values(), key=lambda r: r.name):
        pod = PodRecord("probe", rs.deployment, rs.name, rs.template, 0, 0)
        found.append([scheduler.spread.filter(pod, node) for node in nodes])
        found.append(scheduler.spread.score(pod, nodes))
    return found


def kept_counts_equal_fresh(cluster: Cluster) -> None:
    """The counts kept across cycles are what counting afresh gives, aggregates included."""
    state, counts = cluster._state, cluster._scheduler.counts
    if counts.state is not state:
        return
    counts.sync()
    fresh = PodCounts()
    fresh.reset(state)
    fresh.sync()
    assert _plain(counts.on_node) == _plain(fresh.on_node)
    assert _plain(counts.nodes_of) == _plain(fresh.nodes_of)
    for aggregate in counts.aggregates.values():
        if isinstance(aggregate, SpreadDomains):
            eligible = [state.nodes[n] for n in sorted(aggregate.eligible)]
            again = SpreadDomains(fresh, aggregate.constraint, eligible)
            assert aggregate.domains == again.domains
            assert aggregate.minimum == min(again.domains.values(), default=0)


def _recounted(choice: SpreadChoice) -> None:
    """Each group's raws per normalising scorer are those of its feasible classes now."""
    for group in choice.group_list:
        for t, i in enumerate(choice.tracked):
            members = [n for n in choice.classes.sizes if choice.group_of.get(n) is group]
            assert group.counts[t] == Counter(choice.raws[n][i] for n in members)


def _checked(moved: Callable[..., None]) -> Callable[..., None]:
    def check(choice: SpreadChoice, *args: object) -> None:
        moved(choice, *args)
        _recounted(choice)

    return check


def _plain(counts: dict[str, Counter[int]] | dict[int, dict[str, int]]) -> dict[object, object]:
    return {k: {i: n for i, n in v.items() if n} for k, v in counts.items() if any(v.values())}


@pytest.mark.slow
@settings(max_examples=250, deadline=None, derandomize=True, database=None)
@given(
    shape=node_shapes,
    workload=workloads,
    strategy=st.sampled_from(["first-fit", "LeastAllocated", "MostAllocated"]),
    later=changes,
)
def test_spread_batches_place_and_count_as_the_recounting_reference(
    shape: list[NodeShape], workload: Workload, strategy: str, later: list[tuple[object, ...]]
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SpreadChoice, "moved", _checked(SpreadChoice.moved))
        _compare(shape, workload, strategy, later)


def _compare(
    shape: list[NodeShape], workload: Workload, strategy: str, later: list[tuple[object, ...]]
) -> None:
    clusters = [build(shape, strategy, reference) for reference in (False, True)]
    for cluster in clusters:
        deploy(cluster, workload)
        cluster.reconcile_until_stable()
    fast, reference = clusters
    assert outcome(fast) == outcome(reference)
    kept_counts_equal_fresh(fast)
    assert answers(fast, refresh=False) == answers(reference, refresh=True)
    for change in later:
        for cluster in clusters:
            operate(cluster, change)
            cluster.reconcile_until_stable()
        assert outcome(fast) == outcome(reference), change
        kept_counts_equal_fresh(fast)
        assert answers(fast, refresh=False) == answers(reference, refresh=True), change
