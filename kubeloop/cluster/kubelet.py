"""Pod readiness over time: what each node's kubelet reports about its pods.

A pod whose Deployment has a startup delay turns Ready that many seconds after it was
bound (its readiness probe first passing); with ``startup_seconds=None`` it never does.
A Ready pod is *available* once Ready for longer than ``minReadySeconds`` (upstream's
strict ``IsPodAvailable``), which ``ReplicaSetRecord.available`` counts. Passes see
readiness as of the logical time they run at, so a delay is observed by the first pass
at or after it ends (every 15 s while time runs).
"""

from __future__ import annotations

from kubeloop.cluster.deployments import DeploymentRecord
from kubeloop.cluster.state import ClusterState


def promote(state: ClusterState) -> int:
    """Turn Ready every starting pod whose delay is over, and queue the deployments whose
    pods became available with time alone; how many pods turned Ready."""
    now = state.clock.now
    if state.wakeups:
        for name in [d for d, due in state.wakeups.items() if due <= now]:
            del state.wakeups[name]
            if name in state.deployments:
                state.dirty_deployments.add(name)
                later = next_change(state, state.deployments[name])
                if later is not None:
                    state.wakeups[name] = later
    if not state.starting:
        return 0
    due = [p for p in state.starting.values() if p.ready_at is not None and p.ready_at <= now]
    for pod in sorted(due, key=lambda p: p.seq):
        state.mark_started(pod)
    return len(due)


def next_change(state: ClusterState, deployment: DeploymentRecord) -> int | None:
    """The next logical time one of the deployment's pods turns Ready or available."""
    now = state.clock.now
    wait = deployment.spec.min_ready_seconds
    times: list[int] = []
    for rs in state.replicasets_of(deployment.name):
        for pod in rs.pods.values():
            if pod.ready_at is not None and pod.name in state.starting:
                times.append(pod.ready_at)
            elif wait and pod.ready and pod.ready_since is not None:
                available_at = pod.ready_since + wait + 1
                if available_at > now:
                    times.append(available_at)
    future = [t for t in times if t > now]
    return min(future) if future else None
