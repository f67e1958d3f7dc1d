"""ReplicaSet controller: converge each ReplicaSet's pod count to its spec.

Scale-down victims follow ``ActivePodsWithRanks.Less``: unscheduled first, then
Pending before Running, not-ready before ready, more co-located siblings first,
shorter time ready first (log2 buckets), and newer first — kubeloop's stand-in for
upstream's random UID tie-break, so the order is deterministic.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from operator import attrgetter

from kubeloop.cluster.controllers.actions import Action, CreatePods, DeletePods
from kubeloop.cluster.deployments import ReplicaSetRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.state import ClusterState

_NAME = attrgetter("name")


def reconcile(state: ClusterState, deployments: Iterable[str]) -> list[Action]:
    """Converge the ReplicaSets of the queued deployments, in ReplicaSet name order."""
    owned = state.replicasets_by_deployment
    uneven = [
        rs
        for d in deployments
        if d in owned
        for rs in owned[d].values()
        if len(rs.pods) != rs.replicas
    ]
    actions: list[Action] = []
    for rs in sorted(uneven, key=_NAME):
        diff = len(rs.pods) - rs.replicas
        if diff < 0:
            actions.append(CreatePods(rs.name, -diff))
        else:
            victims = pods_to_delete(state, rs, diff)
            actions.append(DeletePods(rs.name, tuple(p.name for p in victims)))
    return actions


def pods_to_delete(state: ClusterState, rs: ReplicaSetRecord, count: int) -> list[PodRecord]:
    pods = list(rs.pods.values())
    if count >= len(pods):
        return pods
    siblings: Counter[str | None] = Counter(p.node for p in state.pods_of(rs.deployment))
    now = state.clock.now

    def rank(pod: PodRecord) -> tuple[int, int, int, int, int, int]:
        ready_bucket = 0
        if pod.ready and pod.ready_since is not None:
            ready_bucket = (now - pod.ready_since + 1).bit_length()
        return (
            pod.node is not None,
            0 if pod.node is None else 2,
            pod.ready,
            -siblings[pod.node] if pod.node is not None else 0,
            ready_bucket,
            -pod.seq,
        )

    return sorted(pods, key=rank)[:count]
