"""Place a run of pods of one template by node class, exactly as scoring every node would.

Scoring every feasible node per pod and taking the best total (ties: first by name) is
O(pods × nodes). Nodes of one class (``node_classes.py``) all pass or all fail the
node-local filters and all get the same total, so a batch keeps one heap entry
``(−total, first member's name)`` per feasible class: the top entry is the node the
reference would pick. Binding a pod moves one node into the class of "that class plus one
pod of this template" (remembered, so its key is computed once per class), which changes
only two entries: the old class's next member and the node in its new class.

Totals are ``Σ weight × finish(raw, highest)``; ``highest`` — the largest raw among the
feasible nodes, what TaintToleration normalises by — is the same over classes as over
nodes, and is kept per plugin from a count of feasible classes per raw. When it changes
(a class fills up or appears), every class's total is recomputed and the heap rebuilt.
Stale entries — a node that moved on, totals of an older ``epoch`` — are dropped on top.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Mapping

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler import class_sweep
from kubeloop.cluster.scheduler.framework import FilterPlugin, NodeLocalScorePlugin
from kubeloop.cluster.scheduler.node_classes import NodeClasses, class_key
from kubeloop.cluster.state import ClusterState


def place(
    state: ClusterState,
    pods: list[PodRecord],
    filters: list[FilterPlugin],
    scorers: list[NodeLocalScorePlugin],
    classes: NodeClasses,
) -> int:
    """Bind the pods, in order, each to the node scoring every node would choose; stops at
    the first pod no node admits and returns how many were bound."""
    batch = _Batch(pods[0], filters, scorers, classes)
    placed = 0
    while placed < len(pods):
        best = batch.pop_best()
        if best is None:
            return placed
        node = classes.nodes[best[0]]
        state.bind([pods[placed]], node)
        batch.moved(node, best[1])
        placed += 1 + class_sweep.sweep(state, batch, pods, placed + 1, best[1])
    return len(pods)


_Entry = tuple[int, str, int, int]
"""(−total, node name, epoch, class number)."""


def pop_live(heap: list[_Entry], class_of: Mapping[str, int], epoch: int) -> tuple[str, int] | None:
    """Pop the best live entry — its node still in its class, its totals of this epoch —
    as (node name, class number); stale entries are dropped on the way. None when empty."""
    while heap:
        _, name, entry_epoch, number = heapq.heappop(heap)
        if entry_epoch == epoch and class_of[name] == number:
            return name, number
    return None


class _Batch:
    def __init__(
        self,
        pod: PodRecord,
        filters: list[FilterPlugin],
        scorers: list[NodeLocalScorePlugin],
        classes: NodeClasses,
    ) -> None:
        self.pod = pod
        self.filters = filters
        self.scorers = scorers
        self.classes = classes
        self.feasible: dict[int, bool] = {}
        self.raws: dict[int, tuple[int, ...]] = {}
        self.after: dict[int, int] = {}
        """Class number → the class a node of it joins when this pod lands on it."""
        self.tracked = [i for i, plugin in enumerate(scorers) if plugin.uses_highest]
        self.counts: dict[int, Counter[int]] = {i: Counter() for i in self.tracked}
        """Per plugin that normalises: feasible classes per raw value."""
        for number in list(classes.sizes):
            first = classes.first(number)
            assert first is not None  # a class in ``sizes`` has members
            if self._learn(number, classes.nodes[first]):
                self._count(number, 1)
        self.highest = self._highest()
        self.epoch = 0
        self.totals: dict[int, int] = {}
        self.heap: list[_Entry] = []
        self._rebuild()

    def _learn(self, number: int, node: NodeRecord) -> bool:
        """Filter and score one member of a class not seen in this batch yet."""
        pod = self.pod
        feasible = all(f.filter(pod, node) is None for f in self.filters)
        self.feasible[number] = feasible
        if feasible:
            self.raws[number] = tuple(plugin.raw(pod, node) for plugin in self.scorers)
        return feasible

    def _count(self, number: int, step: int) -> None:
        raws = self.raws[number]
        for i in self.tracked:
            counts = self.counts[i]
            counts[raws[i]] += step
            if not counts[raws[i]]:
                del counts[raws[i]]

    def _same_tracked(self, emptied: bool, joined: bool, old: int, new: int) -> bool:
        """One class emptied and one joined with the same raws: the counts do not change
        (the usual case: a node filling up moves from class to class)."""
        if not (emptied and joined):
            return False
        before, after = self.raws[old], self.raws[new]
        return all(before[i] == after[i] for i in self.tracked)

    def _highest(self) -> list[int]:
        counts = self.counts
        return [max(counts[i], default=0) if i in counts else 0 for i in range(len(self.scorers))]

    def _total(self, number: int) -> int:
        total = self.totals.get(number)
        if total is None:
            parts = zip(self.scorers, self.raws[number], self.highest, strict=True)
            total = self.totals[number] = sum(p.finish(r, h) * p.weight for p, r, h in parts)
        return total

    def _rebuild(self) -> None:
        self.epoch += 1
        self.totals = {}
        self.heap = []
        for number in self.classes.sizes:
            first = self.classes.first(number)
            if first is not None and self.feasible[number]:
                self.heap.append((-self._total(number), first, self.epoch, number))
        heapq.heapify(self.heap)

    def pop_best(self) -> tuple[str, int] | None:
        """The chosen node's name and class, or None if no node admits the pod."""
        return pop_live(self.heap, self.classes.class_of, self.epoch)

    def moved(self, node: NodeRecord, old: int) -> None:
        """The pod was bound to ``node``, a member of class ``old`` until now."""
        classes = self.classes
        new = self.after.get(old)
        if new is None:
            new = self.after[old] = classes.number(class_key(node))
        emptied, arrived = classes.join(node, new)
        if new not in self.feasible:
            self._learn(new, node)
        joined = arrived and self.feasible[new]
        if (
            self.tracked
            and (emptied or joined)
            and not self._same_tracked(emptied, joined, old, new)
        ):
            if emptied:
                self._count(old, -1)
            if joined:
                self._count(new, 1)
            highest = self._highest()
            if highest != self.highest:
                self.highest = highest
                self._rebuild()
                return
        first = classes.first(old)
        if first is not None:
            heapq.heappush(self.heap, (-self._total(old), first, self.epoch, old))
        if self.feasible[new]:
            heapq.heappush(self.heap, (-self._total(new), node.name, self.epoch, new))
