"""What a wave of preemption costs: ``python benchmarks/preemption.py [--nodes N --vip N]``.

Nodes full of priority-0 pods of 1 cpu; then a deployment of a higher PriorityClass whose
pods each need ``--cpu`` (default 500m): every one fits nowhere, so DefaultPreemption dry-runs
the nodes, evicts victims and binds it. Pods of less than a victim's request share the room
one eviction frees, as upstream's next scheduling cycle would place them. Prints the CPU
time of the reconcile that does it (best of ``--runs`` clusters), the pods placed and the
pods preempted. Everything goes through the public API.
"""

from __future__ import annotations

import argparse
import time

from kubeloop import Cluster, Deployment, Node, PriorityClass


def wave(nodes: int, vip: int, cpu: str) -> tuple[float, int, int]:
    """(CPU seconds of the reconcile that preempts, vip pods placed, pods preempted)."""
    cluster = Cluster(nodes=[Node(f"node-{i:05d}", cpu="4", memory="16Gi") for i in range(nodes)])
    cluster.add_priority_class(PriorityClass("high", 1000))
    cluster.apply(Deployment("low", replicas=nodes * 4, cpu="1", memory="1Gi"))
    cluster.reconcile_until_stable()
    cluster.apply(
        Deployment("vip", replicas=vip, cpu=cpu, memory="256Mi", priority_class_name="high")
    )
    start = time.process_time()
    cluster.reconcile()
    spent = time.process_time() - start
    placed = sum(1 for pod in cluster.pods("vip") if pod.node is not None)
    preempted = sum(1 for event in cluster.events if event.reason == "Preempted")
    return spent, placed, preempted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--nodes", type=int, default=500)
    parser.add_argument("--vip", type=int, default=400)
    parser.add_argument("--cpu", default="500m")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    runs = [wave(args.nodes, args.vip, args.cpu) for _ in range(args.runs)]
    spent = min(run[0] for run in runs)
    _, placed, preempted = runs[0]
    print(
        f"{args.vip} pods of {args.cpu} at priority 1000 onto {args.nodes} full nodes: "
        f"{spent:.3f} s CPU, {placed} placed, {preempted} preempted"
    )


if __name__ == "__main__":
    main()
