"""What InterPodAffinity counts for one template's pods, kept per template and moved by binds.

``Pairs`` is upstream's ``preFilterState`` plus the preferred terms' weights: topology pairs
(key, value) → matching existing pods, for one pending template. Pods of one template
match alike, so what a bound template's pods move — which counters, under which key, by
how much a pod — is worked out once per pair of templates (a ``Plan``); a bind then moves
just those counters. ``Fanout`` is the one aggregate InterPodAffinity keeps in
``PodCounts``: a bind reaches only the pairs its template counts in (30 templates with
anti-affinity to themselves would otherwise each be asked about every bind).
"""

from __future__ import annotations

from collections import Counter

from kubeloop.cluster.affinity import HOSTNAME
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodTemplate
from kubeloop.cluster.scheduler.pod_counts import PodCounts

Pair = tuple[str, str]
Step = tuple[Counter[Pair], str, int]
"""A counter a pod moves, the topology key it moves it under, and by how much."""
Plan = tuple[list[Step], bool]
"""The steps, and whether the pods' required anti-affinity repels the template by hostname."""


class Pairs:
    def __init__(self, counts: PodCounts, template: PodTemplate) -> None:
        self.counts, self.template = counts, template
        affinity = template.affinity
        self.required = affinity.pod_required if affinity else ()
        self.anti = affinity.anti_required if affinity else ()
        self.preferred = (
            ((1, affinity.pod_preferred), (-1, affinity.anti_preferred)) if affinity else ()
        )
        self.affinity: Counter[Pair] = Counter()
        self.anti_pods: Counter[Pair] = Counter()
        self.existing: Counter[Pair] = Counter()
        self.weights: Counter[Pair] = Counter()
        self.by_host = False
        """Some existing pod's required anti-affinity against these pods is per hostname."""
        state = counts.state
        assert state is not None
        nodes = state.nodes
        for key, where in counts.nodes_of.items():
            plan = self.plan(counts.templates[key])
            if plan[0]:
                for name, count in where.items():
                    self.apply(nodes[name], plan, count)

    def plan(self, template: PodTemplate) -> Plan:
        """What each pod of ``template`` moves here (nothing: no step)."""
        matches = self.counts.matches
        steps: list[Step] = []
        required = self.required
        if required and all(matches(t.selector, template) for t in required):
            steps += [(self.affinity, t.topology_key, 1) for t in required]
        anti = [t.topology_key for t in self.anti if matches(t.selector, template)]
        steps += [(self.anti_pods, key, 1) for key in anti]
        theirs = template.affinity.anti_required if template.affinity else ()
        repelling = [t.topology_key for t in theirs if matches(t.selector, self.template)]
        steps += [(self.existing, key, 1) for key in repelling]
        for sign, terms in self.preferred:
            for weighted in terms:
                if matches(weighted.term.selector, template):
                    steps.append((self.weights, weighted.term.topology_key, sign * weighted.weight))
        return steps, HOSTNAME in repelling

    def apply(self, node: NodeRecord, plan: Plan, count: int) -> None:
        """``count`` pods more on the node (fewer, if negative); a pair back at zero is
        dropped, since ``not counter`` is read."""
        labels, name = node.labels, node.name
        for counter, key, step in plan[0]:
            value = labels.get(key)
            if value is None:
                if key != HOSTNAME:
                    continue
                value = name  # the kubelet's kubernetes.io/hostname label
            pair = (key, value)
            total = counter.get(pair, 0) + step * count
            if total:
                counter[pair] = total
            else:
                del counter[pair]
        if plan[1] and count > 0:
            self.by_host = True

    def apply_run(self, nodes: list[NodeRecord], plan: Plan, counts: list[int]) -> None:
        """``apply`` for each node and count in turn (the same pairs, in the same order).

        Each topology key's pairs are made once for all its steps; a run of one pod a node
        moves a pod counter (never negative, so never back at zero) in one C-level
        ``Counter.update``.
        """
        steps = plan[0]
        ones = counts.count(1) == len(counts)
        pairs_of: dict[str, tuple[list[Pair], list[int]]] = {}
        for counter, key, step in steps:
            made = pairs_of.get(key)
            if made is None:
                made = pairs_of[key] = _pairs(nodes, key, counts)
            pairs, moved = made
            if ones and step == 1 and counter is not self.weights:
                counter.update(pairs)
                continue
            get = counter.get
            for pair, count in zip(pairs, moved, strict=True):
                total = get(pair, 0) + step * count
                if total:
                    counter[pair] = total
                else:
                    del counter[pair]
        if plan[1] and max(counts) > 0:
            self.by_host = True


def _pairs(nodes: list[NodeRecord], key: str, counts: list[int]) -> tuple[list[Pair], list[int]]:
    """The nodes' pairs for ``key`` (the hostname's is the node's name unless labelled), with
    their counts; nodes without the label are left out."""
    if key == HOSTNAME:  # every node has one
        values = [node.labels.get(key) for node in nodes]
        pairs = zip(nodes, values, strict=True)
        return [(key, n.name if v is None else v) for n, v in pairs], counts
    labelled: list[Pair] = []
    moved: list[int] = []
    for node, count in zip(nodes, counts, strict=True):
        value = node.labels.get(key)
        if value is not None:
            labelled.append((key, value))
            moved.append(count)
    return labelled, moved


class Fanout:
    signed = True
    """Moved by removed pods' negative counts too (``PodCounts``: kept, not dropped)."""

    def __init__(self, counts: PodCounts) -> None:
        self.counts = counts
        self.pairs: dict[int, Pairs] = {}
        self.moves: dict[int, tuple[PodTemplate, list[tuple[Pairs, Plan]]]] = {}
        """Bound template (by id) → the pairs its pods count in, with the plan for each."""

    def of(self, template: PodTemplate) -> Pairs:
        pairs = self.pairs.get(id(template))
        if pairs is None:
            pairs = self.pairs[id(template)] = Pairs(self.counts, template)
            for other, moved in self.moves.values():
                plan = pairs.plan(other)
                if plan[0]:
                    moved.append((pairs, plan))
        return pairs

    def _moves(self, template: PodTemplate) -> list[tuple[Pairs, Plan]]:
        known = self.moves.get(id(template))
        if known is None:
            plans = [(p, p.plan(template)) for p in self.pairs.values()]
            known = self.moves[id(template)] = (template, [(p, s) for p, s in plans if s[0]])
        return known[1]

    def add(self, node: NodeRecord, template: PodTemplate, count: int) -> None:
        for pairs, plan in self._moves(template):
            pairs.apply(node, plan, count)

    def add_run(self, nodes: list[NodeRecord], template: PodTemplate, counts: list[int]) -> None:
        """``add`` for each node and count in turn (``PodCounts`` replays a run of binds)."""
        for pairs, plan in self._moves(template):
            pairs.apply_run(nodes, plan, counts)
