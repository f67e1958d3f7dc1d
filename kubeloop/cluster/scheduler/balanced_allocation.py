"""NodeResourcesBalancedAllocation (``balanced_allocation.go``, ≤ 1.35): nodes whose cpu
and memory would be used in equal shares score best. Fractions use actual requests
(not the non-zero defaults), capped at 1; with two resources ``std = |f1 − f2| / 2`` and
the score is ``int((1 − std) × 100)``, so 0.5 and 0.25 give 87."""

from __future__ import annotations

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord


def balanced_score(cpu_fraction: float, memory_fraction: float) -> int:
    std = abs(min(1.0, cpu_fraction) - min(1.0, memory_fraction)) / 2
    return int((1 - std) * 100)


class BalancedAllocation:
    name = "NodeResourcesBalancedAllocation"
    weight = 1
    node_local = True

    def score(self, pod: PodRecord, nodes: list[NodeRecord]) -> list[int]:
        scores = []
        for node in nodes:
            if node.cpu == 0 or node.memory == 0:
                scores.append(0)
                continue
            cpu = (node.allocated_cpu + pod.template.cpu) / node.cpu
            memory = (node.allocated_memory + pod.template.memory) / node.memory
            scores.append(balanced_score(cpu, memory))
        return scores
