"""``kubeloop demo``: a short narrated walk through the reconciliation loop."""

from __future__ import annotations

from collections.abc import Callable

from kubeloop.cluster import Cluster
from kubeloop.cluster.autoscaling import HPA
from kubeloop.cluster.deployments import Deployment
from kubeloop.cluster.intstr import max_unavailable, resolve_fenceposts
from kubeloop.cluster.nodes import Node
from kubeloop.errors import RolloutStalledError
from kubeloop.render import cluster_picture, rollout_table


def run(say: Callable[[str], None] = print) -> None:
    say("kubeloop demo — desired state in, converged state out, one reconcile at a time.\n")
    cluster = Cluster(nodes=[Node(f"node-{i}", cpu="4", memory="8Gi") for i in (1, 2, 3)])
    say("1. Three nodes of 4 cpu / 8Gi. I declare a deployment of 4 pods, 500m / 256Mi each.")
    cluster.apply(Deployment("web", replicas=4, cpu="500m", memory="256Mi", version="v1"))
    result = cluster.reconcile()
    say(f"   reconcile → {result.describe()}")
    say(cluster_picture(cluster))
    say(f"   reconcile again → {cluster.reconcile().describe()}  (idempotent: nothing to do)\n")

    say("2. node-1 fails. Its pods are evicted; the next pass recreates them on survivors.")
    cluster.fail_node("node-1")
    say(f"   reconcile → {cluster.reconcile().describe()}")
    say(cluster_picture(cluster) + "\n")

    say("3. Ask for 20 pods: the scheduler packs by requests; what fits nowhere stays Pending.")
    cluster.scale("web", 20)
    cluster.reconcile()
    say(cluster_picture(cluster, max_pods_shown=4) + "\n")
    cluster.recover_node("node-1")
    cluster.scale("web", 6)
    cluster.reconcile_until_stable()

    say("4. Roll out v2 with maxSurge 1, maxUnavailable 0 — the budget holds at every step:")
    steps = cluster.rolling_update("web", "v2", max_surge=1, max_unavailable=0)
    surge, _ = resolve_fenceposts(1, 0, 6)
    say(rollout_table(steps, 6, surge, max_unavailable(1, 0, 6)) + "\n")

    say("5. maxSurge 0 and maxUnavailable 0 leaves no room to move:")
    try:
        cluster.rolling_update("web", "v3", max_surge=0, max_unavailable=0)
    except RolloutStalledError as error:
        say(f"   RolloutStalledError: {error.reason}\n")

    say("6. Roll back: the previous revision comes back under the same budget.")
    cluster.rollback("web")
    say(f"   versions now: {sorted({p.version for p in cluster.pods()})}\n")

    hpa = HPA(min_replicas=1, max_replicas=10, target=50)
    say(
        "7. An HPA targeting 50% cpu sees 90% on 4 replicas: "
        f"ceil(4 × 90/50) = {hpa.desired_replicas(4, 90)}; at 54% it holds "
        f"({hpa.desired_replicas(4, 54)}), inside the 10% tolerance band."
    )
