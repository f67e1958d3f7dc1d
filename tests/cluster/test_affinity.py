"""Pod affinity and anti-affinity, topology spread, node affinity, BalancedAllocation —
with the reference's worked examples and upstream's FailedScheduling texts."""

from __future__ import annotations

import pytest

from kubeloop.cluster import (
    Affinity,
    Cluster,
    Deployment,
    LabelSelector,
    Node,
    NodeSelectorTerm,
    PodAffinityTerm,
    PreferredSchedulingTerm,
    Requirement,
    TopologySpreadConstraint,
    WeightedPodAffinityTerm,
)
from kubeloop.cluster.affinity import HOSTNAME, ZONE
from kubeloop.cluster.scheduler.balanced_allocation import balanced_score
from kubeloop.errors import InvalidSpecError

WEB = LabelSelector.of({"app": "web"})


def hosts(count: int, **labels: str) -> list[Node]:
    """Nodes node-1 … (kubernetes.io/hostname is implicit: every node has its own)."""
    return [Node(f"node-{i}", labels=labels) for i in range(1, count + 1)]


def placement(cluster: Cluster, deployment: str) -> list[str | None]:
    return [p.node for p in cluster.pods(deployment)]


def test_the_seeds_exercise_one_replica_per_node_with_fewer_nodes_than_replicas() -> None:
    cluster = Cluster(nodes=hosts(2))
    anti = Affinity(anti_required=(PodAffinityTerm(WEB, HOSTNAME),))
    cluster.apply(Deployment("web", replicas=3, cpu="100m", affinity=anti))
    cluster.reconcile_until_stable()
    assert sorted(n for n in placement(cluster, "web") if n) == ["node-1", "node-2"]
    (pending,) = [p for p in cluster.pods("web") if p.node is None]
    assert pending.reason == (
        "0/2 nodes are available: 2 node(s) didn't match pod anti-affinity rules."
        " preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod."
    )
    cluster.add_node(Node("node-3"))
    cluster.reconcile_until_stable()
    assert sorted(placement(cluster, "web")) == ["node-1", "node-2", "node-3"]  # type: ignore[type-var]


def test_a_node_without_the_topology_label_passes_anti_affinity() -> None:
    cluster = Cluster(nodes=[Node("bare")])
    anti = Affinity(anti_required=(PodAffinityTerm(WEB, ZONE),))
    cluster.apply(Deployment("web", replicas=2, cpu="100m", affinity=anti))
    cluster.reconcile_until_stable()
    assert placement(cluster, "web") == ["bare", "bare"]


def test_pod_affinity_follows_the_selected_pods_and_lets_the_first_of_a_group_start() -> None:
    cluster = Cluster(nodes=hosts(3))
    cluster.apply(Deployment("web", replicas=1, cpu="100m", node_selector={HOSTNAME: "node-2"}))
    near_web = Affinity(pod_required=(PodAffinityTerm(WEB, HOSTNAME),))
    cluster.apply(Deployment("cache", replicas=2, cpu="100m", affinity=near_web))
    together = Affinity(pod_required=(PodAffinityTerm(LabelSelector.of({"app": "pack"})),))
    cluster.apply(Deployment("pack", replicas=2, cpu="100m", affinity=together))
    cluster.reconcile_until_stable()
    assert placement(cluster, "cache") == ["node-2", "node-2"]
    assert len(set(placement(cluster, "pack"))) == 1 and None not in placement(cluster, "pack")


def test_pod_affinity_to_pods_that_do_not_exist_is_unresolvable() -> None:
    cluster = Cluster(nodes=hosts(2))
    missing = Affinity(pod_required=(PodAffinityTerm(LabelSelector.of({"app": "db"})),))
    cluster.apply(Deployment("web", replicas=1, cpu="100m", affinity=missing))
    cluster.reconcile_until_stable()
    assert cluster.pods("web")[0].reason == (
        "0/2 nodes are available: 2 node(s) didn't match pod affinity rules."
        " preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling."
    )


