"""Place a run of one template's pods whose only terms on other pods are preferred ones,
exactly as filtering and scoring every node would.

Preferred (anti-)affinity terms never filter, so the feasible nodes are the node-local
filters' (a class answers for its members, ``node_classes.py``). InterPodAffinity's raw for
a node is the sum of the weights counted in its domain for each term's topology key, so
while no key is the bare hostname it is one per *group* — the classes whose nodes share a
value per key (a zone holds thousands of nodes). Each group keeps a heap of its feasible
classes by (−node-local total, first member's name), as ``class_batch.py`` keeps one heap;
a pod takes the best of the groups' tops by (−(node-local total + 2 × normalised raw),
name): the min-max normalisation (``inter_pod_affinity.normalise``) is over the groups with
a feasible node, which are exactly the feasible nodes' raws. So a pod costs O(groups).

A bind moves the weights only in the domains the pod lands in, for the terms whose selector
matches the pod's own labels: the batch moves the raws of the groups in those domains (a
bind moves no labels, so every group is known from the start).
Normalising node-local scorers (TaintToleration, preferred node affinity) are tracked as in
``class_batch.py``: a change of the highest raw among the feasible classes rebuilds the
heaps. Where a node stays its group's best as it fills, the next pods go onto it in one
step (``preferred_fill.py``). The reference scheduler (``reference.py``) stays the
oracle in tests.
"""

from __future__ import annotations

import heapq
from collections import Counter

from kubeloop.cluster.affinity import HOSTNAME
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord, PodTemplate
from kubeloop.cluster.scheduler import best_per_group, preferred_fill
from kubeloop.cluster.scheduler.aware_classes import template_keys
from kubeloop.cluster.scheduler.framework import FilterPlugin, NodeLocalScorePlugin
from kubeloop.cluster.scheduler.inter_pod_affinity import InterPodAffinity, normalised
from kubeloop.cluster.scheduler.node_classes import NodeClasses, class_key
from kubeloop.cluster.scheduler.preferred_fill import Group
from kubeloop.cluster.scheduler.spread_batch import Decided, bind_decided
from kubeloop.cluster.scheduler.spread_scores import PreferredNodeAffinity
from kubeloop.cluster.state import ClusterState

Pair = tuple[str, str]
_Entry = best_per_group.Entry
"""(−node-local total, node name, class number)."""


def applies(template: PodTemplate, symmetric: bool) -> bool:
    """Preferences are all that make this template's placement depend on anything beyond
    the node: no spread, no required inter-pod term, no key or selector on the hostname;
    ``symmetric``: some pod has required anti-affinity (which could reject these pods)."""
    affinity = template.affinity
    return (
        not symmetric
        and affinity is not None
        and bool(affinity.pod_preferred or affinity.anti_preferred or affinity.node_preferred)
        and not (affinity.pod_required or affinity.anti_required)
        and not template.topology_spread
        and not template.names_hosts
        and HOSTNAME not in template_keys(template)
    )


def place(
    state: ClusterState,
    pods: list[PodRecord],
    filters: list[FilterPlugin],
    scorers: list[NodeLocalScorePlugin],
    classes: NodeClasses,
    inter_pod: InterPodAffinity,
) -> int:
    """Bind the pods, in order, each where filtering and scoring every node would; stops at
    the first pod no node admits and returns how many were bound."""
    choice = PreferredChoice(pods[0], filters, scorers, classes, inter_pod)
    after, nodes = choice.after, classes.nodes
    groups, weight, moved, pop = choice.group_list, choice.weight, choice.moved, heapq.heappop
    decided: Decided = []
    placed = 0
    while placed < len(pods):
        live = [(g, top) for g in groups if (top := g.top) is not None]
        if not live:
            bind_decided(state, decided)
            return placed
        group = live[0][0]
        if len(live) > 1:  # ``choose``, inlined: this runs once per pod
            rank, scores = None, normalised([g.raw for g, _ in live])
            for (candidate, top), score in zip(live, scores, strict=True):
                key = (top[0] - weight * score, top[1])
                if rank is None or key < rank:
                    rank, group = key, candidate
        _, name, old = pop(group.heap)
        node = nodes[name]
        decided.append((pods[placed], node))
        new = after.get(old)
        if new is None:  # a class not followed yet: bind, and look at the node as it is
            bind_decided(state, decided)
            decided = []
            new = after[old] = classes.number(class_key(node))
        moved(node, old, new, group)
        placed += 1
        placed += preferred_fill.fill(choice, group, node, pods, placed, decided)
    bind_decided(state, decided)
    return len(pods)


