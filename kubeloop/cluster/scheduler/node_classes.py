"""Nodes grouped into classes of nodes the scheduler cannot tell apart.

Two schedulable nodes with the same capacity, allocation, pod count, taints, labels and
health get the same answer from every node-local filter and the same score from every
node-local scorer, so a scoring cycle need filter and score one representative per class —
the first by name, which is also the node upstream's tie-break would pick among them. A
cluster of thousands of identical nodes has a handful of classes at any moment, which turns
LeastAllocated and MostAllocated from O(pods × nodes) into O(pods × classes).
"""

from __future__ import annotations

import heapq
from collections.abc import Hashable, Iterable

from kubeloop.cluster.nodes import NodeRecord


def class_key(node: NodeRecord) -> Hashable:
    """Everything a node-local filter or scorer may look at, except the node's name."""
    return (
        node.cpu,
        node.memory,
        node.max_pods,
        node.allocated_cpu,
        node.allocated_memory,
        node.scoring_cpu,
        node.scoring_memory,
        len(node.pods),
        tuple(node.taints),
        tuple(sorted(node.labels.items())),
        node.unschedulable,
        node.ready,
    )


class NodeClasses:
    """The classes of a set of nodes, kept in step as nodes take pods during one cycle."""

    def __init__(self, nodes: Iterable[NodeRecord]) -> None:
        self._nodes: dict[str, NodeRecord] = {}
        self._key_of: dict[str, Hashable] = {}
        self._members: dict[Hashable, list[str]] = {}
        for node in nodes:
            self._nodes[node.name] = node
            self._place(node)

    def _place(self, node: NodeRecord) -> None:
        key = class_key(node)
        self._key_of[node.name] = key
        heapq.heappush(self._members.setdefault(key, []), node.name)

    def moved(self, node: NodeRecord) -> None:
        """The node's allocation changed: it joins the class it now belongs to."""
        self._place(node)

    def representatives(self) -> list[NodeRecord]:
        """The first node by name of every class, in name order."""
        found = []
        for key in list(self._members):
            heap = self._members[key]
            while heap and self._key_of[heap[0]] != key:
                heapq.heappop(heap)  # left for another class since it was pushed
            if heap:
                found.append(self._nodes[heap[0]])
            else:
                del self._members[key]
        found.sort(key=lambda n: n.name)
        return found
