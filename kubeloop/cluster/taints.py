"""Taints and tolerations: ``key=value:effect`` on nodes, matched by pods' tolerations."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kubeloop.cluster.validation import is_qualified_name, is_valid_label_value
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
            object.__setattr__(self, "operator", "Equal")  # upstream: "" means Equal
        problem = toleration_problem(
            self.key, self.operator, self.value, self.effect, self.toleration_seconds
        )
        if problem is not None:
            raise InvalidSpecError(problem[1])

    def tolerates(self, taint: Taint) -> bool:
        if self.effect and self.effect != taint.effect:
            return False
        if self.key and self.key != taint.key:
            return False
        return self.operator == "Exists" or self.value == taint.value


CORDON = Taint(UNSCHEDULABLE_TAINT, "", "NoSchedule")
"""The taint a cordon stands for; built (and validated) once, not per template."""


def tolerates_unschedulable(tolerations: tuple[Toleration, ...]) -> bool:
    """Whether the pod tolerates ``node.kubernetes.io/unschedulable:NoSchedule`` (a cordon)."""
    return any(t.tolerates(CORDON) for t in tolerations)


def toleration_problem(
    key: object, operator: object, value: object, effect: object, seconds: object = None
) -> tuple[str, str] | None:
    """The field at fault in a toleration and what is wrong with it (``validateTolerations``
    upstream, in its wording), or None.

    One rule for the engine and for fixture validation, so ``kubeloop validate`` rejects
    exactly what the engine would. An empty operator means Equal, as upstream.
    """
    for name, text in (("key", key), ("value", value), ("effect", effect)):
        if not isinstance(text, str):
            return name, f"toleration {name} must be a string, not {text!r}"
    operator = operator or "Equal"
    if operator not in ("Equal", "Exists"):
        return "operator", f'toleration operator "{operator}": supported values: "Equal", "Exists"'
    key_problems = is_qualified_name(key) if isinstance(key, str) and key else []
    if key_problems:
        return "key", f'toleration key "{key}": {key_problems[0]}'
    if not key and operator != "Exists":
        return "operator", (
            "toleration operator must be Exists when `key` is empty, "
            'which means "match all values and all keys"'
        )
    if operator == "Exists" and value:
        return "value", "toleration value must be empty when `operator` is 'Exists'"
    if effect and effect not in TAINT_EFFECTS:
        return "effect", f'toleration effect "{effect}" is not a taint effect'
    if seconds is not None and (not isinstance(seconds, int) or isinstance(seconds, bool)):
        return "tolerationSeconds", f"tolerationSeconds must be a whole number, not {seconds!r}"
    if seconds is not None and effect != "NoExecute":
        return "effect", (
            f"Invalid value: {effect!r}: effect must be 'NoExecute' when `tolerationSeconds` is set"
        )
    return None
