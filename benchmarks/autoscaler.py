"""What the cluster autoscaler's loop costs: ``python benchmarks/autoscaler.py``.

A cluster of static nodes and one node group; a deployment grows past what the nodes hold
(scale-up: binpacking thousands of pending pods), then shrinks (scale-down: every group
node is a candidate the simulation tries to empty). Prints the time of one loop in each
phase; clusters without node groups run no loop at all (see ``benchmarks/scale.py``).
"""

from __future__ import annotations

import argparse
import time

from kubeloop import AutoscalerSettings, Cluster, Deployment, Node, NodeGroup


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--nodes", type=int, default=500)
    parser.add_argument("--pending", type=int, default=5000)
    args = parser.parse_args()
    cluster = Cluster(
        nodes=[Node(f"node-{i:05d}", cpu="8", memory="32Gi") for i in range(args.nodes)]
    )
    cluster.add_node_group(NodeGroup("pool", max_size=10_000, cpu="8", memory="32Gi"))
    cluster.configure_autoscaler(AutoscalerSettings(provisioning_delay=0))
    replicas = args.nodes * 8 + args.pending
    cluster.apply(Deployment("web", replicas=replicas, cpu="1", memory="1Gi"))
    cluster.reconcile_until_stable()
    cluster.run_for(9)  # pods are 9 s old: the loop at 10 s scales up
    start = time.perf_counter()
    cluster.run_for(1)
    scale_up = time.perf_counter() - start
    group = cluster.node_group("pool")
    print(f"scale-up loop: {args.pending} pending pods on {args.nodes} full nodes → "
          f"{group.target_size} new nodes in {scale_up:.3f} s")  # fmt: skip
    cluster.scale("web", args.nodes * 4)
    cluster.reconcile_until_stable()
    start = time.perf_counter()
    cluster.run_for(10)
    scale_down = time.perf_counter() - start
    info = cluster.cluster_autoscaler()
    print(f"scale-down loop over {group.target_size} group nodes and {args.nodes} others: "
          f"{len(info.unneeded)} unneeded in {scale_down:.3f} s")  # fmt: skip


if __name__ == "__main__":
    main()
