"""InterPodAffinity (``interpodaffinity/filtering.go``, ``scoring.go``).

Filter, in upstream's order: the pod's required affinity (every term's topology label on
the node and a pod matching all terms in that domain — or, for the first of a
self-affine group, no such pod anywhere), its required anti-affinity (no matching pod in
the domain; a node without the label passes), then existing pods' required anti-affinity
against it. Score: the weights of the pod's preferred (anti-)affinity terms for each
matching pod in the node's domain, min-max normalised to 0..100.
"""

from __future__ import annotations

from collections import Counter

from kubeloop.cluster.affinity import HOSTNAME, PodAffinityTerm, topology_pairs, topology_value
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord, PodTemplate
from kubeloop.cluster.scheduler import affinity_classes
from kubeloop.cluster.scheduler.affinity_classes import HostClasses
from kubeloop.cluster.scheduler.framework import Status
from kubeloop.cluster.scheduler.pod_counts import PodCounts
from kubeloop.cluster.state import ClusterState

AFFINITY = Status.unresolvable("node(s) didn't match pod affinity rules")
ANTI_AFFINITY = Status.unschedulable("node(s) didn't match pod anti-affinity rules")
EXISTING_ANTI = Status.unschedulable("node(s) didn't satisfy existing pods anti-affinity rules")

Pair = tuple[str, str]


class _Pairs:
    """``preFilterState`` and the preferred terms' weights for one template's pods:
    topology pairs → matching existing pods, counted per template (pods of one template
    match alike) and moved by each bind of a template that moves them (``moved_by``)."""

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
            other = counts.templates[key]
            if self.moved_by(other):
                for name, count in where.items():
                    self.add(nodes[name], other, count)

    def moved_by(self, template: PodTemplate) -> bool:
        """Whether pods of ``template`` count in any of these pairs."""
        matches = self.counts.matches
        required = self.required
        if required and all(matches(t.selector, template) for t in required):
            return True
        if any(matches(t.selector, template) for t in self.anti):
            return True
        theirs = template.affinity
        if theirs and any(matches(t.selector, self.template) for t in theirs.anti_required):
            return True
        return any(matches(w.term.selector, template) for _, terms in self.preferred for w in terms)

    def add(self, node: NodeRecord, template: PodTemplate, count: int) -> None:
        """``count`` pods of ``template`` more on the node (fewer, if negative)."""
        matches = self.counts.matches
        required = self.required
        if required and all(matches(t.selector, template) for t in required):
            for term in required:
                _add(self.affinity, term, node, count)
        for term in self.anti:
            if matches(term.selector, template):
                _add(self.anti_pods, term, node, count)
        theirs = template.affinity
        for term in theirs.anti_required if theirs else ():
            if matches(term.selector, self.template):
                _add(self.existing, term, node, count)
                self.by_host = self.by_host or term.topology_key == HOSTNAME
        for sign, terms in self.preferred:
            for weighted in terms:
                if matches(weighted.term.selector, template):
                    _add(self.weights, weighted.term, node, sign * weighted.weight * count)


class _Fanout:
    """The one aggregate InterPodAffinity keeps in ``PodCounts``: a bind moves only the
    templates' pairs it counts in, not every pending template's (30 templates with
    anti-affinity to themselves would otherwise each be asked about every bind)."""

    def __init__(self, counts: PodCounts) -> None:
        self.counts = counts
        self.pairs: dict[int, _Pairs] = {}
        self.moves: dict[int, tuple[PodTemplate, list[_Pairs]]] = {}
        """Bound template (by id) → the pairs its pods count in."""

    def of(self, template: PodTemplate) -> _Pairs:
        pairs = self.pairs.get(id(template))
        if pairs is None:
            pairs = self.pairs[id(template)] = _Pairs(self.counts, template)
            for other, moved in self.moves.values():
                if pairs.moved_by(other):
                    moved.append(pairs)
        return pairs

    def add(self, node: NodeRecord, template: PodTemplate, count: int) -> None:
        known = self.moves.get(id(template))
        if known is None:
            moved = [p for p in self.pairs.values() if p.moved_by(template)]
            known = self.moves[id(template)] = (template, moved)
        for pairs in known[1]:
            pairs.add(node, template, count)


