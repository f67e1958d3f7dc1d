"""The scheduler framework's extension points, after kube-scheduler's ``interface.go``.

Unschedulable is an expected outcome, not an exception: a filter answers with a
``Status`` whose reasons end up in the FailedScheduling message.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord


class Code(Enum):
    SUCCESS = "Success"
    UNSCHEDULABLE = "Unschedulable"
    UNRESOLVABLE = "UnschedulableAndUnresolvable"


@dataclass(frozen=True)
class Status:
    code: Code
    reasons: tuple[str, ...] = ()

    @classmethod
    def unschedulable(cls, *reasons: str) -> Status:
        return cls(Code.UNSCHEDULABLE, reasons)

    @classmethod
    def unresolvable(cls, *reasons: str) -> Status:
        return cls(Code.UNRESOLVABLE, reasons)


class FilterPlugin(Protocol):
    """Decides whether a pod may run on a node; ``None`` means it may."""

    name: str

    def filter(self, pod: PodRecord, node: NodeRecord) -> Status | None: ...


class ScorePlugin(Protocol):
    """Ranks feasible nodes: one score in 0..100 per node, already normalised."""

    name: str
    weight: int

    def score(self, pod: PodRecord, nodes: list[NodeRecord]) -> list[int]: ...
