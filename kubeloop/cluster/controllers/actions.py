"""What controllers ask for: the actuator applies these, controllers never create, delete,
scale or evict objects themselves.

The one exception is status, as upstream controllers write their object's status
subresource: the deployment status update and the HPA's sync write the conditions and
recommendation of the object they own directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from kubeloop.cluster.pods import PodTemplate


@dataclass(frozen=True)
class CreateReplicaSet:
    deployment: str
    template: PodTemplate
    replicas: int
    revision: int
    max_replicas: int


@dataclass(frozen=True)
class ScaleReplicaSet:
    replicaset: str
    replicas: int
    desired_replicas: int
    max_replicas: int


@dataclass(frozen=True)
class ReviseReplicaSet:
    """Give an existing ReplicaSet a new, higher revision (what a rollback does)."""

    replicaset: str
    revision: int


@dataclass(frozen=True)
class DeleteReplicaSet:
    replicaset: str


@dataclass(frozen=True)
class CreatePods:
    replicaset: str
    count: int


@dataclass(frozen=True)
class DeletePods:
    replicaset: str
    pods: tuple[str, ...]


@dataclass(frozen=True)
class EvictPod:
    pod: str
    node: str


@dataclass(frozen=True)
class MarkForEviction:
    """Delete the pod at ``at`` unless its node's NoExecute taint goes away first."""

    pod: str
    at: int


@dataclass(frozen=True)
class CancelEviction:
    pod: str


@dataclass(frozen=True)
class ScaleDeployment:
    deployment: str
    replicas: int
    reason: str


Action = (
    CreateReplicaSet
    | ScaleReplicaSet
    | ReviseReplicaSet
    | DeleteReplicaSet
    | CreatePods
    | DeletePods
    | EvictPod
    | MarkForEviction
    | CancelEviction
    | ScaleDeployment
)
