"""Where each pod of a spread batch goes: node classes grouped by domain (``spread_batch.py``).

A *group* is the classes whose nodes share one domain per constraint of the pod (a class
shares its labels, and no key is the bare hostname). The spread filter admits or rejects a
whole group (its domain's count against the minimum plus maxSkew), the spread score is one
per group, every node-local score one per class. Each group keeps a heap of its feasible
classes by (−node-local total, first member's name) — ``class_batch.py``'s heap, split by
domain — so a pod takes the best top among the admitted groups, ties to the first name.

Normalisations read the feasible nodes, which change with the admitted groups: the highest
raw of each normalising scorer (TaintToleration, preferred node affinity) is kept per group
and combined over the admitted ones (a change rebuilds the heaps, as ``class_batch.py``
does); the spread score's max and min are over the admitted groups' raws. The domain counts
are the batch's own copy, moved by each decision before the pods are bound.
"""

from __future__ import annotations

import heapq
from collections import Counter

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler import best_per_group, spread_fill
from kubeloop.cluster.scheduler.framework import FilterPlugin, NodeLocalScorePlugin
from kubeloop.cluster.scheduler.node_classes import NodeClasses
from kubeloop.cluster.scheduler.spread_fill import SpreadGroup
from kubeloop.cluster.scheduler.spread_scores import DomainTally, PreferredNodeAffinity
from kubeloop.cluster.scheduler.topology_spread import PodTopologySpread, domain_raw, normalised

_Entry = best_per_group.Entry
"""(−node-local total, node name, class number)."""


