"""Deployment controller: one kind of progress per pass, in upstream's order.

A sync checks its cases in a fixed order — a scaling event (proportional scaling),
then the rollout (RollingUpdate's two-ReplicaSet dance, or Recreate), then cleanup of
old ReplicaSets beyond ``revisionHistoryLimit`` once the rollout is complete.
"""

from __future__ import annotations

from collections.abc import Iterable

from kubeloop.cluster.controllers.actions import (
    Action,
    CreateReplicaSet,
    DeleteReplicaSet,
    ReviseReplicaSet,
    ScaleReplicaSet,
)
from kubeloop.cluster.controllers.rollout_math import Sized, new_rs_new_replicas, proportional_scale
from kubeloop.cluster.deployments import DeploymentRecord, ReplicaSetRecord
from kubeloop.cluster.state import ClusterState


def budget(deployment: DeploymentRecord) -> tuple[int, int]:
    """(surge, maxUnavailable) resolved for the current replicas; (0, 0) for Recreate."""
    return deployment.spec.fenceposts


def new_replicaset(state: ClusterState, deployment: DeploymentRecord) -> ReplicaSetRecord | None:
    """The oldest ReplicaSet whose template equals the deployment's."""
    return find_new(state.replicasets_of(deployment.name), deployment)


def find_new(sets: list[ReplicaSetRecord], deployment: DeploymentRecord) -> ReplicaSetRecord | None:
    """The oldest of ``sets`` (oldest first) whose template equals the deployment's.

    The ReplicaSet the controller created shares the deployment's template object, so an
    identity check answers before the field-by-field comparison is needed.
    """
    template = deployment.template
    for rs in sets:
        if rs.template is template or rs.template == template:
            return rs
    return None


def is_complete(state: ClusterState, deployment: DeploymentRecord) -> bool:
    sets = state.replicasets_of(deployment.name)
    return _complete(deployment, find_new(sets, deployment), sets)


def _complete(
    deployment: DeploymentRecord, new_rs: ReplicaSetRecord | None, sets: list[ReplicaSetRecord]
) -> bool:
    replicas = deployment.spec.replicas
    if new_rs is None or len(new_rs.pods) != replicas:
        return False
    if len(sets) == 1:  # only the new ReplicaSet: its counts are the deployment's
        return new_rs.available == replicas
    return (
        sum(len(rs.pods) for rs in sets) == replicas
        and sum(rs.available for rs in sets) == replicas
    )


def reconcile(state: ClusterState, names: Iterable[str]) -> list[Action]:
    """Sync the queued deployments, in name order.

    The two syncs a many-deployment cluster makes most are answered before ``sync`` is
    called, with exactly its answer: a deployment without ReplicaSets creates its first
    (at full size: nothing is there to surge past), and a deployment whose only ReplicaSet
    is the current one, at its size and annotated with it, has nothing to do.
    """
    actions: list[Action] = []
    owned = state.replicasets_by_deployment
    deployments = state.deployments
    for name in sorted(names):
        deployment = deployments[name]
        sets = owned.get(name)
        if not sets:
            spec = deployment.spec
            replicas = spec.replicas
            surge = spec.fenceposts[0]
            actions.append(
                CreateReplicaSet(name, deployment.template, replicas, 1, replicas + surge)
            )
        elif len(sets) != 1 or not _settled(deployment, next(iter(sets.values()))):
            actions.extend(sync(state, deployment))
    return actions


def _settled(deployment: DeploymentRecord, rs: ReplicaSetRecord) -> bool:
    """Would ``sync`` leave this deployment, whose only ReplicaSet is ``rs``, as it is?

    Yes when ``rs`` is current, at the deployment's size, annotated with it (or empty),
    and has a revision no old ReplicaSet can outrank: there is nothing to scale, roll,
    revise or clean up (``cleanup`` has no old ReplicaSet to delete).
    """
    replicas = deployment.spec.replicas
    template = deployment.template
    return (
        rs.replicas == replicas
        and replicas in (0, rs.desired_annotation)
        and rs.revision > 0
        and (rs.template is template or rs.template == template)
    )


def sync(state: ClusterState, deployment: DeploymentRecord) -> list[Action]:
    sets = state.replicasets_of(deployment.name)
    new_rs = find_new(sets, deployment)
    old = [rs for rs in sets if rs is not new_rs]
    replicas = deployment.spec.replicas
    refreshed: list[Action] = []
    if new_rs is not None and any(
        rs.replicas > 0 and rs.desired_annotation != replicas for rs in sets
    ):
        refreshed = scale(deployment, new_rs, sets)
        if not refreshed or any(_resizes(state, action) for action in refreshed):
            return refreshed
        # Only the annotations change. Upstream writes them and that write requeues the
        # deployment at once; taking its rollout step in this same pass keeps the rule
        # "a pass that changes nothing leaves a state the next pass will not change".
    if deployment.spec.strategy == "Recreate":
        actions = rollout_recreate(deployment, new_rs, old)
    else:
        actions = rollout_rolling(deployment, new_rs, old)
    if not actions and _complete(deployment, new_rs, sets):
        actions = cleanup(deployment, old)
    return refreshed + actions


def _resizes(state: ClusterState, action: Action) -> bool:
    """Does the action change a ReplicaSet's size (not only its annotations)?"""
    if not isinstance(action, ScaleReplicaSet):
        return True
    return action.replicas != state.replicasets[action.replicaset].replicas


