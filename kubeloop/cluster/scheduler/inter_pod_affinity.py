"""InterPodAffinity (``interpodaffinity/filtering.go``, ``scoring.go``).

Filter, in upstream's order: the pod's required affinity (every term's topology label on
the node and a pod matching all terms in that domain — or, for the first of a
self-affine group, no such pod anywhere), its required anti-affinity (no matching pod in
the domain; a node without the label passes), then existing pods' required anti-affinity
against it. Score: the weights of the pod's preferred (anti-)affinity terms for each
matching pod in the node's domain, min-max normalised to 0..100. Upstream's symmetric half
— existing pods' preferred terms, and ``hardPodAffinityWeight`` per required affinity term,
matching the incoming pod (``processExistingPod``) — is not modelled (docs/cluster.md,
simplifications).
"""

from __future__ import annotations

from collections import Counter

from kubeloop.cluster.affinity import topology_pairs, topology_value
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler import affinity_classes
from kubeloop.cluster.scheduler.affinity_classes import HostClasses
from kubeloop.cluster.scheduler.affinity_pairs import Fanout, Pair, Pairs
from kubeloop.cluster.scheduler.framework import Status
from kubeloop.cluster.scheduler.pod_counts import PodCounts
from kubeloop.cluster.state import ClusterState

AFFINITY = Status.unresolvable("node(s) didn't match pod affinity rules")
ANTI_AFFINITY = Status.unschedulable("node(s) didn't match pod anti-affinity rules")
EXISTING_ANTI = Status.unschedulable("node(s) didn't satisfy existing pods anti-affinity rules")


class InterPodAffinity:
    name = "InterPodAffinity"
    weight = 2

    def __init__(self, counts: PodCounts | None = None) -> None:
        self.counts = PodCounts() if counts is None else counts
        """Shareable with the other topology plugin: one count of the pods for both."""
        self._for: tuple[PodRecord, int] | None = None
        self._pairs: Pairs | None = None
        self._hosts: HostClasses | None = None

    @property
    def state(self) -> ClusterState | None:
        return self.counts.state

    def prepare(self, state: ClusterState) -> None:
        """Pods may have moved in ways the change feed does not show: count again."""
        self.counts.reset(state)
        self._for = None

    def _count(self, pod: PodRecord) -> Pairs:
        """This pod's pairs, brought up to date with every bind since."""
        counts = self.counts
        counts.sync()
        known = self._pairs
        if self._for is not None and self._for[0] is pod and self._for[1] == counts.generation:
            assert known is not None
            return known
        fanout = counts.aggregates.get(self.name)
        if not isinstance(fanout, Fanout):
            fanout = counts.aggregates[self.name] = Fanout(counts)
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
        return normalised(
            [sum(weights[p] for p in topology_pairs(n.labels, n.name)) for n in nodes]
        )

    def preferred_weights(self, pod: PodRecord) -> Counter[Pair]:
        """The pod's preferred terms' weights per topology pair, up to date (read, never
        moved: ``preferred_batch.py`` copies it)."""
        return self._count(pod).weights


def normalised(raws: list[int]) -> list[int]:
    """The feasible nodes' scores from their raws: min-max normalised to 0..100 as
    upstream's ``NormalizeScore`` does, ``int64(100 × (float64(raw − min) / float64(max −
    min)))`` — the division first, so a raw 29 of 100 above the lowest scores 28."""
    low, high = min(raws), max(raws)
    if high == low:
        return [0] * len(raws)
    span = high - low
    return [int(100 * ((raw - low) / span)) for raw in raws]
