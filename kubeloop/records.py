"""The engine's mutable internal records. Users see frozen views (``views.py``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from kubeloop.model import PodTemplate, Taint
from kubeloop.specs import Deployment, Node


@dataclass(slots=True, eq=False)
class NodeRecord:
    """A node and its running totals (kept in step by ``ClusterState``)."""

    name: str
    cpu: int
    memory: int
    max_pods: int
    labels: dict[str, str]
    taints: list[Taint]
    unschedulable: bool = False
    ready: bool = True
    allocated_cpu: int = 0
    allocated_memory: int = 0
    scoring_cpu: int = 0
    scoring_memory: int = 0
    pods: dict[str, PodRecord] = field(default_factory=dict)
    not_ready_since: int | None = None

    @classmethod
    def from_spec(cls, node: Node) -> NodeRecord:
        return cls(
            name=node.name,
            cpu=node.cpu_millis,
            memory=node.memory_bytes,
            max_pods=node.pods,
            labels=dict(node.labels),
            taints=list(node.taints),
            unschedulable=node.unschedulable,
        )

    @property
    def free_cpu(self) -> int:
        return self.cpu - self.allocated_cpu

    @property
    def free_memory(self) -> int:
        return self.memory - self.allocated_memory

    @property
    def free_pods(self) -> int:
        return self.max_pods - len(self.pods)

    @property
    def schedulable(self) -> bool:
        """Pod-independent filters: ready and not cordoned."""
        return self.ready and not self.unschedulable


@dataclass(slots=True, eq=False)
class PodRecord:
    """A pod. ``node`` is None while it is Pending."""

    name: str
    deployment: str
    replicaset: str
    template: PodTemplate
    seq: int
    created_at: int
    node: str | None = None
    ready: bool = False
    ready_since: int | None = None
    message: str | None = None
    tried_at_generation: int = -1
    evict_at: int | None = None

    @property
    def phase(self) -> str:
        return "Running" if self.node is not None else "Pending"


@dataclass(slots=True, eq=False)
class ReplicaSetRecord:
    """A ReplicaSet: a template, a desired count and the pods it owns (insertion order)."""

    name: str
    deployment: str
    template: PodTemplate
    replicas: int
    revision: int
    seq: int
    desired_annotation: int
    max_annotation: int
    revision_history: list[int] = field(default_factory=list)
    pods: dict[str, PodRecord] = field(default_factory=dict)
    ready_count: int = 0

    @property
    def available(self) -> int:
        return self.ready_count


@dataclass(slots=True)
class Condition:
    """A status condition, as ``kubectl describe`` shows it."""

    type: str
    status: str
    reason: str
    message: str
    last_update: int = 0
    last_transition: int = 0


@dataclass(slots=True, eq=False)
class DeploymentRecord:
    """A Deployment's spec plus the status the controller keeps."""

    spec: Deployment
    template: PodTemplate
    pod_counter: int = 0
    conditions: dict[str, Condition] = field(default_factory=dict)
    last_totals: tuple[int, int, int, int] = (0, 0, 0, 0)

    @property
    def name(self) -> str:
        return self.spec.name
