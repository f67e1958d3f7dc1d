"""A simulated day of autoscaling: ``python benchmarks/long_run.py [--hours 24]``.

150 deployments, each under an HPA (2–20 replicas of 1 cpu / 1Gi) on 40 nodes of 32 cpu, so
that at busy hours some pods stay Pending. Every 10 minutes of logical time each
deployment's CPU utilisation moves along its own daily curve; the cluster reconciles every
15 s in between. Printed at 1 h, 6 h and 24 h: resident memory (now, not peak), the event
log's length, the history's records and the wall time so far. A bounded scenario keeps the
memory flat from the first hour on. ``--trace`` also prints what tracemalloc saw grow
between the 6-hour mark and the end (slower: every allocation is traced).
"""

from __future__ import annotations

import argparse
import gc
import math
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kubeloop import HPA, Cluster, Deployment, Node

STEP = 600
CHECKPOINTS = (1, 6, 24)


def rss_mb() -> float:
    """Resident memory now (Linux ``/proc``), after a full collection."""
    gc.collect()
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def build(deployments: int, nodes: int) -> Cluster:
    cluster = Cluster(nodes=[Node(f"node-{i:03d}", cpu="32", memory="128Gi") for i in range(nodes)])
    for d in range(deployments):
        name = f"app-{d:03d}"
        cluster.apply(Deployment(name, replicas=2, cpu="1", memory="1Gi"))
        cluster.autoscale(name, HPA(min_replicas=2, max_replicas=20, target=60))
    cluster.reconcile_until_stable()
    return cluster


def utilisation(d: int, seconds: int) -> int:
    """A daily curve with its own phase per deployment: 20–140% of the request."""
    phase = (d * 37 % 24) / 24
    return round(80 + 60 * math.sin(2 * math.pi * (seconds / 86400 + phase)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hours", type=int, default=24)
    parser.add_argument("--deployments", type=int, default=150)
    parser.add_argument("--nodes", type=int, default=40)
    parser.add_argument("--trace", action="store_true", help="tracemalloc growth after 6 h")
    args = parser.parse_args()
    if args.trace:
        tracemalloc.start()
    cluster = build(args.deployments, args.nodes)
    at_six: tracemalloc.Snapshot | None = None
    start = time.perf_counter()
    print(f"start: RSS {rss_mb():.1f} MB, {len(cluster.events)} events")
    print("| hours | RSS (MB) | events | history records | pods Pending | wall (s) |")
    print("|---|---|---|---|---|---|")
    for step in range(1, args.hours * 3600 // STEP + 1):
        for d in range(args.deployments):
            cluster.set_cpu_utilization(f"app-{d:03d}", utilisation(d, cluster.clock))
        cluster.run_for(STEP)
        hours = step * STEP / 3600
        if hours in CHECKPOINTS or hours == args.hours:
            pending = sum(1 for p in cluster.pods() if p.node is None)
            print(
                f"| {hours:g} | {rss_mb():.1f} | {len(cluster.events)} "
                f"| {len(cluster.history)} | {pending} | {time.perf_counter() - start:.1f} |",
                flush=True,
            )
            if args.trace and hours == 6:
                gc.collect()
                at_six = tracemalloc.take_snapshot()
    if at_six is not None:
        gc.collect()
        growth = tracemalloc.take_snapshot().compare_to(at_six, "lineno")
        print("\ngrowth after 6 h (tracemalloc, top 12):")
        for stat in growth[:12]:
            print(f"  {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d}  {stat.traceback}")


if __name__ == "__main__":
    main()
