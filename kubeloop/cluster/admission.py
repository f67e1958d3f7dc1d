"""Pod creation through admission, as the ReplicaSet controller's ``CreatePods`` meets it.

The ``Priority`` admission plugin (``priority.py``) resolves each new pod's priority. When
it forbids the pod — an unknown priorityClassName — the ReplicaSet controller records
``Warning FailedCreate "Error creating: pods "<rs>-" is forbidden: …"`` (the API server
names a pod it has not yet named by its generateName), creates nothing more in that sync
(``slowStartBatch`` stops at the first error), and the ReplicaSet's ReplicaFailure
condition (reason FailedCreate) is copied onto the Deployment until a create succeeds.
"""

from __future__ import annotations

from collections.abc import Sequence

from kubeloop.cluster.controllers.actions import CreatePods
from kubeloop.cluster.deployments import DeploymentRecord, ReplicaSetRecord
from kubeloop.cluster.priority import DEFAULT_ADMISSION, Admitted
from kubeloop.cluster.state import ClusterState
from kubeloop.core.conditions import set_condition

REPLICA_FAILURE = "ReplicaFailure"
CREATED = "SuccessfulCreate"
CREATED_PREFIX = "Created pod: "


def create_many(state: ClusterState, requests: Sequence[CreatePods]) -> list[str]:
    """Each request's pods, then its ReplicaSet's SuccessfulCreate series, in order, as one
    ``create_pods`` and one ``normal_series`` each would; the created names.

    A pass over many small deployments asks for as many ReplicaSets' pods. Admission is
    asked once per priority class name (classes do not change within a pass) and the
    series are recorded together: only a ReplicaSet admission forbids, or that it forbade
    before, takes the one-at-a-time path (first recording the series before it).
    """
    created: list[str] = []
    series: list[tuple[str, list[str]]] = []
    replicasets, deployments = state.replicasets, state.deployments
    priorities = state.priorities
    decisions: dict[str | None, Admitted | str] = {}
    for request in requests:
        rs = replicasets[request.replicaset]
        owner = deployments[rs.deployment]
        class_name = rs.template.priority_class_name
        decision = decisions.get(class_name)
        if decision is None:
            decision = decisions[class_name] = priorities.admit(class_name)
        if isinstance(decision, Admitted) and rs.name not in priorities.failures:
            names, pods = state.create_pods(rs, owner, request.count)
            if decision is not DEFAULT_ADMISSION and decision != DEFAULT_ADMISSION:
                for pod in pods:
                    pod.priority = decision.priority
                    pod.preemption_policy = decision.preemption_policy
        else:
            state.events.normal_series_many(CREATED, CREATED_PREFIX, series)
            series = []
            names = create_pods(state, rs, owner, request.count)
        created.extend(names)
        series.append((f"replicaset/{rs.name}", names))
    state.events.normal_series_many(CREATED, CREATED_PREFIX, series)
    return created


def create_pods(
    state: ClusterState, rs: ReplicaSetRecord, owner: DeploymentRecord, count: int
) -> list[str]:
    """Create up to ``count`` pods of ``rs``; their names (none when admission forbids)."""
    priorities = state.priorities
    decision = priorities.admit(rs.template.priority_class_name)
    if not isinstance(decision, Admitted):
        message = f'pods "{rs.name}-" is forbidden: {decision}'
        priorities.failures[rs.name] = message
        state.events.warning("FailedCreate", f"replicaset/{rs.name}", f"Error creating: {message}")
        set_condition(
            owner.conditions, REPLICA_FAILURE, "True", "FailedCreate", message, state.clock.now
        )
        return []
    names, pods = state.create_pods(rs, owner, count)
    if decision != DEFAULT_ADMISSION:  # the records' defaults are priority 0, PreemptLower
        for pod in pods:
            pod.priority = decision.priority
            pod.preemption_policy = decision.preemption_policy
    if priorities.failures.pop(rs.name, None) is not None and not any(
        other.name in priorities.failures for other in state.replicasets_of(rs.deployment)
    ):
        owner.conditions.pop(REPLICA_FAILURE, None)
    return names
