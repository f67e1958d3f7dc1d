"""Every shape a real cluster has, at two sizes: ``python benchmarks/shapes.py [SHAPE …]``.

K=1 is 15k pods on 510 nodes, K=10 is 150k pods on 5,100 nodes (32 cpu / 128Gi nodes, pods
of 1 cpu / 1Gi unless a shape says otherwise). Each shape and size runs in its own process,
so its peak RSS is its own. Printed per shape: converge from empty (wall, and CPU at K=10),
a no-op reconcile, fail_node + reconcile, delete_pod + reconcile, draining a node, peak RSS,
and the K=10 / K=1 converge ratio, each beside issue #11's target. Everything goes through
the public API.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kubeloop import (
    Cluster,
    Deployment,
    LabelSelector,
    Node,
    PodDisruptionBudget,
    Taint,
    Toleration,
)
from kubeloop.cluster.affinity import Affinity, PodAffinityTerm, TopologySpreadConstraint

NODE_CPU, NODE_MEMORY = "32", "128Gi"


def _nodes(count: int, **extra: Any) -> list[Node]:
    return [Node(f"node-{i:05d}", cpu=NODE_CPU, memory=NODE_MEMORY, **extra) for i in range(count)]


def _deployments(cluster: Cluster, count: int, replicas: int, **extra: Any) -> None:
    for d in range(count):
        name = f"app-{d:05d}"
        cluster.apply(Deployment(name, replicas=replicas, cpu="1", memory="1Gi", **extra))


def identical(k: int) -> Cluster:
    cluster = Cluster(nodes=_nodes(510 * k))
    _deployments(cluster, 150, 100 * k)
    return cluster


def scored(strategy: str) -> Callable[[int], Cluster]:
    def build(k: int) -> Cluster:
        cluster = Cluster(nodes=_nodes(510 * k), scoring=strategy)
        _deployments(cluster, 150, 100 * k)
        return cluster

    return build


def one_soft_taint(k: int) -> Cluster:
    nodes = _nodes(510 * k)
    nodes[len(nodes) // 2] = Node(
        nodes[len(nodes) // 2].name,
        cpu=NODE_CPU,
        memory=NODE_MEMORY,
        taints=[Taint("spot", "true", "PreferNoSchedule")],
    )
    cluster = Cluster(nodes=nodes)
    _deployments(cluster, 150, 100 * k)
    return cluster


def pending_many(k: int) -> Cluster:
    """30% of the pods cannot be placed; 1,500 × K deployments of 10."""
    cluster = Cluster(nodes=_nodes(328 * k))
    _deployments(cluster, 1500 * k, 10)
    return cluster


def pending_few(k: int) -> Cluster:
    """30% Pending, 150 deployments."""
    cluster = Cluster(nodes=_nodes(328 * k))
    _deployments(cluster, 150, 100 * k)
    return cluster


def every_size(k: int) -> Cluster:
    """150 deployments, each of its own size (about 100 × K pods on average)."""
    cluster = Cluster(nodes=_nodes(510 * k))
    for d in range(150):
        replicas = (d * 37 % 150 + 26) * k * 100 // 100
        cluster.apply(
            Deployment(f"app-{d:05d}", replicas=replicas, cpu=f"{250 + d % 7 * 125}m", memory="1Gi")
        )
    return cluster


def small_deployments(k: int) -> Cluster:
    cluster = Cluster(nodes=_nodes(510 * k))
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
    cluster = Cluster(nodes=_nodes(510 * k, taints=[Taint("dedicated", "x", "NoExecute")]))
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
    hostname: one pod of each deployment per node. Every node differs by the pods on it,
    so each pod filters and scores every node: O(pods × nodes) — about 70 s of CPU at K=1
    (load 4–9 on 2 shared cores); K=10 (100× the work) does not finish in minutes."""
    cluster = Cluster(nodes=_nodes(510 * k))
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
    "selector-tail": selector_tail,
    "all-tainted": all_tainted,
    "budgets": budgets,
    "spread-zones": spread_zones,
    "anti-affinity-hostname": anti_affinity_hostname,
}


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def measure(shape: str, k: int) -> dict[str, float]:
    """Run in a fresh process: build, converge, then the single operations."""
    if shape == "add-node":
        cluster = Cluster()
        nodes = _nodes(3500 * k)
        return {"converge": _timed(lambda: [cluster.add_node(n) for n in nodes]), **_rss()}
    if shape == "cluster-nodes":
        nodes = _nodes(3500 * k)
        return {"converge": _timed(lambda: Cluster(nodes=nodes)), **_rss()}
    if shape == "fail-10%":
        cluster = identical(k)
        cluster.reconcile_until_stable()
        names = [n.name for n in cluster.nodes()][::10]

        def fail_all() -> None:
            for name in names:
                cluster.fail_node(name)
            cluster.reconcile()

        return {"converge": _timed(fail_all), **_rss()}
    cluster = SHAPES[shape](k)
    cpu = time.process_time()
    figures = {"converge": _timed(cluster.reconcile_until_stable)}
    figures["converge_cpu"] = time.process_time() - cpu
    figures["noop_ms"] = _timed(cluster.reconcile) * 1000
    victim = next(p for p in cluster.pods() if p.node is not None)
    node = victim.node
    assert node is not None
    figures["fail_ms"] = _timed(lambda: (cluster.fail_node(node), cluster.reconcile())) * 1000
    running = next(p for p in cluster.pods() if p.node is not None)
    figures["delete_ms"] = (
        _timed(lambda: (cluster.delete_pod(running.name), cluster.reconcile())) * 1000
    )
    full = next(n.name for n in cluster.nodes() if n.pods and n.name != node)
    figures["drain_ms"] = _timed(lambda: cluster.drain(full)) * 1000
    return {**figures, **_rss()}


