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


class SpreadDomains:
    """One constraint's matching pods per domain, over one template's eligible nodes.

    ``signed``: pods leaving move it by a negative count (``pod_counts.py``). The minimum
    is kept with how many domains hold it, so a bind rarely rescans the domains.
    """

    signed = True

    def __init__(
        self, counts: PodCounts, constraint: TopologySpreadConstraint, eligible: list[NodeRecord]
    ) -> None:
        self.counts_of, self.constraint = counts, constraint
        self.eligible = {node.name for node in eligible}
        self.domains: Counter[str] = Counter()
        self._minimum: int | None = None
        self._at_minimum = 0
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

    def wants(self, template: PodTemplate) -> bool:
        return self.counts_of.matches(self.constraint.selector, template)

    def add(self, node: NodeRecord, template: PodTemplate, count: int) -> None:
        constraint = self.constraint
        if not count or node.name not in self.eligible:
            return
        if self.counts_of.matches(constraint.selector, template):
            value = topology_value(node.labels, node.name, constraint.topology_key)
            if value is not None:
                domains = self.domains
                before = domains[value]
                domains[value] = before + count
                if count < 0:  # pods left: rare, so the minimum is found again when asked
                    self._minimum = None
                elif before == self._minimum:
                    self._at_minimum -= 1
                    if not self._at_minimum:
                        self._minimum = None

    @property
    def minimum(self) -> int:
        """The fewest matching pods in any domain (0 without domains)."""
        if self._minimum is None:
            values = self.domains.values()
            low = self._minimum = min(values, default=0)
            self._at_minimum = sum(1 for v in values if v == low)
        return self._minimum


class PodTopologySpread:
    name = "PodTopologySpread"
    weight = 2

    def __init__(self, counts: PodCounts | None = None) -> None:
        self.counts = PodCounts() if counts is None else counts
        """Shareable with the other topology plugin: one count of the pods for both."""
        self._for: tuple[PodRecord, int] | None = None
        self._domains_of: list[SpreadDomains] = []

    @property
    def state(self) -> ClusterState | None:
        return self.counts.state

    def prepare(self, state: ClusterState) -> None:
        """Pods may have moved in ways the change feed does not show: count again."""
        self.counts.reset(state)
        self._for = None

    def domains(self, pod: PodRecord) -> list[SpreadDomains]:
        """Per constraint: matching pods per domain value, over eligible nodes."""
        counts = self.counts
        state = counts.sync()
        if self._for is not None and self._for[0] is pod and self._for[1] == counts.generation:
            return self._domains_of
        template = pod.template
        aggregates = counts.aggregates
        found: list[SpreadDomains] = []
        eligible: list[NodeRecord] | None = None
        for i, constraint in enumerate(template.topology_spread):
            key = (self.name, id(template), i)
            domains = aggregates.get(key)
            if not isinstance(domains, SpreadDomains):
                if eligible is None:
                    eligible = [n for n in state.nodes.values() if node_affinity_matches(pod, n)]
                domains = SpreadDomains(counts, constraint, eligible)
                aggregates[key] = domains
                counts.hold(template)
            found.append(domains)
        self._for, self._domains_of = (pod, counts.generation), found
        return found

    def filter(self, pod: PodRecord, node: NodeRecord) -> Status | None:
        constraints = pod.template.topology_spread
        counts = self.domains(pod)
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
            for c, d in zip(pod.template.topology_spread, self.domains(pod), strict=True)
            if c.when_unsatisfiable == "ScheduleAnyway"
        ]
        if not soft:
            return [0] * len(nodes)
        return normalised([_raw(self.counts, node, soft) for node in nodes])


def normalised(raw: list[int | None]) -> list[int]:
    """Scores from raw counts (None: the node lacks a soft constraint's key): fewer is better."""
    present = [s for s in raw if s is not None]
    if not present:
        return [0] * len(raw)
    high, low = max(present), min(present)
    if high == 0:
        return [100 if s is not None else 0 for s in raw]
    return [0 if s is None else 100 * (high + low - s) // high for s in raw]


Soft = list[tuple[TopologySpreadConstraint, Counter[str]]]


def _raw(counts: PodCounts, node: NodeRecord, soft: Soft) -> int | None:
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


def domain_raw(soft: Soft, values: tuple[str | None, ...]) -> int | None:
    """``_raw`` of any node in these domains (one value per soft constraint, none of them
    keyed by the bare hostname): the same sum, in the same order."""
    total = 0.0
    for (constraint, domains), value in zip(soft, values, strict=True):
        if value is None:
            return None
        total += domains[value] * math.log(len(domains) + 2) + (constraint.max_skew - 1)
    return math.floor(total + 0.5)
