"""Scale benchmark through the public contract: ``python benchmarks/scale.py``.

Nodes of 32 cpu / 128Gi, pods of 1 cpu / 1Gi. Prints each figure next to its target.
``--million`` also builds and converges 1,000,000 pods on 35,000 nodes (about a minute on a
loaded 2-core machine, and 1.5 GB), in a child process so its peak RSS is its own.
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kubeloop import Cluster, Deployment, Node


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def build(deployments: int, replicas: int, nodes: int) -> Cluster:
    cluster = Cluster(nodes=[Node(f"node-{i:05d}", cpu="32", memory="128Gi") for i in range(nodes)])
    for d in range(deployments):
        cluster.apply(Deployment(f"app-{d:03d}", replicas=replicas, cpu="1", memory="1Gi"))
    return cluster


def converge(deployments: int, replicas: int, nodes: int, runs: int = 2) -> tuple[Cluster, float]:
    """Best of ``runs`` convergences from empty; returns the last cluster."""
    best = float("inf")
    for _ in range(runs):
        cluster = build(deployments, replicas, nodes)
        best = min(best, timed(cluster.reconcile_until_stable))
    return cluster, best


def report(label: str, value: float, target: float, unit: str = "s") -> None:
    verdict = "ok" if value <= target else "OVER TARGET"
    print(f"{label:<48} {value:>10.4f} {unit:<3} (target ≤ {target} {unit})  {verdict}")


def million() -> dict[str, float]:
    """1,000 deployments of 1,000 pods on 35,000 nodes: build, then converge."""
    cpu = time.process_time()
    built = timed(lambda: clusters.append(build(1000, 1000, 35_000)))
    cluster = clusters.pop()
    converged = timed(cluster.reconcile_until_stable)
    cpu = time.process_time() - cpu
    running = sum(1 for p in cluster.pods() if p.node is not None)
    return {
        "build": built,
        "converge": converged,
        "cpu": cpu,
        "running": running,
        "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


clusters: list[Cluster] = []


def report_million() -> None:
    out = subprocess.run(
        [sys.executable, __file__, "--million-child"], capture_output=True, text=True, check=True
    ).stdout
    figures = json.loads(out.splitlines()[-1])
    print(f"1,000,000 pods ({figures['running']:.0f} running) on 35,000 nodes")
    report("build (Cluster(nodes) + 1,000 applies)", figures["build"], 10.0)
    report("converge from empty", figures["converge"], 10.0)
    report("build + converge", figures["build"] + figures["converge"], 10.0)
    report("build + converge, CPU time", figures["cpu"], 10.0)
    report("peak RSS", figures["rss_mb"], 2048.0, "MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deployments", type=int, default=150)
    parser.add_argument("--replicas", type=int, default=1000)
    parser.add_argument("--nodes", type=int, default=5100)
    parser.add_argument("--million", action="store_true", help="also 1M pods on 35k nodes")
    parser.add_argument("--million-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.million_child:
        print(json.dumps(million()))
        return

    small, small_seconds = converge(args.deployments, args.replicas // 10, args.nodes // 10)
    cluster, seconds = converge(args.deployments, args.replicas, args.nodes)
    pods = len(cluster.pods())
    pending = sum(1 for p in cluster.pods() if p.phase == "Pending")
    print(f"{pods} pods ({pending} pending) on {args.nodes} nodes, {args.deployments} deployments")
    report("converge from empty", seconds, 2.0)
    report("second (no-op) reconcile", timed(cluster.reconcile) * 1000, 10.0, "ms")
    victim = cluster.pods()[0].node
    assert victim is not None

    def fail_and_reconcile() -> None:
        cluster.fail_node(victim)
        cluster.reconcile()

    report("fail_node + reconcile", timed(fail_and_reconcile) * 1000, 20.0, "ms")
    report("time ratio for 10x the pods", seconds / small_seconds, 12.0, "x")
    del small

    rollout = Cluster(nodes=[Node(f"node-{i:04d}", cpu="32", memory="128Gi") for i in range(400)])
    rollout.apply(Deployment("big", replicas=10_000, cpu="1", memory="1Gi"))
    rollout.reconcile_until_stable()
    steps: list[object] = []
    elapsed = timed(
        lambda: steps.extend(
            rollout.rolling_update("big", "v2", max_surge="25%", max_unavailable="25%")
        )
    )
    versions = {p.version for p in rollout.pods("big")}
    assert versions == {"v2"}, f"rollout did not finish: versions {versions}"
    report(f"10,000-replica rolling update ({len(steps)} passes)", elapsed, 2.0)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    report("peak RSS", peak_mb, 500.0, "MB")
    if args.million:
        report_million()


if __name__ == "__main__":
    main()
