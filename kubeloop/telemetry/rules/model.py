"""Rule files as Prometheus reads them: groups of recording and alerting rules.

Views are frozen; every rule remembers the file and line it came from, so evaluation
errors can point back at it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Pairs = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class RuleSpec:
    """One ``record:`` or ``alert:`` rule; durations in milliseconds."""

    kind: str  # "record" | "alert"
    name: str
    expr: str
    for_ms: int = 0
    keep_firing_for_ms: int = 0
    labels: Pairs = ()
    annotations: Pairs = ()
    file: str = "<rules>"
    line: int = 1
    parsed: Any = None
    """The parsed PromQL expression (kubeloop.telemetry.promql AST)."""
    templates: Any = None
    """Parsed label and annotation templates: ``{"labels": {...}, "annotations": {...}}``."""

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True)
class GroupSpec:
    """A group: its rules run in order, every ``interval`` (None: the default)."""

    name: str
    rules: tuple[RuleSpec, ...]
    interval_ms: int | None = None
    query_offset_ms: int = 0
    limit: int = 0
    labels: Pairs = ()
    file: str = "<rules>"
    line: int = 1


@dataclass(frozen=True)
class RuleFile:
    path: str
    groups: tuple[GroupSpec, ...]
