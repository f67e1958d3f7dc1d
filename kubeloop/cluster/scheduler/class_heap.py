"""The heap of feasible node classes both class batches place by: one bind, one node moved.

``class_batch.py`` (node-local scoring) and ``affinity_batch.py`` (inter-pod terms keyed by
hostname) place a run of one template's pods the same way. The heap holds one entry
``(−total, first member's name, epoch, class number)`` per feasible class, so its top is
the node scoring every node would pick (best total, ties first by name). Binding a pod
moves that node into the class "the same plus one pod" — learned once per class, so a
class key is computed once per class, not per bind — which changes two entries: the old
class's next member and the node in its new class. When the bind changes what totals are
normalised over (each batch says when: ``reshaped``), every total is computed afresh and
the heap rebuilt under a new epoch; entries of an older epoch, and nodes that have left
the class they were pushed for, are dropped when they reach the top.

The old class's next member is not pushed but kept aside (``kept_aside``) and pushed as the
next pod pops (one ``heappushpop``): while a class stays best, as it does for a run of
nodes each taking one pod, that is one heap operation a pod instead of two.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.framework import FilterPlugin
from kubeloop.cluster.scheduler.node_classes import NodeClasses

Entry = tuple[int, str, int, int]
"""(−total, node name, epoch, class number)."""


class ClassHeap:
    """Feasible classes by (−total, first member's name) for one template's pods.

    A subclass says how a node's class key is made (``key_of``), what one member of a new
    class answers (``learn``), what a feasible class's total is (``total``) and whether a
    move changes what the totals are normalised over (``reshaped``).
    """

    def __init__(self, pod: PodRecord, classes: NodeClasses, filters: list[FilterPlugin]) -> None:
        self.pod, self.classes, self.filters = pod, classes, filters
        self.feasible: dict[int, bool] = {}
        self.after: dict[int, int] = {}
        """Class number → the class a node of it joins when this pod lands on it."""
        self.epoch = 0
        self.totals: dict[int, int] = {}
        self.heap: list[Entry] = []
        self.kept_aside: Entry | None = None
        """An entry to push before the next pop (the old class's next member)."""

    # --- what a subclass says ------------------------------------------------------------
    def key_of(self, node: NodeRecord) -> Hashable:
        raise NotImplementedError

    def learn(self, number: int, node: NodeRecord) -> bool:
        """Filter (and score) one member of a class not seen in this batch; says whether
        it is feasible (and records that in ``feasible``)."""
        raise NotImplementedError

    def retotal(self, numbers: list[int], firsts: list[NodeRecord]) -> None:
        """A new epoch: the totals of these feasible classes (first members given) may all
        have changed."""
        raise NotImplementedError

    def total(self, number: int) -> int:
        raise NotImplementedError

    def reshaped(self, old: int, new: int, emptied: bool, joined: bool) -> bool:
        """A node moved from ``old`` to ``new`` (``old`` emptied, ``new`` a feasible class
        that had no member): must every total be computed again?"""
        raise NotImplementedError

    # --- the heap ----------------------------------------------------------------------------
    def learn_all(self) -> None:
        """Ask one member of every class (call once the subclass is set up)."""
        classes = self.classes
        for number in list(classes.sizes):
            first = classes.first(number)
            assert first is not None  # a class in ``sizes`` has members
            self.learn(number, classes.nodes[first])

    def feasible_firsts(self) -> tuple[list[int], list[NodeRecord]]:
        """The feasible classes' numbers and first members, in class order."""
        classes, feasible = self.classes, self.feasible
        numbers: list[int] = []
        firsts: list[NodeRecord] = []
        for number in classes.sizes:
            first = classes.first(number)
            if first is not None and feasible[number]:
                numbers.append(number)
                firsts.append(classes.nodes[first])
        return numbers, firsts

    def rebuild(self) -> None:
        """A fresh heap of every feasible class under a new epoch."""
        self.epoch += 1
        self.kept_aside = None
        numbers, firsts = self.feasible_firsts()
        self.retotal(numbers, firsts)
        epoch, total = self.epoch, self.total
        self.heap = [(-total(c), n.name, epoch, c) for c, n in zip(numbers, firsts, strict=True)]
        heapq.heapify(self.heap)

    def pop_best(self) -> tuple[str, int] | None:
        """The chosen node's name and class (None if no node admits the pod); stale entries
        are dropped on the way."""
        heap, class_of, epoch = self.heap, self.classes.class_of, self.epoch
        entry = self.kept_aside
        if entry is not None:
            self.kept_aside = None
            entry = heapq.heappushpop(heap, entry)
        elif heap:
            entry = heapq.heappop(heap)
        else:
            return None
        while True:
            _, name, entry_epoch, number = entry
            if entry_epoch == epoch and class_of[name] == number:
                return name, number
            if not heap:
                return None
            entry = heapq.heappop(heap)

    def moved(self, node: NodeRecord, old: int) -> None:
        """The pod was bound to ``node``, a member of class ``old`` until now."""
        classes = self.classes
        if self.kept_aside is not None:  # moved twice without a pop between
            heapq.heappush(self.heap, self.kept_aside)
            self.kept_aside = None
        new = self.after.get(old)
        if new is None:
            new = self.after[old] = classes.number(self.key_of(node))
        emptied, arrived = classes.join(node, new)
        feasible = self.feasible.get(new)
        if feasible is None:
            feasible = self.learn(new, node)
        if (emptied or arrived) and self.reshaped(old, new, emptied, arrived and feasible):
            self.rebuild()
            return
        if feasible:
            heapq.heappush(self.heap, (-self.total(new), node.name, self.epoch, new))
        first = classes.first(old)
        if first is not None:
            self.kept_aside = (-self.total(old), first, self.epoch, old)

    def reads_state(self, old: int) -> bool:
        """Would ``moved`` (a node of class ``old`` took a pod) look at the node or score
        classes afresh — a class key or a feasibility not learned yet, or a class emptying
        or appearing, which may rebuild — rather than move bookkeeping alone?"""
        new = self.after.get(old)
        if new is None or new not in self.feasible:
            return True
        sizes = self.classes.sizes
        return sizes.get(old, 0) <= 1 or new not in sizes

    def place(
        self,
        pods: list[PodRecord],
        bind: Callable[[list[PodRecord], list[NodeRecord]], None],
        sweep: Callable[[int, int], list[NodeRecord]] | None = None,
    ) -> int:
        """Bind the pods, in order, each to the node scoring every node would choose; stops
        at the first pod no node admits and returns how many were bound.

        ``bind(pods, nodes)`` binds ``pods[i]`` to ``nodes[i]``. Binds wait and go together
        while the moves between them touch bookkeeping alone (``reads_state``); what is
        decided is bound before a move that reads the node or the scores. ``sweep(left,
        old)``, after each move: the nodes the next pods go to at once (``one_pod_each.py``).
        """
        nodes, pop_best, moved, reads = (
            self.classes.nodes,
            self.pop_best,
            self.moved,
            self.reads_state,
        )
        chosen: list[NodeRecord] = []
        bound = placed = 0
        while placed < len(pods):
            best = pop_best()
            if best is None:
                break
            node = nodes[best[0]]
            chosen.append(node)
            placed += 1
            if reads(best[1]):
                bind(pods[bound:placed], chosen[bound:])
                bound = placed
            moved(node, best[1])
            if sweep is not None:
                taken = sweep(len(pods) - placed, best[1])
                chosen.extend(taken)
                placed += len(taken)
        if bound < placed:
            bind(pods[bound:placed], chosen[bound:])
        return placed