def test_existing_pods_anti_affinity_keeps_newcomers_away() -> None:
    cluster = Cluster(nodes=hosts(1))
    no_db = Affinity(anti_required=(PodAffinityTerm(LabelSelector.of({"app": "db"})),))
    cluster.apply(Deployment("web", replicas=1, cpu="100m", affinity=no_db))
    cluster.reconcile_until_stable()
    cluster.apply(Deployment("db", replicas=1, cpu="100m"))
    cluster.reconcile_until_stable()
    assert cluster.pods("db")[0].reason == (
        "0/1 nodes are available: 1 node(s) didn't satisfy existing pods anti-affinity rules."
        " preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."
    )


def zoned() -> list[Node]:
    zones = {"node-1": "a", "node-2": "a", "node-3": "b", "node-4": "b"}
    return [Node(n, labels={HOSTNAME: n, ZONE: z}) for n, z in zones.items()]


def test_topology_spread_the_docs_example_lands_in_zone_b() -> None:
    """zoneA holds 2 matching pods, zoneB 1; maxSkew 1 on zone: A gives 2+1-1 = 2 > 1."""
    cluster = Cluster(nodes=zoned())
    for name, node in (("a1", "node-1"), ("a2", "node-2"), ("b1", "node-3")):
        cluster.apply(
            Deployment(
                name,
                replicas=1,
                cpu="100m",
                labels={"app": "web", "part": name},
                selector=LabelSelector.of({"part": name}),
                node_selector={HOSTNAME: node},
            )
        )
    spread = TopologySpreadConstraint(1, ZONE, WEB)
    cluster.apply(
        Deployment(
            "new",
            replicas=1,
            cpu="100m",
            labels={"app": "web", "part": "new"},
            selector=LabelSelector.of({"part": "new"}),
            topology_spread=[spread],
        )
    )
    cluster.reconcile_until_stable()
    assert placement(cluster, "new") in (["node-3"], ["node-4"])


def test_topology_spread_refuses_what_would_skew_and_names_a_missing_label() -> None:
    cluster = Cluster(nodes=[*zoned(), Node("unlabelled")])
    spread = TopologySpreadConstraint(1, ZONE, WEB)
    cluster.apply(Deployment("web", replicas=4, cpu="100m", topology_spread=[spread]))
    cluster.reconcile_until_stable()
    zones = {"node-1": "a", "node-2": "a", "node-3": "b", "node-4": "b"}
    counts = [zones[n] for n in placement(cluster, "web") if n]  # type: ignore[index]
    assert sorted(counts) == ["a", "a", "b", "b"]
    ones = LabelSelector.of({"app": "one"})
    cluster.apply(
        Deployment(
            "seed",
            replicas=3,
            cpu="100m",
            labels={"app": "one", "part": "seed"},
            selector=LabelSelector.of({"part": "seed"}),
            node_selector={HOSTNAME: "node-1"},
        )
    )
    cluster.reconcile_until_stable()
    for node in ("node-3", "node-4"):
        cluster.cordon(node)  # cordoned nodes still count: zone b is an empty domain
    tight = TopologySpreadConstraint(1, ZONE, ones)
    cluster.apply(Deployment("one", replicas=1, cpu="100m", topology_spread=[tight]))
    cluster.reconcile_until_stable()
    assert cluster.pods("one")[0].reason == (
        "0/5 nodes are available: "
        "1 node(s) didn't match pod topology spread constraints (missing required label), "
        "2 node(s) didn't match pod topology spread constraints, "
        "2 node(s) were unschedulable."
        " preemption: 0/5 nodes are available: 2 "
        "No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling."
    )


