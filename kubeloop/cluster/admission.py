"""Pod creation through admission, as the ReplicaSet controller's ``CreatePods`` meets it.

The ``Priority`` admission plugin (``priority.py``) resolves each new pod's priority. When
it forbids the pod — an unknown priorityClassName — the ReplicaSet controller records
``Warning FailedCreate "Error creating: pods "<rs>-" is forbidden: …"`` (the API server
names a pod it has not yet named by its generateName), creates nothing more in that sync
(``slowStartBatch`` stops at the first error), and the ReplicaSet's ReplicaFailure
condition (reason FailedCreate) is copied onto the Deployment until a create succeeds.
"""

from __future__ import annotations

from kubeloop.cluster.deployments import DeploymentRecord, ReplicaSetRecord
from kubeloop.cluster.priority import DEFAULT_ADMISSION, Admitted
from kubeloop.cluster.state import ClusterState
from kubeloop.core.conditions import set_condition

REPLICA_FAILURE = "ReplicaFailure"


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