class InterPodAffinity:
    name = "InterPodAffinity"
    weight = 2

    def __init__(self, counts: PodCounts | None = None) -> None:
        self.counts = PodCounts() if counts is None else counts
        """Shareable with the other topology plugin: one count of the pods for both."""
        self._for: tuple[PodRecord, int] | None = None
        self._pairs: _Pairs | None = None
        self._hosts: HostClasses | None = None

    @property
    def state(self) -> ClusterState | None:
        return self.counts.state

    def prepare(self, state: ClusterState) -> None:
        """Pods may have moved in ways ``ClusterState.bound`` does not show: count again."""
        self.counts.reset(state)
        self._for = None

    def _count(self, pod: PodRecord) -> _Pairs:
        """This pod's pairs, brought up to date with every bind since."""
        counts = self.counts
        counts.sync()
        known = self._pairs
        if self._for is not None and self._for[0] is pod and self._for[1] == counts.generation:
            assert known is not None
            return known
        fanout = counts.aggregates.get(self.name)
        if not isinstance(fanout, _Fanout):
            fanout = counts.aggregates[self.name] = _Fanout(counts)
        pairs = fanout.of(pod.template)
        self._for, self._pairs = (pod, counts.generation), pairs
        return pairs

    def repelled_by_host(self, pod: PodRecord) -> bool:
        """Whether existing pods' required anti-affinity repels the pod per hostname."""
        return self._count(pod).by_host

    def by_host(self, pod: PodRecord) -> bool:
        """Only inter-pod terms read the hostname, and some do: ``hosts`` classes the pod's
        nodes (``aware_classes.py`` serves the pods whose answers no hostname reaches)."""
        template = pod.template
        return affinity_classes.applies(template) and (
            bool(affinity_classes.host_terms(template)) or self.repelled_by_host(pod)
        )

    def hosts(self, state: ClusterState, pod: PodRecord) -> HostClasses:
        """The nodes classed for the pod (``affinity_classes.py``), up to date."""
        hosts = self._hosts
        if hosts is None or not hosts.fresh(state):
            hosts = self._hosts = HostClasses(state)
        hosts.register(pod.template)
        return hosts

    def first_of_group(self, pod: PodRecord) -> bool:
        """The exception for the first of a self-affine group is in force: no pod matches
        the pod's required affinity, which its own labels satisfy (one bind ends it)."""
        pairs = self._count(pod)
        matches = self.counts.matches
        return (
            bool(pairs.required)
            and not pairs.affinity
            and all(matches(t.selector, pod.template) for t in pairs.required)
        )

    def filter(self, pod: PodRecord, node: NodeRecord) -> Status | None:
        pairs = self._count(pod)
        affinity = pod.template.affinity
        if affinity and affinity.pod_required:
            counted = pairs.affinity
            exist = True
            for term in affinity.pod_required:
                value = topology_value(node.labels, node.name, term.topology_key)
                if value is None:
                    return AFFINITY
                if counted[(term.topology_key, value)] <= 0:
                    exist = False
            matches = self.counts.matches
            first = not counted and all(
                matches(t.selector, pod.template) for t in affinity.pod_required
            )
            if not exist and not first:
                return AFFINITY
        anti = pairs.anti_pods
        if anti and affinity:
            for term in affinity.anti_required:
                value = topology_value(node.labels, node.name, term.topology_key)
                if value is not None and anti[(term.topology_key, value)] > 0:
                    return ANTI_AFFINITY
        existing = pairs.existing
        if existing and any(existing[p] > 0 for p in topology_pairs(node.labels, node.name)):
            return EXISTING_ANTI
        return None

    def score(self, pod: PodRecord, nodes: list[NodeRecord]) -> list[int]:
        affinity = pod.template.affinity
        if affinity is None or not (affinity.pod_preferred or affinity.anti_preferred):
            return [0] * len(nodes)
        weights = self._count(pod).weights
        raw = [sum(weights[p] for p in topology_pairs(node.labels, node.name)) for node in nodes]
        low, high = min(raw), max(raw)
        if high == low:
            return [0] * len(nodes)
        return [int(100 * (s - low) / (high - low)) for s in raw]


def _add(counts: Counter[Pair], term: PodAffinityTerm, node: NodeRecord, count: int) -> None:
    """Move one pair by ``count``; a pair back at zero is dropped (``not counts`` is read)."""
    value = topology_value(node.labels, node.name, term.topology_key)
    if value is not None:
        pair = (term.topology_key, value)
        total = counts[pair] + count
        if total:
            counts[pair] = total
        else:
            del counts[pair]