def test_required_node_affinity_terms_are_ored_and_expressions_anded() -> None:
    nodes = [
        Node("small", labels={"size": "2", "disk": "hdd"}),
        Node("ssd-big", labels={"size": "16", "disk": "ssd"}),
        Node("ssd-small", labels={"size": "4", "disk": "ssd"}),
    ]
    cluster = Cluster(nodes=nodes)
    term = NodeSelectorTerm(
        (Requirement("disk", "In", ("ssd",)), Requirement("size", "Gt", ("8",)))
    )
    cluster.apply(Deployment("db", replicas=2, cpu="100m", affinity=Affinity((term,))))
    cluster.reconcile_until_stable()
    assert placement(cluster, "db") == ["ssd-big", "ssd-big"]
    nothing = NodeSelectorTerm((Requirement("gpu", "Exists"),))
    cluster.apply(Deployment("ml", replicas=1, cpu="100m", affinity=Affinity((nothing,))))
    cluster.reconcile_until_stable()
    assert cluster.pods("ml")[0].reason == (
        "0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector."
        " preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
    )


def test_preferred_node_affinity_wins_over_first_fit() -> None:
    cluster = Cluster(nodes=[Node("a"), Node("b", labels={"disk": "ssd"})])
    prefer = PreferredSchedulingTerm(10, NodeSelectorTerm((Requirement("disk", "In", ("ssd",)),)))
    cluster.apply(
        Deployment("db", replicas=1, cpu="100m", affinity=Affinity(node_preferred=(prefer,)))
    )
    cluster.reconcile_until_stable()
    assert placement(cluster, "db") == ["b"]


def test_preferred_anti_affinity_spreads_under_first_fit() -> None:
    cluster = Cluster(nodes=hosts(3))
    away = WeightedPodAffinityTerm(100, PodAffinityTerm(WEB, HOSTNAME))
    cluster.apply(
        Deployment("web", replicas=3, cpu="100m", affinity=Affinity(anti_preferred=(away,)))
    )
    cluster.reconcile_until_stable()
    assert sorted(placement(cluster, "web")) == ["node-1", "node-2", "node-3"]  # type: ignore[type-var]


@pytest.mark.parametrize(
    ("cpu", "memory", "score"),
    [(0.5, 0.25, 87), (0.5, 0.5, 100), (1.0, 0.0, 50), (1.5, 0.0, 50), (0.75, 0.5, 87)],
)
def test_balanced_allocation_score(cpu: float, memory: float, score: int) -> None:
    assert balanced_score(cpu, memory) == score


def test_balanced_allocation_strategy_prefers_the_balanced_node() -> None:
    nodes = [Node("cpu-heavy", cpu="8", memory="4Gi"), Node("even", cpu="4", memory="8Gi")]
    cluster = Cluster(nodes=nodes, scoring="BalancedAllocation")
    cluster.apply(Deployment("web", replicas=1, cpu="2", memory="4Gi"))
    cluster.reconcile_until_stable()
    assert placement(cluster, "web") == ["even"]


@pytest.mark.parametrize(
    "build",
    [
        lambda: TopologySpreadConstraint(0, ZONE, WEB),
        lambda: TopologySpreadConstraint(1, "", WEB),
        lambda: TopologySpreadConstraint(1, ZONE, WEB, "Maybe"),  # type: ignore[arg-type]
        lambda: WeightedPodAffinityTerm(0, PodAffinityTerm(WEB)),
        lambda: PreferredSchedulingTerm(101, NodeSelectorTerm((Requirement("a", "Exists"),))),
        lambda: NodeSelectorTerm(()),
    ],
)
def test_invalid_terms_are_rejected(build: object) -> None:
    with pytest.raises(InvalidSpecError):
        build()  # type: ignore[operator]


@pytest.mark.parametrize(
    "build",
    [
        lambda: Affinity(pod_required=("web",)),  # type: ignore[arg-type]
        lambda: Affinity(anti_required="web"),  # type: ignore[arg-type]
        lambda: PodAffinityTerm({"app": "web"}),  # type: ignore[arg-type]
        lambda: NodeSelectorTerm(("disk=ssd",)),  # type: ignore[arg-type]
        lambda: Deployment("web", topology_spread=["zone"]),  # type: ignore[list-item]
        lambda: Requirement("app", "In", "web"),  # a string is not a list of values
        lambda: LabelSelector.of({"app": 1}),  # type: ignore[dict-item]
    ],
)
def test_wrong_types_are_rejected_at_the_boundary(build: object) -> None:
    with pytest.raises(InvalidSpecError):
        build()  # type: ignore[operator]