class SpreadChoice:
    """One batch's groups, heaps and domain counts, for pods of one template."""

    def __init__(
        self,
        pod: PodRecord,
        filters: list[FilterPlugin],
        scorers: list[NodeLocalScorePlugin],
        classes: NodeClasses,
        spread: PodTopologySpread,
    ) -> None:
        template = pod.template
        self.pod, self.filters, self.classes, self.weight = pod, filters, classes, spread.weight
        self.scorers: list[NodeLocalScorePlugin] = list(scorers)
        if template.affinity is not None and template.affinity.node_preferred:
            self.scorers.append(PreferredNodeAffinity())
        self.tracked = [i for i, s in enumerate(self.scorers) if s.uses_highest]
        self.constraints = constraints = template.topology_spread
        self.keys = [c.topology_key for c in constraints]
        hard = [c.when_unsatisfiable == "DoNotSchedule" for c in constraints]
        self.hard = [j for j, h in enumerate(hard) if h]
        self.soft = [j for j, h in enumerate(hard) if not h]
        matches = spread.counts.matches
        self.own = [j for j, c in enumerate(constraints) if matches(c.selector, template)]
        """The constraints whose selector matches the pod itself: each bind counts there."""
        self.own_hard = [1 if j in self.own else 0 for j in self.hard]
        self.lean = len(self.hard) == 1 and not self.soft
        self.tallies = [DomainTally(d.domains) for d in spread.domains(pod)]
        self.groups: dict[tuple[str | None, ...], SpreadGroup] = {}
        self.group_list: list[SpreadGroup] = []
        self.group_of: dict[int, SpreadGroup | None] = {}
        """Class number → its group, None for a class the node-local filters reject."""
        self.raws: dict[int, tuple[int, ...]] = {}
        self.after: dict[int, int] = {}
        """Class number → the class a node of it joins when this pod lands on it."""
        self.filling: list[SpreadGroup] = []
        """The groups with a fill under way."""
        self.chains: dict[int, list[int]] = {}
        """Class number → the classes a node of it is filled through (``spread_fill``)."""
        for number in list(classes.sizes):
            first = classes.first(number)
            assert first is not None  # a class in ``sizes`` has members
            group = self.learn(number, classes.nodes[first])
            if group is not None and self.tracked:
                self._count(group, number, 1)
        self.uniform: tuple[int, ...] | None = None
        """The highest raws every group with a feasible class shares, if they all do."""
        self._highs_moved = True
        self.highest = self._merged(list(self.groups.values()))
        self.totals: dict[int, int] = {}
        self._rebuild()

    def learn(self, number: int, node: NodeRecord) -> SpreadGroup | None:
        """Filter and score one member (as it is now) of a class not seen in this batch."""
        pod, group = self.pod, None
        if all(f.filter(pod, node) is None for f in self.filters):
            values = tuple(node.labels.get(key) for key in self.keys)  # no key is the hostname
            hard = tuple(v for v in (values[j] for j in self.hard) if v is not None)
            if len(hard) == len(self.hard):  # else: missing required label
                group = self.groups.get(values)
                if group is None:
                    soft = tuple(values[j] for j in self.soft)
                    group = self.groups[values] = SpreadGroup(values, hard, soft, len(self.tracked))
                    group.counting = [
                        (self.tallies[j], value)
                        for j in self.own
                        if (value := values[j]) is not None
                    ]
                    self.group_list.append(group)
                self.raws[number] = tuple(s.raw(pod, node) for s in self.scorers)
        self.group_of[number] = group
        return group

    def _count(self, group: SpreadGroup, number: int, step: int) -> None:
        raws = self.raws[number]
        for t, i in enumerate(self.tracked):
            counts = group.counts[t]
            counts[raws[i]] += step
            if not counts[raws[i]]:
                del counts[raws[i]]
        group.high = None
        self._highs_moved = True

    def _merged(self, groups: list[SpreadGroup]) -> tuple[int, ...]:
        """Per normalising scorer, the highest raw over these groups' feasible classes."""
        if self._highs_moved:
            highs = {g.highest() for g in self.groups.values() if any(g.counts)}
            self.uniform = next(iter(highs)) if len(highs) == 1 else None
            self._highs_moved = False
        if self.uniform is not None and groups:
            return self.uniform
        highs_of = [g.highest() for g in groups]
        return tuple(max((h[t] for h in highs_of), default=0) for t in range(len(self.tracked)))

    def total(self, number: int) -> int:
        total = self.totals.get(number)
        if total is None:
            highest = [0] * len(self.scorers)
            for t, i in enumerate(self.tracked):
                highest[i] = self.highest[t]
            parts = zip(self.scorers, self.raws[number], highest, strict=True)
            total = self.totals[number] = sum(p.finish(r, h) * p.weight for p, r, h in parts)
        return total

    def _rebuild(self) -> None:
        self.totals, self.chains = {}, {}
        best_per_group.rebuild(self.groups.values(), self.group_of, self.classes, self.total)

    def _admitted(self) -> list[tuple[SpreadGroup, _Entry]]:
        """The groups the skew admits that have a feasible node, each with its best entry."""
        constraints, tallies = self.constraints, self.tallies
        limits: list[tuple[Counter[str], int]] = []
        for j, own in zip(self.hard, self.own_hard, strict=True):
            tally, constraint = tallies[j], constraints[j]
            domains = tally.domains
            low = tally.low if len(domains) >= constraint.min_domains else 0
            limits.append((domains, low + constraint.max_skew - own))
        return [
            (group, group.top)
            for group in self.group_list
            if group.top is not None
            and all(d[v] <= limit for (d, limit), v in zip(limits, group.hard, strict=True))
        ]

    def choose(self) -> SpreadGroup | None:
        """The group whose best node the pod goes to (its top entry still on the heap), or
        None if no node admits the pod."""
        if self.tracked and self._highs_moved:
            self._merged([])
        chosen: SpreadGroup | None = None
        if self.lean and (not self.tracked or self.uniform == self.highest):
            # One hard constraint, no soft one, normalisations every group agrees on: the
            # first top by (−total, name) among the groups the skew admits.
            j = self.hard[0]
            tally, constraint = self.tallies[j], self.constraints[j]
            domains = tally.domains
            low = tally.low if len(domains) >= constraint.min_domains else 0
            limit = low + constraint.max_skew - self.own_hard[0]
            best: _Entry | None = None
            for group in self.group_list:
                top = group.top
                if (
                    top is not None
                    and domains[group.hard[0]] <= limit
                    and (best is None or top < best)
                ):
                    best, chosen = top, group
            return chosen
        if self.filling:  # ``_general`` may rebuild the heaps from the classes
            spread_fill.flush_all(self)
            if self.tracked and self._highs_moved:
                self._merged([])
        return self._general()

    def _general(self) -> SpreadGroup | None:
        admitted = self._admitted()
        if not admitted:
            return None
        if self.tracked:
            highest = self._merged([g for g, _ in admitted])
            if highest != self.highest:
                self.highest = highest
                self._rebuild()
                admitted = self._admitted()
        if len(admitted) == 1:
            return admitted[0][0]
        if self.soft:
            soft = [(self.constraints[j], self.tallies[j].domains) for j in self.soft]
            scores = normalised([domain_raw(soft, g.soft) for g, _ in admitted])
            weight = self.weight
            ranked = zip(admitted, scores, strict=True)
            return min(ranked, key=lambda e: (e[0][1][0] - weight * e[1], e[0][1][1]))[0][0]
        return min(admitted, key=_entry_key)[0]

    def moved(self, node: NodeRecord, old: int, new: int, group: SpreadGroup) -> None:
        """The pod goes to ``node`` (of ``group``), from class ``old`` to class ``new``."""
        self.counted(group)
        self.shift(node, old, new, group)

    def counted(self, group: SpreadGroup) -> None:
        """A pod went to a node of ``group``: its domains count it."""
        for tally, value in group.counting:
            tally.add(value)

    def shift(self, node: NodeRecord, old: int, new: int, group: SpreadGroup) -> None:
        """``node`` (of ``group``, its entry taken off the heap) moves from class ``old``
        to class ``new``."""
        classes = self.classes
        emptied, arrived = classes.join(node, new)
        after = self.group_of[new]
        same = emptied and arrived and self.raws[old] == self.raws.get(new)
        if self.tracked and (emptied or arrived) and not same:  # same: the raws are as they were
            if emptied:
                self._count(group, old, -1)
            if arrived and after is not None:
                self._count(after, new, 1)
        totals, heap = self.totals, group.heap
        first = classes.first(old)
        if first is not None:
            total = totals.get(old)
            heapq.heappush(heap, (-(self.total(old) if total is None else total), first, old))
        if after is not None:
            total = totals.get(new)
            entry = (-(self.total(new) if total is None else total), node.name, new)
            heapq.heappush(after.heap, entry)
            if after is not group:
                best_per_group.settle(after, self.classes.class_of)
        class_of = classes.class_of
        while heap:  # ``best_per_group.settle``, inlined: this runs once per pod
            top = heap[0]
            if class_of[top[1]] == top[2]:
                group.top = top
                return
            heapq.heappop(heap)
        group.top = None


def _entry_key(admitted: tuple[SpreadGroup, _Entry]) -> tuple[int, str]:
    return admitted[1][0], admitted[1][1]
