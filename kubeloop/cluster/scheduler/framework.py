"""The scheduler framework's extension points, after kube-scheduler's ``interface.go``.

Unschedulable is an expected outcome, not an exception: a filter answers with a
``Status`` whose reasons end up in the FailedScheduling message.
"""

from __future__ import annotations

from collections.abc import Sequence
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


class NodeLocalScorePlugin(ScorePlugin, Protocol):
    """A scorer whose score of a node is ``finish(raw(pod, node), highest)``.

    ``raw`` reads only the pod and that node; ``highest`` is the largest raw among the nodes
    scored together (what a normalising plugin such as TaintToleration divides by). Split so,
    nodes the scheduler cannot tell apart can be scored once per class (``class_batch.py``).
    """

    uses_highest: bool
    """Whether ``finish`` reads ``highest`` at all."""

    def raw(self, pod: PodRecord, node: NodeRecord) -> int: ...

    def finish(self, raw: int, highest: int) -> int: ...


def score_nodes(
    plugin: NodeLocalScorePlugin, pod: PodRecord, nodes: Sequence[NodeRecord]
) -> list[int]:
    """The plugin's scores of nodes scored together."""
    raws = [plugin.raw(pod, node) for node in nodes]
    highest = max(raws, default=0)
    return [plugin.finish(raw, highest) for raw in raws]
