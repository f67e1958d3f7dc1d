"""Read-only views the public API returns. They are copies: changing one changes nothing."""

from __future__ import annotations

from dataclasses import dataclass, field

from kubeloop.model import Event, Taint
from kubeloop.records import Condition


@dataclass(frozen=True, slots=True)
class Pod:
    """A pod as ``kubectl get pods -o wide`` would show it."""

    name: str
    deployment: str
    node: str | None
    phase: str
    version: str
    ready: bool
    replicaset: str
    cpu: int
    memory: int
    reason: str | None = None
    """Pending pods: the FailedScheduling message."""


@dataclass(frozen=True, slots=True)
class NodeInfo:
    name: str
    cpu: int
    memory: int
    max_pods: int
    allocated_cpu: int
    allocated_memory: int
    pods: tuple[str, ...]
    ready: bool
    unschedulable: bool
    taints: tuple[Taint, ...]
    labels: dict[str, str]

    @property
    def free_cpu(self) -> int:
        return self.cpu - self.allocated_cpu

    @property
    def free_memory(self) -> int:
        return self.memory - self.allocated_memory


@dataclass(frozen=True, slots=True)
class ReplicaSetInfo:
    name: str
    deployment: str
    version: str
    replicas: int
    pods: int
    ready: int
    revision: int


@dataclass(frozen=True, slots=True)
class DeploymentInfo:
    name: str
    replicas: int
    version: str
    pods: int
    updated: int
    ready: int
    available: int
    revision: int
    strategy: str
    conditions: tuple[Condition, ...]

    def condition(self, type_: str) -> Condition | None:
        return next((c for c in self.conditions if c.type == type_), None)


@dataclass(frozen=True, slots=True)
class AutoscalerInfo:
    deployment: str
    min_replicas: int
    max_replicas: int
    target: int | float
    current_replicas: int
    observed_utilization: int | None
    recommendation: int | None
    conditions: tuple[Condition, ...]


@dataclass(frozen=True)
class ReconcileResult:
    """What one reconcile pass did. ``changed`` is False for a no-op pass."""

    created: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    scheduled: list[str] = field(default_factory=list)
    evicted: list[str] = field(default_factory=list)
    scaled: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.created or self.deleted or self.scheduled or self.evicted or self.scaled)

    def describe(self) -> str:
        parts = [
            f"{label} {', '.join(names[:8])}{' …' if len(names) > 8 else ''}"
            for label, names in (
                ("created", self.created),
                ("deleted", self.deleted),
                ("scheduled", self.scheduled),
                ("evicted", self.evicted),
                ("scaled", self.scaled),
            )
            if names
        ]
        return "; ".join(parts) if parts else "no change"


@dataclass(frozen=True, slots=True)
class RolloutSnapshot:
    """One step of a rollout, after a reconcile pass: pods that exist, are ready, are new."""

    step: int
    total: int
    ready: int
    updated: int


@dataclass(frozen=True, slots=True)
class DeploymentTotals:
    total: int
    updated: int
    ready: int
    pending: int


@dataclass(frozen=True)
class PassRecord:
    """The history entry one reconcile pass leaves: when, what it did, and the totals after."""

    number: int
    time: int
    result: ReconcileResult
    deployments: dict[str, DeploymentTotals]
    running: int
    pending: int
    not_ready_nodes: tuple[str, ...]
