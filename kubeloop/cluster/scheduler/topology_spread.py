"""PodTopologySpread (``podtopologyspread/filtering.go``, ``scoring.go``).

Filter, per DoNotSchedule constraint: a node without the topology key is unresolvable
("missing required label"); otherwise ``skew = matching pods in the node's domain + (1 if
the pod matches its own selector) − the minimum over eligible domains`` must not exceed
maxSkew. Eligible domains come from nodes that pass the pod's node affinity/selector
(nodeAffinityPolicy Honor; taints are ignored, nodeTaintsPolicy Ignore); the minimum is 0
while there are fewer domains than minDomains. Score, per ScheduleAnyway constraint:
``count × ln(domains + 2) + (maxSkew − 1)``, rounded, then ``100 × (max + min − s) / max``.
"""

from __future__ import annotations

import math
from collections import Counter

from kubeloop.cluster.affinity import HOSTNAME, TopologySpreadConstraint, topology_value
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord, PodTemplate
from kubeloop.cluster.scheduler.framework import Status
from kubeloop.cluster.scheduler.node_affinity import node_affinity_matches
from kubeloop.cluster.scheduler.pod_counts import PodCounts
from kubeloop.cluster.state import ClusterState

MISSING_LABEL = Status.unresolvable(
    "node(s) didn't match pod topology spread constraints (missing required label)"
)
SKEWED = Status.unschedulable("node(s) didn't match pod topology spread constraints")


class _Domains:
    """One constraint's matching pods per domain, over one template's eligible nodes."""

    def __init__(
        self, counts: PodCounts, constraint: TopologySpreadConstraint, eligible: list[NodeRecord]
    ) -> None:
        self.counts_of, self.constraint = counts, constraint
        self.eligible = {node.name for node in eligible}
        self.domains: Counter[str] = Counter()
        self._minimum: int | None = None
        key, selector = constraint.topology_key, constraint.selector
        value_of: dict[str, str] = {}
        for node in eligible:
            value = topology_value(node.labels, node.name, key)
            if value is not None:
                value_of[node.name] = value
                self.domains[value] += 0  # a domain with no matching pod yet still counts
        for template_id, where in counts.nodes_of.items():
            if counts.matches(selector, counts.templates[template_id]):
                for name, count in where.items():
                    value = value_of.get(name)
                    if value is not None:
                        self.domains[value] += count

    def add(self, node: NodeRecord, template: PodTemplate, count: int) -> None:
        constraint = self.constraint
        if node.name in self.eligible and self.counts_of.matches(constraint.selector, template):
            value = topology_value(node.labels, node.name, constraint.topology_key)
            if value is not None:
                self.domains[value] += count
                self._minimum = None

    @property
    def minimum(self) -> int:
        if self._minimum is None:
            self._minimum = min(self.domains.values(), default=0)
        return self._minimum


class PodTopologySpread:
    name = "PodTopologySpread"
    weight = 2

    def __init__(self, counts: PodCounts | None = None) -> None:
        self.counts = PodCounts() if counts is None else counts
        """Shareable with the other topology plugin: one count of the pods for both."""
        self._for: tuple[PodRecord, int] | None = None
        self._domains_of: list[_Domains] = []

    @property
    def state(self) -> ClusterState | None:
        return self.counts.state

    def prepare(self, state: ClusterState) -> None:
        """Pods may have moved in ways ``ClusterState.bound`` does not show: count again."""
        self.counts.reset(state)
        self._for = None

    def _domains(self, pod: PodRecord) -> list[_Domains]:
        """Per constraint: matching pods per domain value, over eligible nodes."""
        counts = self.counts
        state = counts.sync()
        if self._for is not None and self._for[0] is pod and self._for[1] == counts.generation:
            return self._domains_of
        template = pod.template
        aggregates = counts.aggregates
        found: list[_Domains] = []
        eligible: list[NodeRecord] | None = None
        for i, constraint in enumerate(template.topology_spread):
            key = (self.name, id(template), i)
            domains = aggregates.get(key)
            if not isinstance(domains, _Domains):
                if eligible is None:
                    eligible = [n for n in state.nodes.values() if node_affinity_matches(pod, n)]
                domains = _Domains(counts, constraint, eligible)
                aggregates[key] = domains
                counts.hold(template)
            found.append(domains)
        self._for, self._domains_of = (pod, counts.generation), found
        return found

    def filter(self, pod: PodRecord, node: NodeRecord) -> Status | None:
        constraints = pod.template.topology_spread
        counts = self._domains(pod)
        for constraint, spread in zip(constraints, counts, strict=True):
            if constraint.when_unsatisfiable != "DoNotSchedule":
                continue
            value = topology_value(node.labels, node.name, constraint.topology_key)
            if value is None:
                return MISSING_LABEL
            domains = spread.domains
            minimum = spread.minimum if len(domains) >= constraint.min_domains else 0
            own = 1 if self.counts.matches(constraint.selector, pod.template) else 0
            if domains[value] + own - minimum > constraint.max_skew:
                return SKEWED
        return None

    def score(self, pod: PodRecord, nodes: list[NodeRecord]) -> list[int]:
        soft = [
            (c, d.domains)
            for c, d in zip(pod.template.topology_spread, self._domains(pod), strict=True)
            if c.when_unsatisfiable == "ScheduleAnyway"
        ]
        if not soft:
            return [0] * len(nodes)
        raw: list[int | None] = [_raw(self.counts, node, soft) for node in nodes]
        present = [s for s in raw if s is not None]
        if not present:
            return [0] * len(nodes)
        high, low = max(present), min(present)
        if high == 0:
            return [100 if s is not None else 0 for s in raw]
        return [0 if s is None else 100 * (high + low - s) // high for s in raw]


def _raw(
    counts: PodCounts, node: NodeRecord, soft: list[tuple[TopologySpreadConstraint, Counter[str]]]
) -> int | None:
    total = 0.0
    for constraint, domains in soft:
        value = topology_value(node.labels, node.name, constraint.topology_key)
        if value is None:
            return None
        if constraint.topology_key == HOSTNAME:
            count = counts.matching_on(constraint.selector, node)
        else:
            count = domains[value]
        total += count * math.log(len(domains) + 2) + (constraint.max_skew - 1)
    return math.floor(total + 0.5)  # Go's math.Round for a non-negative score