class PreferredChoice:
    """One batch's groups, heaps and weights, for pods of one template."""

    def __init__(
        self,
        pod: PodRecord,
        filters: list[FilterPlugin],
        scorers: list[NodeLocalScorePlugin],
        classes: NodeClasses,
        inter_pod: InterPodAffinity,
    ) -> None:
        template = pod.template
        affinity = template.affinity
        assert affinity is not None  # ``applies``
        self.pod, self.filters, self.classes = pod, filters, classes
        self.weight = inter_pod.weight
        self.scorers: list[NodeLocalScorePlugin] = list(scorers)
        if affinity.node_preferred:
            self.scorers.append(PreferredNodeAffinity())
        self.tracked = [i for i, s in enumerate(self.scorers) if s.uses_highest]
        terms = [(1, w) for w in affinity.pod_preferred]
        terms += [(-1, w) for w in affinity.anti_preferred]
        self.keys = sorted({w.term.topology_key for _, w in terms})
        self.weights: Counter[Pair] | None = inter_pod.preferred_weights(pod)
        """The weights per topology pair as the batch starts (only read: a group's raw is
        its own, moved by each decision); None once every group is known."""
        matches, column = inter_pod.counts.matches, {k: j for j, k in enumerate(self.keys)}
        self.own = [
            (column[w.term.topology_key], sign * w.weight)
            for sign, w in terms
            if matches(w.term.selector, template)
        ]
        """(key's column, weight moved) per term each of these pods counts in itself."""
        self.groups: dict[tuple[str | None, ...], Group] = {}
        self.group_list: list[Group] = []
        self.group_of: dict[int, Group | None] = {}
        """Class number → its group, None for a class the node-local filters reject."""
        self.raws: dict[int, tuple[int, ...]] = {}
        self.normalising: dict[int, tuple[int, ...]] = {}
        """Class number → the raws of the normalising scorers alone."""
        self.after: dict[int, int] = {}
        """Class number → the class a node of it joins when this pod lands on it."""
        self.counts: list[Counter[int]] = [Counter() for _ in self.tracked]
        """Per normalising scorer: feasible classes per raw value."""
        for number in list(classes.sizes):
            first = classes.first(number)
            assert first is not None  # a class in ``sizes`` has members
            if self._learn(number, classes.nodes[first]) is not None:
                self._count(number, 1)
        self.weights = None
        for group in self.group_list:
            group.moves = self._moves(group.values)
        self.highest = self._highest()
        self.totals: dict[int, int] = {}
        self._rebuild()

    def _learn(self, number: int, node: NodeRecord) -> Group | None:
        """Filter and score one member (as it is now) of a class not seen in this batch."""
        pod, group = self.pod, None
        if all(f.filter(pod, node) is None for f in self.filters):
            values = tuple(node.labels.get(key) for key in self.keys)  # no key is the hostname
            group = self.groups.get(values)
            if group is None:
                weights = self.weights
                assert weights is not None  # a bind moves no labels: no group appears later
                pairs = zip(self.keys, values, strict=True)
                raw = sum(weights.get((k, v), 0) for k, v in pairs if v is not None)
                group = self.groups[values] = Group(values, raw)
                self.group_list.append(group)
            raws = self.raws[number] = tuple(s.raw(pod, node) for s in self.scorers)
            self.normalising[number] = tuple(raws[i] for i in self.tracked)
        self.group_of[number] = group
        return group

    def _count(self, number: int, step: int) -> None:
        raws = self.raws[number]
        for t, i in enumerate(self.tracked):
            counts = self.counts[t]
            counts[raws[i]] += step
            if not counts[raws[i]]:
                del counts[raws[i]]

    def _highest(self) -> list[int]:
        highest = [0] * len(self.scorers)
        for t, i in enumerate(self.tracked):
            highest[i] = max(self.counts[t], default=0)
        return highest

    def total(self, number: int) -> int:
        total = self.totals.get(number)
        if total is None:
            parts = zip(self.scorers, self.raws[number], self.highest, strict=True)
            total = self.totals[number] = sum(p.finish(r, h) * p.weight for p, r, h in parts)
        return total

    def _rebuild(self) -> None:
        self.totals = {}
        best_per_group.rebuild(self.groups.values(), self.group_of, self.classes, self.total)

    def moved(self, node: NodeRecord, old: int, new: int, group: Group) -> None:
        """The pod goes to ``node`` (of ``group``), from class ``old`` to class ``new``."""
        classes, group_of = self.classes, self.group_of
        emptied, arrived = classes.join(node, new)
        after = group_of[new] if new in group_of else self._learn(new, node)
        joined = arrived and after is not None
        if (
            self.tracked
            and (emptied or joined)
            # one class emptied and one joined with the same raws (the usual case: a node
            # filling up moves from class to class): the counts do not change
            and not (emptied and joined and self.normalising[old] == self.normalising[new])
        ):
            if emptied:
                self._count(old, -1)
            if joined:
                self._count(new, 1)
            highest = self._highest()
            if highest != self.highest:
                self.highest = highest
                _move_raws(group)
                self._rebuild()
                return
        totals = self.totals
        first = classes.first(old)
        if first is not None:
            total = totals.get(old)
            total = self.total(old) if total is None else total
            heapq.heappush(group.heap, (-total, first, old))
        if after is not None:
            total = totals.get(new)
            total = self.total(new) if total is None else total
            heapq.heappush(after.heap, (-total, node.name, new))
            if after is not group:
                best_per_group.settle(after, self.classes.class_of)
        heap, class_of = group.heap, classes.class_of
        while heap:  # ``best_per_group.settle``, inlined: this runs once per pod
            top = heap[0]
            if class_of[top[1]] == top[2]:
                group.top = top
                break
            heapq.heappop(heap)
        else:
            group.top = None
        for step, sharing in group.moves:  # ``_move_raws(group)``, inlined
            for other in sharing:
                other.raw += step

    def _moves(self, values: tuple[str | None, ...]) -> list[tuple[int, list[Group]]]:
        """Per own term: the weight a pod in this domain moves, and the groups sharing the
        domain (a node without the term's key counts nowhere)."""
        moves = []
        for column, step in self.own:
            value = values[column]
            if value is not None:
                moves.append((step, [g for g in self.group_list if g.values[column] == value]))
        return moves


def _move_raws(group: Group) -> None:
    """A pod landed in the group: the raws of the groups sharing its domains move."""
    for step, sharing in group.moves:
        for other in sharing:
            other.raw += step
