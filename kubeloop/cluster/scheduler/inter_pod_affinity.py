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

from kubeloop.cluster.affinity import PodAffinityTerm, topology_pairs, topology_value
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.framework import Status
from kubeloop.cluster.state import ClusterState

AFFINITY = Status.unresolvable("node(s) didn't match pod affinity rules")
ANTI_AFFINITY = Status.unschedulable("node(s) didn't match pod anti-affinity rules")
EXISTING_ANTI = Status.unschedulable("node(s) didn't satisfy existing pods anti-affinity rules")

Pair = tuple[str, str]


class InterPodAffinity:
    name = "InterPodAffinity"
    weight = 2

    def __init__(self) -> None:
        self.state: ClusterState | None = None
        self._for: PodRecord | None = None
        self._affinity: Counter[Pair] = Counter()
        self._anti: Counter[Pair] = Counter()
        self._existing: Counter[Pair] = Counter()

    def prepare(self, state: ClusterState) -> None:
        """A new cycle, or a pod was bound: counts are recomputed for the next pod."""
        self.state = state
        self._for = None

    def _bound(self) -> list[tuple[PodRecord, NodeRecord]]:
        assert self.state is not None
        nodes = self.state.nodes
        return [(p, nodes[p.node]) for p in self.state.pods.values() if p.node is not None]

    def _count(self, pod: PodRecord) -> None:
        """``preFilterState`` for this pod: topology pairs → matching existing pods."""
        if self._for is pod:
            return
        self._for = pod
        self._affinity, self._anti, self._existing = Counter(), Counter(), Counter()
        affinity = pod.template.affinity
        required = affinity.pod_required if affinity else ()
        anti = affinity.anti_required if affinity else ()
        labels = pod.template.label_map
        for other, node in self._bound():
            other_labels = other.template.label_map
            if required and all(t.selector.matches(other_labels) for t in required):
                for term in required:
                    _add(self._affinity, term, node)
            for term in anti:
                if term.selector.matches(other_labels):
                    _add(self._anti, term, node)
            theirs = other.template.affinity
            for term in theirs.anti_required if theirs else ():
                if term.selector.matches(labels):
                    _add(self._existing, term, node)

    def filter(self, pod: PodRecord, node: NodeRecord) -> Status | None:
        self._count(pod)
        affinity = pod.template.affinity
        if affinity and affinity.pod_required:
            exist = True
            for term in affinity.pod_required:
                value = topology_value(node.labels, node.name, term.topology_key)
                if value is None:
                    return AFFINITY
                if self._affinity[(term.topology_key, value)] <= 0:
                    exist = False
            labels = pod.template.label_map
            first = not self._affinity and all(
                t.selector.matches(labels) for t in affinity.pod_required
            )
            if not exist and not first:
                return AFFINITY
        if self._anti and affinity:
            for term in affinity.anti_required:
                value = topology_value(node.labels, node.name, term.topology_key)
                if value is not None and self._anti[(term.topology_key, value)] > 0:
                    return ANTI_AFFINITY
        if self._existing and any(
            self._existing[p] > 0 for p in topology_pairs(node.labels, node.name)
        ):
            return EXISTING_ANTI
        return None

    def score(self, pod: PodRecord, nodes: list[NodeRecord]) -> list[int]:
        affinity = pod.template.affinity
        if affinity is None or not (affinity.pod_preferred or affinity.anti_preferred):
            return [0] * len(nodes)
        weights: Counter[Pair] = Counter()
        for other, node in self._bound():
            labels = other.template.label_map
            for sign, terms in ((1, affinity.pod_preferred), (-1, affinity.anti_preferred)):
                for weighted in terms:
                    if weighted.term.selector.matches(labels):
                        value = topology_value(node.labels, node.name, weighted.term.topology_key)
                        if value is not None:
                            weights[(weighted.term.topology_key, value)] += sign * weighted.weight
        raw = [sum(weights[p] for p in topology_pairs(node.labels, node.name)) for node in nodes]
        low, high = min(raw), max(raw)
        if high == low:
            return [0] * len(nodes)
        return [int(100 * (s - low) / (high - low)) for s in raw]


def _add(counts: Counter[Pair], term: PodAffinityTerm, node: NodeRecord) -> None:
    value = topology_value(node.labels, node.name, term.topology_key)
    if value is not None:
        counts[(term.topology_key, value)] += 1
