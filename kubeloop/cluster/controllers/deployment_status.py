"""Deployment status: the Available and Progressing conditions, and the progress deadline.

Runs at the end of every pass. ``progressDeadlineSeconds`` is measured on the logical
clock from the last time the rollout made progress; once it is exceeded the
Progressing condition turns False with reason ProgressDeadlineExceeded (no automatic
rollback, as upstream).
"""

from __future__ import annotations

from collections.abc import Iterable

from kubeloop.cluster.controllers.deployment import budget, find_new
from kubeloop.cluster.deployments import DeploymentCounts, DeploymentRecord, ReplicaSetRecord
from kubeloop.cluster.state import ClusterState
from kubeloop.core.conditions import set_condition, touched


def update(state: ClusterState, names: Iterable[str]) -> None:
    """Update the status of the deployments something happened to, or whose rollout runs.

    A complete deployment whose status already says so (the common case of a pass after a
    scale-up settles) is only taken off the deadline watch, which is all ``update_one``
    would do to it.
    """
    owned = state.replicasets_by_deployment
    deployments = state.deployments
    deadlines = state.deadlines
    for name in sorted(names):
        deployment = deployments[name]
        sets = owned.get(name)
        if sets is not None and len(sets) == 1 and _reports_complete(deployment, sets):
            deadlines.pop(name, None)
        else:
            update_one(state, deployment)


def _reports_complete(deployment: DeploymentRecord, sets: dict[str, ReplicaSetRecord]) -> bool:
    """Is the deployment's only ReplicaSet current and complete, and its status so already?"""
    rs = next(iter(sets.values()))
    template = deployment.template
    if deployment.spec.min_ready_seconds or not (
        rs.template is template or rs.template == template
    ):
        return False
    pods, ready = len(rs.pods), rs.ready_count
    if not pods == ready == deployment.spec.replicas or deployment.status != (
        pods,
        pods,
        ready,
        ready,
    ):
        return False
    conditions = deployment.conditions
    available = conditions.get("Available")
    progressing = conditions.get("Progressing")
    return (
        available is not None
        and available.reason == "MinimumReplicasAvailable"
        and available.status == "True"
        and available.message == _AVAILABLE
        and progressing is not None
        and progressing.reason == "NewReplicaSetAvailable"
        and progressing.status == "True"
        and progressing.message == _progressed(rs.name)
    )


_AVAILABLE = "Deployment has minimum availability."


def _progressed(rs_name: str) -> str:
    return f'ReplicaSet "{rs_name}" has successfully progressed.'


def totals(state: ClusterState, deployment: DeploymentRecord) -> DeploymentCounts:
    """The deployment's counts right now (available: Ready longer than minReadySeconds)."""
    sets = state.replicasets_of(deployment.name)
    return _totals(deployment, sets, find_new(sets, deployment))


def _totals(
    deployment: DeploymentRecord, sets: list[ReplicaSetRecord], new_rs: ReplicaSetRecord | None
) -> DeploymentCounts:
    pods = ready = 0
    for rs in sets:
        pods += len(rs.pods)
        ready += rs.ready_count
    available = (
        ready if deployment.spec.min_ready_seconds == 0 else sum(rs.available for rs in sets)
    )
    return DeploymentCounts(pods, len(new_rs.pods) if new_rs is not None else 0, ready, available)


def _set(
    deployment: DeploymentRecord, type_: str, status: str, reason: str, message: str, now: int
) -> bool:
    return set_condition(deployment.conditions, type_, status, reason, message, now)


def _watch_deadline(state: ClusterState, deployment: DeploymentRecord) -> None:
    """Remember when time alone would exceed the progress deadline (strictly after it)."""
    deadline = deployment.spec.progress_deadline_seconds
    progressing = deployment.conditions.get("Progressing")
    if deadline is not None and progressing is not None and progressing.status == "True":
        state.deadlines[deployment.name] = progressing.last_update + deadline + 1


def update_one(state: ClusterState, deployment: DeploymentRecord) -> None:
    now = state.clock.now
    replicas = deployment.spec.replicas
    sets = state.replicasets_of(deployment.name)
    new_rs = find_new(sets, deployment)
    pods, updated, ready, available = current = _totals(deployment, sets, new_rs)
    _, unavailable = budget(deployment)
    if available >= replicas - unavailable:
        _set(
            deployment,
            "Available",
            "True",
            "MinimumReplicasAvailable",
            _AVAILABLE,
            now,
        )
    else:
        _set(
            deployment,
            "Available",
            "False",
            "MinimumReplicasUnavailable",
            "Deployment does not have minimum availability.",
            now,
        )
    rs_name = new_rs.name if new_rs is not None else deployment.name
    old_pods, old_updated, old_ready, old_available = deployment.status
    progressed = (
        updated > old_updated
        or (pods - updated) < (old_pods - old_updated)
        or ready > old_ready
        or available > old_available
    )
    deployment.status = current
    complete = new_rs is not None and updated == pods == available == replicas
    state.deadlines.pop(deployment.name, None)
    progressing = deployment.conditions.get("Progressing")
    if complete:
        _set(
            deployment,
            "Progressing",
            "True",
            "NewReplicaSetAvailable",
            _progressed(rs_name),
            now,
        )
        return
    if progressed or progressing is None or progressing.reason == "NewReplicaSetAvailable":
        _set(
            deployment,
            "Progressing",
            "True",
            "ReplicaSetUpdated",
            f'ReplicaSet "{rs_name}" is progressing.',
            now,
        )
        current_progressing = deployment.conditions["Progressing"]
        if current_progressing.last_update != now:  # already reports progress at ``now``
            deployment.conditions["Progressing"] = touched(current_progressing, now)
        _watch_deadline(state, deployment)
        return
    _watch_deadline(state, deployment)
    deadline = deployment.spec.progress_deadline_seconds
    if (
        deadline is not None
        and progressing.last_update + deadline < now
        and _set(
            deployment,
            "Progressing",
            "False",
            "ProgressDeadlineExceeded",
            f'ReplicaSet "{rs_name}" has timed out progressing.',
            now,
        )
    ):
        state.events.warning(
            "ProgressDeadlineExceeded",
            f"deployment/{deployment.name}",
            f'Deployment "{deployment.name}" exceeded its progress deadline',
        )