def _rss() -> dict[str, float]:
    return {"rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def _in_child(shape: str, k: int) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--child", shape, str(k)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    result: dict[str, float] = json.loads(out.splitlines()[-1])
    return result


def _mark(value: float | None, target: float) -> str:
    if value is None:
        return "—"
    return f"{value:.3g}" + ("" if value <= target else " ✗")


def _cpu(figures: dict[str, float]) -> str:
    """Converge's CPU time: on a shared machine, what the wall clock cannot show."""
    cpu = figures.get("converge_cpu")
    return "—" if cpu is None else f"{cpu:.3g}"


BY_NAME_ONLY = ("anti-affinity-hostname",)
"""Shapes too slow at K=10 to run unless asked for by name (see each one's docstring)."""


def _escaped(text: str) -> str:
    """argparse formats help text with ``%``, which a shape's name may hold."""
    return text.replace("%", "%%")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    every = [*SHAPES, "add-node", "cluster-nodes", "fail-10%"]
    usual = [shape for shape in every if shape not in BY_NAME_ONLY]
    parser.add_argument(
        "shapes",
        nargs="*",
        default=usual,
        help=_escaped(f"any of {', '.join(every)} (default: all but {', '.join(BY_NAME_ONLY)})"),
    )
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.child[0], int(args.child[1]))))
        return
    print(
        "| shape | converge K=1 (s) | K=10 (s, ≤ 2) | K=10 CPU (s) | ratio (≤ 12) "
        "| no-op (ms, ≤ 10) | fail+reconcile (ms, ≤ 20) | delete+reconcile (ms, ≤ 20) "
        "| drain (ms) | RSS K=10 (MB, ≤ 500) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for shape in args.shapes:
        small, large = _in_child(shape, 1), _in_child(shape, 10)
        ratio = large["converge"] / max(small["converge"], 1e-9)
        print(
            f"| {shape} | {small['converge']:.3g} | {_mark(large['converge'], 2.0)} "
            f"| {_cpu(large)} | {_mark(ratio, 12.0)} | {_mark(large.get('noop_ms'), 10.0)} "
            f"| {_mark(large.get('fail_ms'), 20.0)} | {_mark(large.get('delete_ms'), 20.0)} "
            f"| {_mark(large.get('drain_ms'), 20.0)} "
            f"| {_mark(large['rss_mb'], 500.0)} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
