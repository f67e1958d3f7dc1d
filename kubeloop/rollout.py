"""Driving a rollout to completion, pass by pass, and diagnosing one that is stuck."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kubeloop.controllers.deployment import is_complete, new_replicaset
from kubeloop.controllers.deployment_status import totals
from kubeloop.errors import RolloutStalledError
from kubeloop.records import DeploymentRecord
from kubeloop.state import ClusterState
from kubeloop.views import RolloutSnapshot

if TYPE_CHECKING:
    from kubeloop.cluster import Cluster


def pass_bound(replicas: int) -> int:
    """A rollout makes progress every pass or two; this bound is never reached by a healthy one."""
    return 4 * replicas + 20


def drive_rollout(
    cluster: Cluster, state: ClusterState, record: DeploymentRecord
) -> list[RolloutSnapshot]:
    snapshots: list[RolloutSnapshot] = []
    for step in range(1, pass_bound(record.spec.replicas) + 1):
        result = cluster.reconcile()
        pods, updated, ready, _ = totals(state, record)
        snapshots.append(RolloutSnapshot(step, pods, ready, updated))
        if is_complete(state, record):
            return snapshots
        if not result.changed:
            raise RolloutStalledError(record.name, stall_reason(state, record), snapshots)
    raise RolloutStalledError(
        record.name,
        f"not complete after {pass_bound(record.spec.replicas)} reconcile passes",
        snapshots,
    )


def stall_reason(state: ClusterState, record: DeploymentRecord) -> str:
    """Why a rollout cannot move: the new pod that cannot be placed, else the budget."""
    new_rs = new_replicaset(state, record)
    if new_rs is not None:
        stuck = [p for p in new_rs.pods.values() if p.node is None]
        if stuck:
            pod = min(stuck, key=lambda p: p.seq)
            return f"new pod {pod.name} is Pending: {pod.message}"
        unready = [p for p in new_rs.pods.values() if not p.ready]
        if unready:
            pod = min(unready, key=lambda p: p.seq)
            return f"new pod {pod.name} is not ready (its node {pod.node} is not ready)"
    pods, updated, ready, _ = totals(state, record)
    return (
        f"no progress possible within maxSurge={record.spec.max_surge} and "
        f"maxUnavailable={record.spec.max_unavailable}: {updated} of "
        f"{record.spec.replicas} pods updated, {ready} ready, {pods} in total"
    )
