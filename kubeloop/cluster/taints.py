"""Taints and tolerations: ``key=value:effect`` on nodes, matched by pods' tolerations."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kubeloop.errors import InvalidSpecError

TaintEffect = Literal["NoSchedule", "PreferNoSchedule", "NoExecute"]


TAINT_EFFECTS: tuple[str, ...] = ("NoSchedule", "PreferNoSchedule", "NoExecute")


UNREACHABLE_TAINT = "node.kubernetes.io/unreachable"


UNSCHEDULABLE_TAINT = "node.kubernetes.io/unschedulable"


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
