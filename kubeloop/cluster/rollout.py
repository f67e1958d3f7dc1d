"""Starting a rollout or a rollback, driving it pass by pass, diagnosing one that is stuck."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from kubeloop.cluster import kubelet
from kubeloop.cluster.controllers.deployment import is_complete, new_replicaset
from kubeloop.cluster.controllers.deployment_status import totals
from kubeloop.cluster.deployments import DeploymentRecord
from kubeloop.cluster.history import ReconcileResult
from kubeloop.cluster.int_or_percent import IntOrPercent, is_literal_zero, validate_int_or_percent
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.state import ClusterState
from kubeloop.core.quantity import format_cpu, format_memory
from kubeloop.errors import NotFoundError, RolloutStalledError


@dataclass(frozen=True, slots=True)
class RolloutSnapshot:
    """One step of a rollout, after a reconcile pass: pods that exist, are ready, are new."""

    step: int
    total: int
    ready: int
    updated: int


def start_rolling_update(
    record: DeploymentRecord,
    version: str,
    max_surge: IntOrPercent | None,
    max_unavailable: IntOrPercent | None,
    digest: str | None = None,
) -> None:
    """Point the deployment at VERSION (of artifact DIGEST, if given) under the given budget
    (its own when not given).

    Literal 0 and 0 is rejected with ``RolloutStalledError`` before anything changes.
    """
    spec = record.spec
    surge = spec.max_surge if max_surge is None else max_surge
    unavailable = spec.max_unavailable if max_unavailable is None else max_unavailable
    where = f'deployment "{record.name}"'
    validate_int_or_percent(surge, "maxSurge", where)
    validate_int_or_percent(unavailable, "maxUnavailable", where, at_most_100=True)
    if is_literal_zero(surge) and is_literal_zero(unavailable):
        raise RolloutStalledError(
            record.name,
            "maxSurge and maxUnavailable are both 0, so no pod may be added or removed; the API "
            "server refuses this update (spec.strategy.rollingUpdate.maxUnavailable: Invalid "
            "value: 0: may not be 0 when `maxSurge` is 0) and nothing was changed",
        )
    updated = replace(
        spec,
        version=version,
        digest=digest,
        strategy="RollingUpdate",
        max_surge=surge,
        max_unavailable=unavailable,
    )
    record.spec, record.template = updated, updated.template()


def start_rollback(state: ClusterState, record: DeploymentRecord, to_revision: int | None) -> bool:
    """``rollout undo``: put back the template of the previous (or a given) revision.

    Returns False when that template is already current (kubectl's "skipped rollback").
    """
    sets = sorted(state.replicasets_of(record.name), key=lambda rs: rs.revision, reverse=True)
    if to_revision is None:
        if len(sets) < 2:
            raise NotFoundError(
                "rollout history", f"deployment {record.name} (nothing to roll back to)"
            )
        target = sets[1]
    else:
        found = [rs for rs in sets if rs.revision == to_revision]
        if not found:
            known = [str(rs.revision) for rs in sets]
            raise NotFoundError("revision", f"{to_revision} of deployment {record.name}", known)
        target = found[0]
    template = target.template
    if template == record.template:
        return False
    record.spec = replace(
        record.spec,
        version=template.version,
        digest=template.digest,
        cpu=0,
        memory=0,
        containers=template.containers,
        init_containers=template.init_containers,
        tolerations=template.tolerations,
        node_selector=dict(template.node_selector),
        labels=dict(template.labels),
        startup_seconds=template.startup_seconds,
        affinity=template.affinity,
        topology_spread=template.topology_spread,
    )
    record.template = template
    return True


def pass_bound(replicas: int) -> int:
    """A rollout makes progress every pass or two; this bound is never reached by a healthy one."""
    return 4 * replicas + 20


def drive_rollout(
    reconcile: Callable[[], ReconcileResult], state: ClusterState, record: DeploymentRecord
) -> list[RolloutSnapshot]:
    """Run passes until the rollout completes, snapshotting each; stall when one is idle."""
    snapshots: list[RolloutSnapshot] = []
    for step in range(1, pass_bound(record.spec.replicas) + 1):
        result = reconcile()
        pods, updated, ready, _ = totals(state, record)
        snapshots.append(RolloutSnapshot(step, pods, ready, updated))
        if is_complete(state, record):
            return snapshots
        if not result.changed:
            due = _wake_at(state, record)
            if due is not None:  # waiting for pods to turn Ready or available: let time pass
                state.clock.advance(due - state.clock.now)
                continue
            raise RolloutStalledError(record.name, stall_reason(state, record), snapshots)
    raise RolloutStalledError(
        record.name,
        f"not complete after {pass_bound(record.spec.replicas)} reconcile passes",
        snapshots,
    )


def _wake_at(state: ClusterState, record: DeploymentRecord) -> int | None:
    """When the waiting rollout next changes: a pod turning Ready or available — or the
    progress deadline passing first, so the controller marks it as upstream would."""
    due = kubelet.next_change(state, record)
    progressing = record.conditions.get("Progressing")
    deadline = record.spec.progress_deadline_seconds
    if due is None or progressing is None or deadline is None:
        return due
    if progressing.reason in ("NewReplicaSetAvailable", "ProgressDeadlineExceeded"):
        return due
    return min(due, max(progressing.last_update + deadline + 1, state.clock.now + 1))


def _no_room(state: ClusterState, record: DeploymentRecord, pod: PodRecord) -> str:
    """The arithmetic of a surge that does not fit: what one new pod requests beside the
    old pods maxUnavailable keeps, against what the nodes that take pods have left."""
    nodes = _taking(state)
    message = pod.message or ""
    if "Insufficient cpu" in message:
        name, need = "cpu", format_cpu(pod.template.cpu)
        used = format_cpu(sum(n.allocated_cpu for n in nodes))
        total = format_cpu(sum(n.cpu for n in nodes))
    elif "Insufficient memory" in message:
        name, need = "memory", format_memory(pod.template.memory)
        used = format_memory(sum(n.allocated_memory for n in nodes))
        total = format_memory(sum(n.memory for n in nodes))
    else:
        return ""
    unavailable = record.spec.max_unavailable
    held = (
        f" while maxUnavailable={unavailable} keeps them up: add a node, or allow "
        "maxUnavailable of at least 1 so an old pod makes room first"
        if is_literal_zero(unavailable)
        else ": add a node, or lower the replicas"
    )
    return (
        f" (each pod requests {need} {name}; the Ready nodes have {used} of their {total} "
        f"{name} requested already, so no new pod fits beside the "
        f"old ones{held})"
    )


def _taking(state: ClusterState) -> list[NodeRecord]:
    """The nodes that take new pods: Ready and not cordoned."""
    return [n for n in state.nodes_in_order() if n.ready and not n.unschedulable]


def stall_reason(state: ClusterState, record: DeploymentRecord) -> str:
    """Why a rollout cannot move: the new pod that cannot be placed, else the budget."""
    new_rs = new_replicaset(state, record)
    if new_rs is not None:
        stuck = [p for p in new_rs.pods.values() if p.node is None]
        if stuck:
            pod = min(stuck, key=lambda p: p.seq)
            return f"new pod {pod.name} is Pending: {pod.message}{_no_room(state, record, pod)}"
        unready = [p for p in new_rs.pods.values() if not p.ready]
        if unready:
            pod = min(unready, key=lambda p: p.seq)
            if pod.template.startup_seconds is None:
                return f"new pod {pod.name} never becomes ready (its readiness probe fails)"
            return f"new pod {pod.name} is not ready (its node {pod.node} is not ready)"
    pods, updated, ready, _ = totals(state, record)
    return (
        f"no progress possible within maxSurge={record.spec.max_surge} and "
        f"maxUnavailable={record.spec.max_unavailable}: {updated} of "
        f"{record.spec.replicas} pods updated, {ready} ready, {pods} in total"
    )
