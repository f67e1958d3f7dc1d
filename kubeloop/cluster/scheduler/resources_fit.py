"""NodeResourcesFit: requests against allocatable, and the two scoring strategies.

Filter follows ``fitsRequest``: the pod count first (even for pods requesting
nothing), then CPU and memory, each shortfall adding its own reason. The score
functions are upstream's integer formulas (``least_allocated.go``,
``most_allocated.go``) with equal CPU and memory weights.
"""

from __future__ import annotations

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.framework import Status, score_nodes

TOO_MANY_PODS = "Too many pods"
_INSUFFICIENT = "Insufficient "
INSUFFICIENT_CPU, INSUFFICIENT_MEMORY = _INSUFFICIENT + "cpu", _INSUFFICIENT + "memory"
ROOM_REASONS = (TOO_MANY_PODS, _INSUFFICIENT)
"""What every reason of this plugin starts with: the only node-local plugin whose hint
queues a pod on any bound pod's deletion (``isSchedulableAfterPodEvent``)."""


def fit_reasons(
    pod_cpu: int, pod_memory: int, free_cpu: int, free_memory: int, free_pods: int
) -> tuple[str, ...]:
    reasons: list[str] = []
    if free_pods < 1:
        reasons.append(TOO_MANY_PODS)
    if pod_cpu == 0 and pod_memory == 0:
        return tuple(reasons)
    if pod_cpu > 0 and pod_cpu > free_cpu:
        reasons.append(INSUFFICIENT_CPU)
    if pod_memory > 0 and pod_memory > free_memory:
        reasons.append(INSUFFICIENT_MEMORY)
    return tuple(reasons)


def least_requested_score(requested: int, capacity: int) -> int:
    if capacity == 0 or requested > capacity:
        return 0
    return (capacity - requested) * 100 // capacity


def most_requested_score(requested: int, capacity: int) -> int:
    if capacity == 0:
        return 0
    return min(requested, capacity) * 100 // capacity


def weighted_score(scores: list[tuple[int, int]]) -> int:
    """``Σ score×weight / Σ weight`` with Go's truncating division (scores are ≥ 0)."""
    total_weight = sum(weight for _, weight in scores)
    if total_weight == 0:
        return 0
    return sum(score * weight for score, weight in scores) // total_weight


class NodeResourcesFit:
    name = "NodeResourcesFit"
    node_local = True
    """Its answer depends only on the pod and this node\'s own state."""
    weight = 1
    uses_highest = False

    def __init__(self, strategy: str = "LeastAllocated") -> None:
        self.strategy = strategy

    def filter(self, pod: PodRecord, node: NodeRecord) -> Status | None:
        reasons = fit_reasons(
            pod.template.cpu, pod.template.memory, node.free_cpu, node.free_memory, node.free_pods
        )
        return Status.unschedulable(*reasons) if reasons else None

    def raw(self, pod: PodRecord, node: NodeRecord) -> int:
        function = (
            least_requested_score if self.strategy == "LeastAllocated" else most_requested_score
        )
        parts = []
        for requested, capacity in (
            (node.scoring_cpu + pod.template.scoring_cpu, node.cpu),
            (node.scoring_memory + pod.template.scoring_memory, node.memory),
        ):
            if capacity > 0:
                parts.append((function(requested, capacity), 1))
        return weighted_score(parts)

    def finish(self, raw: int, highest: int) -> int:
        return raw

    def score(self, pod: PodRecord, nodes: list[NodeRecord]) -> list[int]:
        return score_nodes(self, pod, nodes)
