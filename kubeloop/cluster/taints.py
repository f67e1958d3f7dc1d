"""Taints and tolerations: ``key=value:effect`` on nodes, matched by pods' tolerations."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kubeloop.errors import InvalidSpecError

TaintEffect = Literal["NoSchedule", "PreferNoSchedule", "NoExecute"]


TAINT_EFFECTS: tuple[str, ...] = ("NoSchedule", "PreferNoSchedule", "NoExecute")


UNREACHABLE_TAINT = "node.kubernetes.io/unreachable"


NOT_READY_TAINT = "node.kubernetes.io/not-ready"


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
    """A pod toleration; matching follows ``k8s.io/api/core/v1/toleration.go``.

    Validation is ``ValidateTolerations``: an empty operator means Equal, an empty key
    needs Exists, Exists takes no value, tolerationSeconds needs the NoExecute effect.
    """

    key: str = ""
    operator: Literal["Equal", "Exists", ""] = "Equal"
    value: str = ""
    effect: str = ""
    toleration_seconds: int | None = None

    def __post_init__(self) -> None:
        if self.operator == "":
            object.__setattr__(self, "operator", "Equal")
        if self.operator not in ("Equal", "Exists"):
            raise InvalidSpecError(
                f'toleration operator "{self.operator}": supported values: "Equal", "Exists"'
            )
        if not self.key and self.operator != "Exists":
            raise InvalidSpecError(
                "toleration operator must be Exists when `key` is empty, "
                'which means "match all values and all keys"'
            )
        if self.operator == "Exists" and self.value:
            raise InvalidSpecError("toleration value must be empty when `operator` is 'Exists'")
        if self.effect and self.effect not in TAINT_EFFECTS:
            raise InvalidSpecError(f'toleration effect "{self.effect}" is not a taint effect')
        if self.toleration_seconds is not None and self.effect != "NoExecute":
            raise InvalidSpecError(
                f'toleration effect "{self.effect}": '
                "effect must be 'NoExecute' when `tolerationSeconds` is set"
            )

    def tolerates(self, taint: Taint) -> bool:
        if self.effect and self.effect != taint.effect:
            return False
        if self.key and self.key != taint.key:
            return False
        return self.operator == "Exists" or self.value == taint.value


def tolerates_unschedulable(tolerations: tuple[Toleration, ...]) -> bool:
    """Whether the pod tolerates ``node.kubernetes.io/unschedulable:NoSchedule`` (a cordon)."""
    cordon = Taint(UNSCHEDULABLE_TAINT, "", "NoSchedule")
    return any(t.tolerates(cordon) for t in tolerations)
