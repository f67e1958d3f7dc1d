"""Applies controllers' actions to the state and records the events they cause."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from kubeloop.cluster import admission
from kubeloop.cluster.controllers.actions import (
    Action,
    CancelEviction,
    CreatePods,
    CreateReplicaSet,
    DeletePods,
    DeleteReplicaSet,
    EvictPod,
    MarkForEviction,
    ReviseReplicaSet,
    ScaleDeployment,
    ScaleReplicaSet,
)
from kubeloop.cluster.deployments import ReplicaSetRecord
from kubeloop.cluster.names import NAMESPACE, replicaset_name
from kubeloop.cluster.state import ClusterState


@dataclass
class Changes:
    """What a pass (or an operation) changed, collected as actions are applied."""

    created: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    evicted: list[str] = field(default_factory=list)
    scaled: list[str] = field(default_factory=list)


def apply(
    state: ClusterState, actions: list[Action], changes: Changes, *, one_by_one: bool = False
) -> None:
    """Apply the actions in order; each run of CreatePods together (``admission.create_many``),
    or every action alone with ``one_by_one`` (the tests' oracle for the runs)."""
    run: list[CreatePods] = []
    for action in actions:
        if type(action) is CreatePods and not one_by_one:
            run.append(action)
            continue
        if run:
            changes.created.extend(admission.create_many(state, run))
            run = []
        _apply_one(state, action, changes)
    if run:
        changes.created.extend(admission.create_many(state, run))


def _scaling_event(state: ClusterState, rs: ReplicaSetRecord, old: int, new: int) -> None:
    direction = "up" if new > old else "down"
    state.events.normal(
        "ScalingReplicaSet",
        f"deployment/{rs.deployment}",
        f"Scaled {direction} replica set {rs.name} from {old} to {new}",
    )


def _scale(
    state: ClusterState,
    rs: ReplicaSetRecord,
    replicas: int,
    desired: int,
    max_replicas: int,
    changes: Changes,
) -> None:
    if (rs.replicas, rs.desired_annotation, rs.max_annotation) == (replicas, desired, max_replicas):
        return
    state.touch(rs.deployment)
    rs.desired_annotation, rs.max_annotation = desired, max_replicas
    if rs.replicas != replicas:
        changes.scaled.append(f"{rs.name} {rs.replicas}→{replicas}")
        _scaling_event(state, rs, rs.replicas, replicas)
        rs.replicas = replicas


def _apply_one(state: ClusterState, action: Action, changes: Changes) -> None:
    events = state.events
    match action:
        case CreateReplicaSet(deployment, template, replicas, revision, max_replicas):
            state.rs_seq += 1
            record = state.deployments[deployment]
            rs = ReplicaSetRecord(
                name=replicaset_name(deployment, template, state.replicasets),
                deployment=deployment,
                template=template,
                replicas=replicas,
                revision=revision,
                seq=state.rs_seq,
                desired_annotation=record.spec.replicas,
                owner=record,
                clock=state.clock,
                max_annotation=max_replicas,
            )
            state.add_replicaset(rs)
            changes.scaled.append(f"{rs.name} 0→{replicas}")
            _scaling_event(state, rs, 0, replicas)
        case ScaleReplicaSet(name, replicas, desired, max_replicas):
            _scale(state, state.replicasets[name], replicas, desired, max_replicas, changes)
        case ReviseReplicaSet(name, revision):
            rs = state.replicasets[name]
            state.touch(rs.deployment)
            rs.revision_history = (*rs.revision_history, rs.revision)
            rs.revision = revision
        case DeleteReplicaSet(name):
            state.remove_replicaset(state.replicasets[name])
        case CreatePods(name, count):
            rs = state.replicasets[name]
            owner = state.deployments[rs.deployment]
            created = admission.create_pods(state, rs, owner, count)
            changes.created.extend(created)
            obj = f"replicaset/{rs.name}"
            events.normal_series("SuccessfulCreate", obj, "Created pod: ", created)
        case DeletePods(name, pods):
            for pod_name in pods:
                state.delete_pod(state.pods[pod_name])
            changes.deleted.extend(pods)
            events.normal_series("SuccessfulDelete", f"replicaset/{name}", "Deleted pod: ", pods)
        case EvictPod(pod_name, _node):
            events.normal(
                "TaintManagerEviction",
                f"pod/{pod_name}",
                f"Marking for deletion Pod {NAMESPACE}/{pod_name}",
            )
            state.delete_pod(state.pods[pod_name])
            changes.evicted.append(pod_name)
        case MarkForEviction(pod_name, at):
            state.mark_for_eviction(state.pods[pod_name], at)
        case CancelEviction(pod_name):
            state.mark_for_eviction(state.pods[pod_name], None)
            events.normal(
                "TaintManagerEviction",
                f"pod/{pod_name}",
                f"Cancelling deletion of Pod {NAMESPACE}/{pod_name}",
            )
        case ScaleDeployment(name, replicas, reason):
            record = state.deployments[name]
            record.spec = replace(record.spec, replicas=replicas)
            state.touch(name)
            changes.scaled.append(f"deployment/{name} →{replicas}")
            events.normal(
                "SuccessfulRescale", f"hpa/{name}", f"New size: {replicas}; reason: {reason}"
            )
