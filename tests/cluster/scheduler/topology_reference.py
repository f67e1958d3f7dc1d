"""The topology plugins as they were before ``pod_counts.py``: every pod recounts every pod.

The oracle for the indexed plugins (``test_topology_index.py``): straightforward, slow,
and kept verbatim so a property test can check the fast plugins answer exactly as these do.
"""

from __future__ import annotations

import math
from collections import Counter

from kubeloop.cluster.affinity import (
    HOSTNAME,
    PodAffinityTerm,
    TopologySpreadConstraint,
    topology_pairs,
    topology_value,
)
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler import reference
from kubeloop.cluster.scheduler.framework import Status
from kubeloop.cluster.scheduler.inter_pod_affinity import AFFINITY, ANTI_AFFINITY, EXISTING_ANTI
from kubeloop.cluster.scheduler.node_affinity import node_affinity_matches
from kubeloop.cluster.scheduler.topology_spread import MISSING_LABEL, SKEWED
from kubeloop.cluster.state import ClusterState

Pair = tuple[str, str]


class ReferenceSpread:
    name = "PodTopologySpread"
    weight = 2

    def __init__(self) -> None:
        self.state: ClusterState | None = None
        self._for: PodRecord | None = None
        self._counts: list[Counter[str]] = []

    def prepare(self, state: ClusterState) -> None:
        self.state = state
        self._for = None

    def _domains(self, pod: PodRecord) -> list[Counter[str]]:
        """Per constraint: matching pods per domain value, over eligible nodes."""
        if self._for is pod:
            return self._counts
        assert self.state is not None
        self._for = pod
        eligible = [n for n in self.state.nodes.values() if node_affinity_matches(pod, n)]
        self._counts = []
        for constraint in pod.template.topology_spread:
            counts: Counter[str] = Counter()
            for node in eligible:
                value = topology_value(node.labels, node.name, constraint.topology_key)
                if value is None:
                    continue
                counts[value] += sum(
                    1
                    for p in node.pods.values()
                    if constraint.selector.matches(p.template.label_map)
                )
            self._counts.append(counts)
        return self._counts

    def filter(self, pod: PodRecord, node: NodeRecord) -> Status | None:
        constraints = pod.template.topology_spread
        counts = self._domains(pod)
        for constraint, domains in zip(constraints, counts, strict=True):
            if constraint.when_unsatisfiable != "DoNotSchedule":
                continue
            value = topology_value(node.labels, node.name, constraint.topology_key)
            if value is None:
                return MISSING_LABEL
            minimum = min(domains.values(), default=0)
            if len(domains) < constraint.min_domains:
                minimum = 0
            own = 1 if constraint.selector.matches(pod.template.label_map) else 0
            if domains[value] + own - minimum > constraint.max_skew:
                return SKEWED
        return None

    def score(self, pod: PodRecord, nodes: list[NodeRecord]) -> list[int]:
        soft = [
            (c, d)
            for c, d in zip(pod.template.topology_spread, self._domains(pod), strict=True)
            if c.when_unsatisfiable == "ScheduleAnyway"
        ]
        if not soft:
            return [0] * len(nodes)
        raw: list[int | None] = [_raw(pod, node, soft) for node in nodes]
        present = [s for s in raw if s is not None]
        if not present:
            return [0] * len(nodes)
        high, low = max(present), min(present)
        if high == 0:
            return [100 if s is not None else 0 for s in raw]
        return [0 if s is None else 100 * (high + low - s) // high for s in raw]


def _raw(
    pod: PodRecord, node: NodeRecord, soft: list[tuple[TopologySpreadConstraint, Counter[str]]]
) -> int | None:
    total = 0.0
    for constraint, domains in soft:
        value = topology_value(node.labels, node.name, constraint.topology_key)
        if value is None:
            return None
        if constraint.topology_key == HOSTNAME:
            count = sum(
                1 for p in node.pods.values() if constraint.selector.matches(p.template.label_map)
            )
        else:
            count = domains[value]
        total += count * math.log(len(domains) + 2) + (constraint.max_skew - 1)
    return math.floor(total + 0.5)  # Go's math.Round for a non-negative score


class ReferenceInterPodAffinity:
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
        return [int(100 * ((s - low) / (high - low))) for s in raw]  # Go: divide, then scale


def _add(counts: Counter[Pair], term: PodAffinityTerm, node: NodeRecord) -> None:
    value = topology_value(node.labels, node.name, term.topology_key)
    if value is not None:
        counts[(term.topology_key, value)] += 1


class ReferenceScheduler(reference.ReferenceScheduler):
    """``reference.py``'s scheduler with the recounting plugins in place of the indexed
    ones: every plugin on every node for every pod, every pod counted again after each bind.
    The queue's hints decide which pods a cycle retries, as in production, so both clusters
    record the same events."""

    def __init__(self, strategy: str = "first-fit") -> None:
        super().__init__(strategy, hints=True)
        spread, inter_pod = ReferenceSpread(), ReferenceInterPodAffinity()
        swap = {id(self.spread): spread, id(self.inter_pod): inter_pod}
        self.filters = [swap.get(id(p), p) for p in self.filters]  # type: ignore[misc]
        self.scorers = [swap.get(id(p), p) for p in self.scorers]  # type: ignore[misc]
        self.spread, self.inter_pod = spread, inter_pod  # type: ignore[assignment]
