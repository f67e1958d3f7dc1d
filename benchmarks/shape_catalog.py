"""The cluster shapes ``shapes.py`` measures, each built at size K through the public API.

K=1 is 15k pods on 510 nodes, K=10 is 150k pods on 5,100 nodes (32 cpu / 128Gi nodes, pods
of 1 cpu / 1Gi unless a shape says otherwise).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kubeloop import (
    Cluster,
    Deployment,
    LabelSelector,
    Node,
    PodDisruptionBudget,
    Taint,
    Toleration,
)
from kubeloop.cluster.affinity import (
    Affinity,
    PodAffinityTerm,
    TopologySpreadConstraint,
    WeightedPodAffinityTerm,
)

NODE_CPU, NODE_MEMORY = "32", "128Gi"


def nodes_of(count: int, **extra: Any) -> list[Node]:
    return [Node(f"node-{i:05d}", cpu=NODE_CPU, memory=NODE_MEMORY, **extra) for i in range(count)]


def _deployments(cluster: Cluster, count: int, replicas: int, **extra: Any) -> None:
    for d in range(count):
        name = f"app-{d:05d}"
        cluster.apply(Deployment(name, replicas=replicas, cpu="1", memory="1Gi", **extra))


def identical(k: int) -> Cluster:
    cluster = Cluster(nodes=nodes_of(510 * k))
    _deployments(cluster, 150, 100 * k)
    return cluster


def scored(strategy: str) -> Callable[[int], Cluster]:
    def build(k: int) -> Cluster:
        cluster = Cluster(nodes=nodes_of(510 * k), scoring=strategy)
        _deployments(cluster, 150, 100 * k)
        return cluster

    return build


def _one_soft_tainted(k: int) -> list[Node]:
    """510 × K nodes, the middle one with a PreferNoSchedule taint."""
    nodes = nodes_of(510 * k)
    nodes[len(nodes) // 2] = Node(
        nodes[len(nodes) // 2].name,
        cpu=NODE_CPU,
        memory=NODE_MEMORY,
        taints=[Taint("spot", "true", "PreferNoSchedule")],
    )
    return nodes


def one_soft_taint(k: int) -> Cluster:
    cluster = Cluster(nodes=_one_soft_tainted(k))
    _deployments(cluster, 150, 100 * k)
    return cluster


def pending_many(k: int) -> Cluster:
    """30% of the pods cannot be placed; 1,500 × K deployments of 10."""
    cluster = Cluster(nodes=nodes_of(328 * k))
    _deployments(cluster, 1500 * k, 10)
    return cluster


def pending_few(k: int) -> Cluster:
    """30% Pending, 150 deployments."""
    cluster = Cluster(nodes=nodes_of(328 * k))
    _deployments(cluster, 150, 100 * k)
    return cluster


def every_size(k: int) -> Cluster:
    """150 deployments, each of its own size (about 100 × K pods on average)."""
    cluster = Cluster(nodes=nodes_of(510 * k))
    for d in range(150):
        replicas = (d * 37 % 150 + 26) * k * 100 // 100
        cluster.apply(
            Deployment(f"app-{d:05d}", replicas=replicas, cpu=f"{250 + d % 7 * 125}m", memory="1Gi")
        )
    return cluster


def distinct_sizes(k: int) -> Cluster:
    """1,500 × K deployments of 10, each with its own cpu and memory request (500m–1.7 cpu,
    512Mi–1.5Gi; 2% of the pods stay Pending), as a real cluster's deployments rarely
    share requests: every deployment asks a question no other asks."""
    cluster = Cluster(nodes=nodes_of(510 * k))
    for d in range(1500 * k):
        cpu, memory = f"{500 + d * 37 % 1201}m", f"{512 + d * 53 % 1025}Mi"
        cluster.apply(Deployment(f"app-{d:05d}", replicas=10, cpu=cpu, memory=memory))
    return cluster


def one_soft_taint_many(k: int) -> Cluster:
    """One PreferNoSchedule node, as ``one_soft_taint``, under 15 × K deployments of 1,000."""
    cluster = Cluster(nodes=_one_soft_tainted(k))
    _deployments(cluster, 15 * k, 1000)
    return cluster


def small_deployments(k: int) -> Cluster:
    cluster = Cluster(nodes=nodes_of(510 * k))
    _deployments(cluster, 1500 * k, 10)
    return cluster


def selector_tail(k: int) -> Cluster:
    """The last 10% of the nodes are labelled and tainted for one tenant that selects them."""
    count = 510 * k
    tail = count - count // 10
    nodes = [
        Node(
            f"node-{i:05d}",
            cpu=NODE_CPU,
            memory=NODE_MEMORY,
            labels={"pool": "tenant"} if i >= tail else {},
            taints=[Taint("tenant", "", "NoSchedule")] if i >= tail else [],
        )
        for i in range(count)
    ]
    cluster = Cluster(nodes=nodes)
    _deployments(
        cluster,
        15,
        100 * k,
        node_selector={"pool": "tenant"},
        tolerations=[Toleration("tenant", "Exists", "", "NoSchedule")],
    )
    _deployments_named(cluster, "rest", 135, 100 * k)
    return cluster


def _deployments_named(cluster: Cluster, prefix: str, count: int, replicas: int) -> None:
    for d in range(count):
        cluster.apply(Deployment(f"{prefix}-{d:05d}", replicas=replicas, cpu="1", memory="1Gi"))


def all_tainted(k: int) -> Cluster:
    cluster = Cluster(nodes=nodes_of(510 * k, taints=[Taint("dedicated", "x", "NoExecute")]))
    _deployments(
        cluster, 150, 100 * k, tolerations=[Toleration("dedicated", "Equal", "x", "NoExecute")]
    )
    return cluster


ZONE_KEY, HOST_KEY = "topology.kubernetes.io/zone", "kubernetes.io/hostname"


def spread_zones(k: int) -> Cluster:
    """Nodes in three zones; 15 deployments of 1,000 × K pods, each spread by zone with
    maxSkew 1 (DoNotSchedule): every pod is placement-aware, scheduled one by one."""
    nodes = [
        Node(f"node-{i:05d}", cpu=NODE_CPU, memory=NODE_MEMORY, labels={ZONE_KEY: f"z{i % 3}"})
        for i in range(510 * k)
    ]
    cluster = Cluster(nodes=nodes)
    for d in range(15):
        name = f"app-{d:05d}"
        spread = TopologySpreadConstraint(1, ZONE_KEY, LabelSelector({"app": name}))
        cluster.apply(
            Deployment(name, replicas=1000 * k, cpu="1", memory="1Gi", topology_spread=[spread])
        )
    return cluster


def anti_affinity_hostname(k: int) -> Cluster:
    """30 deployments of 500 × K pods, each with required anti-affinity to itself by
    hostname: one pod of each deployment per node, 30 to a node (510 × K nodes of 32 cpu
    leave room for all of them). Every node differs by the pods on it; placed per class
    refined by those pods (``affinity_classes.py``), it was O(pods × nodes) before — about
    70 s of CPU at K=1, K=10 did not finish in minutes."""
    cluster = Cluster(nodes=nodes_of(510 * k))
    for d in range(30):
        name = f"app-{d:05d}"
        term = PodAffinityTerm(LabelSelector({"app": name}), HOST_KEY)
        cluster.apply(
            Deployment(
                name,
                replicas=500 * k,
                cpu="1",
                memory="1Gi",
                affinity=Affinity(anti_required=(term,)),
            )
        )
    return cluster


def anti_affinity_pending(k: int) -> Cluster:
    """``anti_affinity_hostname`` with 600 × K pods a deployment on 510 × K nodes: one pod
    per deployment a node, so 30 × 90 × K pods stay Pending (what replicas beyond the node
    count do under required hostname anti-affinity)."""
    cluster = Cluster(nodes=nodes_of(510 * k))
    for d in range(30):
        name = f"app-{d:05d}"
        term = PodAffinityTerm(LabelSelector({"app": name}), HOST_KEY)
        affinity = Affinity(anti_required=(term,))
        cluster.apply(Deployment(name, replicas=600 * k, cpu="1", memory="1Gi", affinity=affinity))
    return cluster


def preferred_anti_hostname(k: int) -> Cluster:
    """30 deployments of 500 × K pods, each preferring (weight 100) not to share a node with
    its own pods: the soft form of ``anti_affinity_hostname``, placed by score."""
    cluster = Cluster(nodes=nodes_of(510 * k))
    for d in range(30):
        name = f"app-{d:05d}"
        term = PodAffinityTerm(LabelSelector({"app": name}), HOST_KEY)
        affinity = Affinity(anti_preferred=(WeightedPodAffinityTerm(100, term),))
        cluster.apply(Deployment(name, replicas=500 * k, cpu="1", memory="1Gi", affinity=affinity))
    return cluster


def affinity_hostname(k: int) -> Cluster:
    """15 deployments of 500 × K pods with anti-affinity to themselves by hostname, and 15
    companions of 500 × K pods each requiring one of its pods on the same node (a cache
    beside each web server): every node holds at most one pod of each pair."""
    cluster = Cluster(nodes=nodes_of(510 * k))
    for d in range(15):
        web, cache = f"web-{d:05d}", f"cache-{d:05d}"
        alone = PodAffinityTerm(LabelSelector({"app": web}), HOST_KEY)
        cluster.apply(
            Deployment(
                web,
                replicas=500 * k,
                cpu="1",
                memory="1Gi",
                affinity=Affinity(anti_required=(alone,)),
            )
        )
        beside = PodAffinityTerm(LabelSelector({"app": web}), HOST_KEY)
        apart = PodAffinityTerm(LabelSelector({"app": cache}), HOST_KEY)
        cluster.apply(
            Deployment(
                cache,
                replicas=500 * k,
                cpu="1",
                memory="1Gi",
                affinity=Affinity(pod_required=(beside,), anti_required=(apart,)),
            )
        )
    return cluster


def preferred_affinity_zone(k: int) -> Cluster:
    """Nodes in three zones; 30 deployments of 500 × K pods, each preferring (weight 100)
    the zone its own pods already run in."""
    nodes = [
        Node(f"node-{i:05d}", cpu=NODE_CPU, memory=NODE_MEMORY, labels={ZONE_KEY: f"z{i % 3}"})
        for i in range(510 * k)
    ]
    cluster = Cluster(nodes=nodes)
    for d in range(30):
        name = f"app-{d:05d}"
        term = PodAffinityTerm(LabelSelector({"app": name}), ZONE_KEY)
        affinity = Affinity(pod_preferred=(WeightedPodAffinityTerm(100, term),))
        cluster.apply(Deployment(name, replicas=500 * k, cpu="1", memory="1Gi", affinity=affinity))
    return cluster


def budgets(k: int) -> Cluster:
    """The identical shape with a disruption budget (maxUnavailable 1) per deployment."""
    cluster = identical(k)
    for d in range(150):
        selector = LabelSelector({"app": f"app-{d:05d}"})
        cluster.add_disruption_budget(PodDisruptionBudget(f"pdb-{d}", selector, max_unavailable=1))
    return cluster


SHAPES: dict[str, Callable[[int], Cluster]] = {
    "identical": identical,
    "LeastAllocated": scored("LeastAllocated"),
    "MostAllocated": scored("MostAllocated"),
    "one-soft-taint": one_soft_taint,
    "30%-pending-many": pending_many,
    "30%-pending-150": pending_few,
    "every-size": every_size,
    "small-deployments": small_deployments,
    "distinct-sizes": distinct_sizes,
    "one-soft-taint-many": one_soft_taint_many,
    "selector-tail": selector_tail,
    "all-tainted": all_tainted,
    "budgets": budgets,
    "spread-zones": spread_zones,
    "anti-affinity-hostname": anti_affinity_hostname,
    "anti-affinity-pending": anti_affinity_pending,
    "preferred-anti-hostname": preferred_anti_hostname,
    "affinity-hostname": affinity_hostname,
    "preferred-affinity-zone": preferred_affinity_zone,
}