def _scale(rs: ReplicaSetRecord, replicas: int, deployment: DeploymentRecord) -> ScaleReplicaSet:
    surge, _ = budget(deployment)
    target = deployment.spec.replicas
    return ScaleReplicaSet(rs.name, replicas, target, target + surge)


def scale(
    deployment: DeploymentRecord, new_rs: ReplicaSetRecord, sets: list[ReplicaSetRecord]
) -> list[Action]:
    replicas = deployment.spec.replicas
    active = [rs for rs in sets if rs.replicas > 0]
    if len(active) <= 1:
        target = active[0] if active else new_rs
        return [_scale(target, replicas, deployment)]
    saturated = (
        new_rs.replicas == replicas
        and new_rs.desired_annotation == replicas
        and new_rs.available == replicas
    )
    if saturated:
        return [_scale(rs, 0, deployment) for rs in active if rs is not new_rs]
    if deployment.spec.strategy != "RollingUpdate":
        return []
    surge, _ = budget(deployment)
    sizes = proportional_scale(
        [Sized(rs.name, rs.replicas, rs.max_annotation, rs.seq) for rs in active], replicas, surge
    )
    return [_scale(rs, sizes[rs.name], deployment) for rs in active]


def _next_revision(new_rs: ReplicaSetRecord | None, old: list[ReplicaSetRecord]) -> list[Action]:
    """A ReplicaSet that becomes current again (a rollback) takes a new, higher revision."""
    highest_old = max(rs.revision for rs in old) if old else 0
    if new_rs is not None and new_rs.revision <= highest_old:
        return [ReviseReplicaSet(new_rs.name, highest_old + 1)]
    return []


def _create(
    deployment: DeploymentRecord, old: list[ReplicaSetRecord], size: int, surge: int
) -> Action:
    revision = max((rs.revision for rs in old), default=0) + 1
    target = deployment.spec.replicas
    return CreateReplicaSet(deployment.name, deployment.template, size, revision, target + surge)


def rollout_rolling(
    deployment: DeploymentRecord,
    new_rs: ReplicaSetRecord | None,
    old: list[ReplicaSetRecord],
) -> list[Action]:
    replicas = deployment.spec.replicas
    surge, unavailable = budget(deployment)
    old_total = sum(rs.replicas for rs in old) if old else 0
    actions = _next_revision(new_rs, old)
    if new_rs is None:
        new_size = new_rs_new_replicas(replicas, surge, old_total, 0)
        actions.append(_create(deployment, old, new_size, surge))
        new_available = 0
    else:
        if new_rs.replicas > replicas:
            return [*actions, _scale(new_rs, replicas, deployment)]
        target = new_rs_new_replicas(replicas, surge, old_total + new_rs.replicas, new_rs.replicas)
        if target != new_rs.replicas:
            return [*actions, _scale(new_rs, target, deployment)]
        new_size, new_available = new_rs.replicas, new_rs.available
    return actions + scale_down_old(deployment, old, new_size, new_available, unavailable)


def scale_down_old(
    deployment: DeploymentRecord,
    old: list[ReplicaSetRecord],
    new_size: int,
    new_available: int,
    unavailable: int,
) -> list[Action]:
    """``reconcileOldReplicaSets``: unhealthy old pods first, then healthy ones within budget."""
    if not old or sum(rs.replicas for rs in old) == 0:
        return []
    min_available = deployment.spec.replicas - unavailable
    all_pods = sum(rs.replicas for rs in old) + new_size
    max_scaled_down = all_pods - min_available - (new_size - new_available)
    if max_scaled_down <= 0:
        return []
    sizes = {rs.name: rs.replicas for rs in old}
    cleaned = 0
    for rs in old:
        if cleaned >= max_scaled_down:
            break
        if rs.replicas in (0, rs.available):
            continue
        step = min(max_scaled_down - cleaned, rs.replicas - rs.available)
        sizes[rs.name] -= step
        cleaned += step
    available = sum(rs.available for rs in old) + new_available
    if available > min_available:
        budget_left = available - min_available
        for rs in old:
            if budget_left <= 0:
                break
            step = min(sizes[rs.name], budget_left)
            sizes[rs.name] -= step
            budget_left -= step
    return [_scale(rs, sizes[rs.name], deployment) for rs in old if sizes[rs.name] != rs.replicas]


def rollout_recreate(
    deployment: DeploymentRecord,
    new_rs: ReplicaSetRecord | None,
    old: list[ReplicaSetRecord],
) -> list[Action]:
    """Scale every old ReplicaSet to 0, wait for their pods to go, then start the new one."""
    replicas = deployment.spec.replicas
    active_old = [rs for rs in old if rs.replicas > 0]
    if active_old:
        return [_scale(rs, 0, deployment) for rs in active_old]
    if any(rs.pods for rs in old):
        return []
    if new_rs is None:
        return [_create(deployment, old, replicas, 0)]
    actions = _next_revision(new_rs, old)
    if new_rs.replicas != replicas:
        actions.append(_scale(new_rs, replicas, deployment))
    return actions


def cleanup(deployment: DeploymentRecord, old: list[ReplicaSetRecord]) -> list[Action]:
    """Delete the oldest revisions beyond ``revisionHistoryLimit`` (only empty ones)."""
    excess = len(old) - deployment.spec.revision_history_limit
    if excess <= 0:
        return []
    by_revision = sorted(old, key=lambda rs: (rs.revision, rs.seq))
    return [
        DeleteReplicaSet(rs.name) for rs in by_revision[:excess] if rs.replicas == 0 and not rs.pods
    ]
