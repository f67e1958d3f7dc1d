"""Taints and tolerations: ``key=value:effect`` on nodes, matched by pods' tolerations."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kubeloop.cluster.validation import is_qualified_name, is_valid_label_value
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
        for name, text in (("key", self.key), ("value", self.value), ("effect", self.effect)):
            if not isinstance(text, str):
                raise InvalidSpecError(f"taint {name} must be a string, not {text!r}")
        if not self.key:
            raise InvalidSpecError("a taint needs a key")
        problems = [f'taint key "{self.key}": {p}' for p in is_qualified_name(self.key)]
        problems += [f'taint value "{self.value}": {p}' for p in is_valid_label_value(self.value)]
        if problems:
            raise InvalidSpecError(problems[0])
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
        problem = toleration_problem(
            self.key, self.operator, self.value, self.effect, self.toleration_seconds
        )
        if problem is not None:
            raise InvalidSpecError(problem)

    def tolerates(self, taint: Taint) -> bool:
        if self.effect and self.effect != taint.effect:
            return False
        if self.key and self.key != taint.key:
            return False
        return self.operator == "Exists" or self.value == taint.value


def toleration_problem(
    key: object, operator: object, value: object, effect: object, seconds: object = None
) -> str | None:
    """What is wrong with a toleration (``validateTolerations`` upstream), or None.

    One rule for the engine and for fixture validation, so ``kubeloop validate`` rejects
    exactly what the engine would.
    """
    for name, text in (("key", key), ("value", value), ("effect", effect)):
        if not isinstance(text, str):
            return f"toleration {name} must be a string, not {text!r}"
    if operator not in ("Equal", "Exists"):
        return f'toleration operator "{operator}" must be Equal or Exists'
    key_problems = is_qualified_name(key) if isinstance(key, str) and key else []
    if key_problems:
        return f'toleration key "{key}": {key_problems[0]}'
    if not key and operator != "Exists":
        return "a toleration with an empty key must use operator Exists"
    if operator == "Exists" and value:
        return "a toleration with operator Exists must not set a value"
    if effect and effect not in TAINT_EFFECTS:
        return f'toleration effect "{effect}" is not a taint effect'
    if seconds is not None and (not isinstance(seconds, int) or isinstance(seconds, bool)):
        return f"tolerationSeconds must be a whole number of seconds, not {seconds!r}"
    return None
