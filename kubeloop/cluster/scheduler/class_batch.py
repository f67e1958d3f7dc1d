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
The heap itself, and what a bind moves in it, is ``class_heap.py``'s (shared with
``affinity_batch.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler import one_pod_each
from kubeloop.cluster.scheduler.class_heap import ClassHeap
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
    the first pod no node admits and returns how many were bound.

    The binds wait and go together (``bind_pairs``): between them only the class
    bookkeeping moves, which reads a node only when a class's successor is not known yet.
    """
    batch = _Batch(pods[0], filters, scorers, classes)
    return batch.place(
        pods, state.bind_pairs, lambda left, old: one_pod_each.sweep(batch, left, old)
    )


class _Batch(ClassHeap):
    def __init__(
        self,
        pod: PodRecord,
        filters: list[FilterPlugin],
        scorers: list[NodeLocalScorePlugin],
        classes: NodeClasses,
    ) -> None:
        super().__init__(pod, classes, filters)
        self.scorers = scorers
        self.raws: dict[int, tuple[int, ...]] = {}
        self.tracked = [i for i, plugin in enumerate(scorers) if plugin.uses_highest]
        self.counts: dict[int, Counter[int]] = {i: Counter() for i in self.tracked}
        """Per plugin that normalises: feasible classes per raw value."""
        self.learn_all()
        for number, feasible in self.feasible.items():
            if feasible:
                self._count(number, 1)
        self.highest = self._highest()
        self.rebuild()

    def reads_state(self, old: int) -> bool:
        """Node-local scores and filters: only a class key not learned yet reads the node."""
        return old not in self.after

    def key_of(self, node: NodeRecord) -> Hashable:
        return class_key(node)

    def learn(self, number: int, node: NodeRecord) -> bool:
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

    def total(self, number: int) -> int:
        total = self.totals.get(number)
        if total is None:
            parts = zip(self.scorers, self.raws[number], self.highest, strict=True)
            total = self.totals[number] = sum(p.finish(r, h) * p.weight for p, r, h in parts)
        return total

    def retotal(self, numbers: list[int], firsts: list[NodeRecord]) -> None:
        self.totals = {}  # ``total`` computes each when first asked

    def reshaped(self, old: int, new: int, emptied: bool, joined: bool) -> bool:
        """Only a new ``highest`` changes totals: the counts of raws say when."""
        if not (self.tracked and (emptied or joined)):
            return False
        if self._same_tracked(emptied, joined, old, new):
            return False
        if emptied:
            self._count(old, -1)
        if joined:
            self._count(new, 1)
        highest = self._highest()
        if highest == self.highest:
            return False
        self.highest = highest
        return True
