"""Plain records of the cluster's objects. Behaviour lives in controllers and the scheduler."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal, NamedTuple

from kubeloop.errors import InvalidSpecError
from kubeloop.quantity import cpu_millis, memory_bytes

TaintEffect = Literal["NoSchedule", "PreferNoSchedule", "NoExecute"]
TAINT_EFFECTS: tuple[str, ...] = ("NoSchedule", "PreferNoSchedule", "NoExecute")
UNREACHABLE_TAINT = "node.kubernetes.io/unreachable"
UNSCHEDULABLE_TAINT = "node.kubernetes.io/unschedulable"
DEFAULT_MAX_PODS = 110
IntOrPercent = int | str


@dataclass(frozen=True)
class Taint:
    """A node taint ``key=value:effect``."""

    key: str
    value: str = ""
    effect: TaintEffect = "NoSchedule"

    def __post_init__(self) -> None:
        if not self.key:
            raise InvalidSpecError("a taint needs a key")
        if self.effect not in TAINT_EFFECTS:
            raise InvalidSpecError(
                f'taint effect "{self.effect}" is not one of {", ".join(TAINT_EFFECTS)}'
            )

    def __str__(self) -> str:
        value = f"={self.value}" if self.value else ""
        return f"{self.key}{value}:{self.effect}"


@dataclass(frozen=True)
class Toleration:
    """A pod toleration; matching follows ``k8s.io/api/core/v1/toleration.go``."""

    key: str = ""
    operator: Literal["Equal", "Exists"] = "Equal"
    value: str = ""
    effect: str = ""
    toleration_seconds: int | None = None

    def __post_init__(self) -> None:
        if self.operator not in ("Equal", "Exists"):
            raise InvalidSpecError(f'toleration operator "{self.operator}" must be Equal or Exists')
        if not self.key and self.operator != "Exists":
            raise InvalidSpecError("a toleration with an empty key must use operator Exists")
        if self.operator == "Exists" and self.value:
            raise InvalidSpecError("a toleration with operator Exists must not set a value")
        if self.effect and self.effect not in TAINT_EFFECTS:
            raise InvalidSpecError(f'toleration effect "{self.effect}" is not a taint effect')

    def tolerates(self, taint: Taint) -> bool:
        if self.effect and self.effect != taint.effect:
            return False
        if self.key and self.key != taint.key:
            return False
        return self.operator == "Exists" or self.value == taint.value


@dataclass(frozen=True)
class Container:
    """A container's resource requests (CPU in millicores, memory in bytes)."""

    name: str
    cpu: int = 0
    memory: int = 0

    @classmethod
    def of(cls, name: str, cpu: str | int | float = 0, memory: str | int | float = 0) -> Container:
        return cls(name, cpu_millis(cpu), memory_bytes(memory))


@dataclass(frozen=True)
class PodTemplate:
    """What a Deployment stamps its pods from; equal templates share a ReplicaSet."""

    version: str
    containers: tuple[Container, ...]
    init_containers: tuple[Container, ...] = ()
    tolerations: tuple[Toleration, ...] = ()
    node_selector: tuple[tuple[str, str], ...] = ()

    @cached_property
    def cpu(self) -> int:
        """Effective CPU request: max(sum of app containers, largest init container)."""
        return max(sum(c.cpu for c in self.containers), *(c.cpu for c in self.init_containers), 0)

    @cached_property
    def memory(self) -> int:
        return max(
            sum(c.memory for c in self.containers), *(c.memory for c in self.init_containers), 0
        )

    @cached_property
    def scoring_cpu(self) -> int:
        """CPU counted by scoring: a container without a request counts as 100m."""
        return max(
            sum(c.cpu or 100 for c in self.containers),
            *(c.cpu or 100 for c in self.init_containers),
            0,
        )

    @cached_property
    def scoring_memory(self) -> int:
        """Memory counted by scoring: a container without a request counts as 200Mi."""
        default = 200 * 1024 * 1024
        return max(
            sum(c.memory or default for c in self.containers),
            *(c.memory or default for c in self.init_containers),
            0,
        )


class Event(NamedTuple):
    """One line of ``kubectl get events``; ``time`` is logical seconds."""

    seq: int
    time: int
    type: str
    reason: str
    object: str
    message: str

    def __str__(self) -> str:
        return f"{self.time}s  {self.type:<7} {self.reason:<20} {self.object:<28} {self.message}"
