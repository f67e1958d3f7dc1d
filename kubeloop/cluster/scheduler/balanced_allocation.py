"""NodeResourcesBalancedAllocation (``balanced_allocation.go``, ≤ 1.35): nodes whose cpu
and memory would be used in equal shares score best. Fractions use actual requests
(not the non-zero defaults), capped at 1; with two resources ``std = |f1 − f2| / 2`` and
the score is ``int((1 − std) × 100)``, so 0.5 and 0.25 give 87."""

from __future__ import annotations

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.framework import score_nodes


def balanced_score(cpu_fraction: float, memory_fraction: float) -> int:
    std = abs(min(1.0, cpu_fraction) - min(1.0, memory_fraction)) / 2
    return int((1 - std) * 100)


class BalancedAllocation:
    name = "NodeResourcesBalancedAllocation"
    weight = 1
    uses_highest = False
    node_local = True

    def raw(self, pod: PodRecord, node: NodeRecord) -> int:
        if node.cpu == 0 or node.memory == 0:
            return 0
        cpu = (node.allocated_cpu + pod.template.cpu) / node.cpu
        memory = (node.allocated_memory + pod.template.memory) / node.memory
        return balanced_score(cpu, memory)

    def finish(self, raw: int, highest: int) -> int:
        return raw

    def score(self, pod: PodRecord, nodes: list[NodeRecord]) -> list[int]:
        return score_nodes(self, pod, nodes)
