"""Label selectors as apimachinery has them, validated as apps/v1 validates them.

A selector is ``matchLabels`` AND every ``matchExpressions`` requirement
(``k8s.io/apimachinery/pkg/labels/selector.go``): ``In`` needs the label with one of the
values, ``NotIn`` matches when the label is absent or has another value, ``Exists`` and
``DoesNotExist`` test the key only; node selectors add ``Gt``/``Lt`` on integer values.
An empty selector matches everything. Validation follows ``ValidateLabelSelector`` and
``ValidateDeploymentSpec``: In/NotIn need values, Exists/DoesNotExist take none, unknown
operators are rejected, and a Deployment's selector must be non-empty and match its
template's labels. The fixture loader, the engine's kinds and the scheduler share it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kubeloop.cluster.validation import check_labels
from kubeloop.errors import InvalidSpecError

SET_OPERATORS = ("In", "NotIn", "Exists", "DoesNotExist")
NODE_OPERATORS = (*SET_OPERATORS, "Gt", "Lt")

Problem = tuple[tuple[str | int, ...], str]


@dataclass(frozen=True)
class Requirement:
    """One ``matchExpressions`` entry: ``key operator values``."""

    key: str
    operator: str
    values: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.values, str) or not all(isinstance(v, str) for v in self.values):
            raise InvalidSpecError(
                f'label selector requirement "{self.key}": values must be a list of strings'
            )
        object.__setattr__(self, "values", tuple(self.values))
        for _, message in requirement_problems(
            self.key, self.operator, list(self.values), (), NODE_OPERATORS
        ):
            raise InvalidSpecError(f'label selector requirement "{self.key}": {message}')

    def matches(self, labels: Mapping[str, str]) -> bool:
        op = self.operator
        if op == "Exists":
            return self.key in labels
        if op == "DoesNotExist":
            return self.key not in labels
        if op == "NotIn":
            return self.key not in labels or labels[self.key] not in self.values
        value = labels.get(self.key)
        if value is None:
            return False
        if op == "In":
            return value in self.values
        number, bound = _integer(value), _integer(self.values[0])
        if number is None or bound is None:
            return False
        return number > bound if op == "Gt" else number < bound

    def __str__(self) -> str:
        if self.operator in ("Exists", "DoesNotExist"):
            return ("!" if self.operator == "DoesNotExist" else "") + self.key
        return f"{self.key} {self.operator.lower()} ({','.join(sorted(self.values))})"


def _integer(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


@dataclass(frozen=True)
class LabelSelector:
    """``matchLabels`` AND ``matchExpressions``; empty matches every label set."""

    match_labels: tuple[tuple[str, str], ...] = ()
    match_expressions: tuple[Requirement, ...] = ()

    def __post_init__(self) -> None:
        given: object = self.match_labels
        pairs: tuple[object, ...] | None = None
        if isinstance(given, Mapping):  # LabelSelector({"app": "web"}), as YAML writes it
            pairs = tuple(sorted(given.items()))
        elif isinstance(given, Iterable) and not isinstance(given, str | bytes):
            pairs = tuple(given)
        if pairs is None or not all(isinstance(p, tuple) and len(p) == 2 for p in pairs):
            raise InvalidSpecError(
                f"matchLabels must map label keys to values, like {{'app': 'web'}}; got {given!r}"
            )
        object.__setattr__(self, "match_labels", pairs)
        object.__setattr__(self, "match_expressions", tuple(self.match_expressions))
        check_labels(dict(self.match_labels), "matchLabels")
        if not all(isinstance(r, Requirement) for r in self.match_expressions):
            raise InvalidSpecError("matchExpressions must be Requirement objects")

    @classmethod
    def of(
        cls, match_labels: Mapping[str, str] | None = None, *expressions: Requirement
    ) -> LabelSelector:
        return cls(tuple(sorted((match_labels or {}).items())), tuple(expressions))

    @property
    def empty(self) -> bool:
        return not self.match_labels and not self.match_expressions

    def matches(self, labels: Mapping[str, str]) -> bool:
        for key, value in self.match_labels:
            if labels.get(key) != value:
                return False
        return all(r.matches(labels) for r in self.match_expressions)

    def __str__(self) -> str:
        parts = [f"{k}={v}" for k, v in self.match_labels]
        parts += [str(r) for r in self.match_expressions]
        return ",".join(parts)


def requirement_problems(
    key: Any,
    operator: Any,
    values: Any,
    path: tuple[str | int, ...],
    operators: Sequence[str] = SET_OPERATORS,
) -> Iterator[Problem]:
    """``ValidateLabelSelectorRequirement`` (and the node-selector Gt/Lt rule)."""
    if not isinstance(key, str) or not key:
        yield (*path, "key"), "a label key is required"
    values = values if isinstance(values, list) else []
    if operator in ("In", "NotIn"):
        if not values:
            yield (*path, "values"), "must be specified when `operator` is 'In' or 'NotIn'"
    elif operator in ("Exists", "DoesNotExist"):
        if values:
            yield (
                (*path, "values"),
                "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
            )
    elif operator in ("Gt", "Lt") and operator in operators:
        if len(values) != 1 or _integer(str(values[0])) is None:
            yield (
                (*path, "values"),
                "must be specified single value when `operator` is 'Lt' or 'Gt'",
            )
    else:
        yield (
            (*path, "operator"),
            f'Invalid value: "{operator}": not a valid selector operator; '
            f"use one of {', '.join(operators)}",
        )


def selector_problems(selector: Any, path: tuple[str | int, ...]) -> Iterator[Problem]:
    """``ValidateLabelSelector`` over a manifest's ``{matchLabels, matchExpressions}``."""
    if not isinstance(selector, dict):
        return
    for i, expression in enumerate(selector.get("matchExpressions") or []):
        if isinstance(expression, dict):
            yield from requirement_problems(
                expression.get("key"),
                expression.get("operator"),
                expression.get("values"),
                (*path, "matchExpressions", i),
            )


def selector_from_manifest(selector: Any) -> LabelSelector:
    """The selector a (validated) manifest's ``selector`` declares."""
    if not isinstance(selector, dict):
        return LabelSelector()
    expressions = tuple(
        Requirement(e["key"], e["operator"], tuple(e.get("values") or ()))
        for e in selector.get("matchExpressions") or []
    )
    return LabelSelector(tuple(sorted((selector.get("matchLabels") or {}).items())), expressions)


def deployment_selector_problems(spec: dict[str, Any]) -> Iterator[Problem]:
    """apps/v1 ``ValidateDeploymentSpec``: a valid, non-empty selector that selects the template."""
    raw = spec.get("selector")
    problems = list(selector_problems(raw, ("spec", "selector")))
    yield from problems
    if problems:
        return
    selector = selector_from_manifest(raw)
    if selector.empty:
        yield (
            ("spec", "selector"),
            "Required value: empty selector is invalid for deployment; "
            "add matchLabels (or matchExpressions) that select the template's labels",
        )
        return
    labels = spec.get("template", {}).get("metadata", {}).get("labels") or {}
    if not selector.matches(labels):
        yield (
            ("spec", "template", "metadata", "labels"),
            f"Invalid value: `selector` does not match template `labels` (selector {selector}); "
            "make the template's labels satisfy every matchLabels pair and matchExpressions entry",
        )
