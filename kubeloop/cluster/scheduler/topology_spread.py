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
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.framework import Status
from kubeloop.cluster.scheduler.node_affinity import node_affinity_matches
from kubeloop.cluster.state import ClusterState

MISSING_LABEL = Status.unresolvable(
    "node(s) didn't match pod topology spread constraints (missing required label)"
)
SKEWED = Status.unschedulable("node(s) didn't match pod topology spread constraints")


class PodTopologySpread:
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
