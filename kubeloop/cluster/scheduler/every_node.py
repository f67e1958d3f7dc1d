"""Filter and score every node for one pod: the path of pods no batch places, and of every
pod in the reference scheduler (the tests' oracle for the batched and per-class paths)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.framework import FilterPlugin, ScorePlugin


def best_node(
    pod: PodRecord,
    nodes: Iterable[NodeRecord],
    filters: Sequence[FilterPlugin],
    scorers: Sequence[ScorePlugin],
) -> NodeRecord | None:
    """The feasible node of the highest weighted total (ties: the first by name, ``nodes``
    being in name order), or None if no node passes every filter."""
    feasible = [node for node in nodes if all(f.filter(pod, node) is None for f in filters)]
    if len(feasible) < 2:
        return feasible[0] if feasible else None
    totals = [0] * len(feasible)
    for plugin in scorers:
        for i, score in enumerate(plugin.score(pod, feasible)):
            totals[i] += score * plugin.weight
    return feasible[totals.index(max(totals))]
