"""Nodes grouped into classes of nodes the scheduler cannot tell apart.

Two nodes with the same capacity, allocation, pod count, taints, labels, cordon and
health get the same answer from every node-local filter and the same score from every
node-local scorer, so a scoring cycle need filter and score each class once. Among the
members of a class the scheduler picks the first by name, which is also the node the
tie-break (first by name) would pick among them. A cluster of thousands of identical
nodes has a handful of classes at any moment, which turns LeastAllocated and
MostAllocated from O(pods × nodes) into O(pods × log nodes) (see ``class_batch.py``).
"""

from __future__ import annotations

import heapq
from bisect import bisect_left
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
    """The classes of a set of nodes, each with a number, kept in step as nodes change.

    Each class keeps its members' names in a heap with lazy deletion: a node that leaves
    stays in its old class's heap until it reaches the top, where ``first`` drops it.
    """

    def __init__(self, nodes: Iterable[NodeRecord]) -> None:
        self.nodes: dict[str, NodeRecord] = {}
        self.class_of: dict[str, int] = {}
        """Each node's class number."""
        self.sizes: dict[int, int] = {}
        """Members per class number; a class that loses its last member is dropped."""
        self._number: dict[Hashable, int] = {}
        self._members: dict[int, list[str]] = {}
        self._entries = 0
        for node in nodes:
            self.nodes[node.name] = node
            self.join(node, self.number(class_key(node)))

    def number(self, key: Hashable) -> int:
        """The number of the class with this key (a new one if no node has had it)."""
        found = self._number.get(key)
        if found is None:
            found = self._number[key] = len(self._number)
        return found

    def join(self, node: NodeRecord, number: int) -> tuple[bool, bool]:
        """Move the node into class ``number``; says whether its old class emptied and
        whether the new one was empty."""
        name = node.name
        old = self.class_of.get(name)
        emptied = False
        if old is not None:
            left = self.sizes[old] - 1
            emptied = left == 0
            if emptied:
                del self.sizes[old]
            else:
                self.sizes[old] = left
        self.class_of[name] = number
        was = self.sizes.get(number, 0)
        self.sizes[number] = was + 1
        heapq.heappush(self._members.setdefault(number, []), name)
        self._entries += 1
        return emptied, was == 0

    def moved(self, node: NodeRecord) -> None:
        """The node changed: it joins the class it now belongs to."""
        self.join(node, self.number(class_key(node)))

    def first(self, number: int) -> str | None:
        """The class's first member by name, or None once it has none."""
        heap = self._members.get(number)
        if heap is None:
            return None
        class_of = self.class_of
        while heap and class_of[heap[0]] != number:
            heapq.heappop(heap)  # left for another class since it was pushed
            self._entries -= 1
        if not heap:
            del self._members[number]
            return None
        return heap[0]

    def take(self, number: int, new: int, limit: int, before: str | None) -> list[NodeRecord]:
        """Move class ``number``'s first members by name — at most ``limit``, only those named
        before ``before`` (None: any), and never its last — into class ``new`` (which must
        already have a member, so neither class empties or appears); returns them in name
        order. What ``join`` does member by member, without a heap entry per step.

        The first members are popped off the heap one by one; once they are many (an eighth
        of the heap) and more are to come, the heap is sorted (a sorted list is a heap) and
        the rest cut off its front — so a take of a few never pays for a sort."""
        heap = self._members[number]
        limit = min(limit, self.sizes[number] - 1)
        names, cut = self._pop(heap, number, new, limit, before, max(16, len(heap) // 8))
        if not cut and len(names) < limit:
            names += self._cut(heap, number, new, limit - len(names), before)
        target = self._members[new]
        if 8 * len(names) >= len(target):
            target.extend(names)
            heapq.heapify(target)
        else:
            for name in names:
                heapq.heappush(target, name)
        self.sizes[number] -= len(names)
        self.sizes[new] += len(names)
        nodes = self.nodes
        return [nodes[name] for name in names]

    def _pop(
        self, heap: list[str], number: int, new: int, limit: int, before: str | None, most: int
    ) -> tuple[list[str], bool]:
        """Up to ``min(limit, most)`` members, a heap pop each; says whether ``before`` (or
        the limit) stopped it."""
        class_of = self.class_of
        taken: list[str] = []
        while len(taken) < limit:
            if len(taken) >= most:
                return taken, False
            name = heap[0]
            if class_of[name] != number:
                heapq.heappop(heap)  # left for another class since it was pushed
                self._entries -= 1
                continue
            if before is not None and name >= before:
                break
            heapq.heappop(heap)
            class_of[name] = new
            taken.append(name)
        return taken, True

    def _cut(
        self, heap: list[str], number: int, new: int, limit: int, before: str | None
    ) -> list[str]:
        """Up to ``limit`` members from the front of the heap, sorted first (whole slices at
        a time: the names that left for another class since pushed are dropped)."""
        class_of = self.class_of
        heap.sort()
        end = len(heap) if before is None else bisect_left(heap, before)
        taken: list[str] = []
        i = 0
        while len(taken) < limit and i < end:
            chunk = heap[i : min(end, i + limit - len(taken))]
            i += len(chunk)
            live = [name for name in dict.fromkeys(chunk) if class_of[name] == number]
            class_of.update(dict.fromkeys(live, new))
            taken += live
        del heap[:i]
        self._entries -= i - len(taken)
        return taken

    @property
    def bloated(self) -> bool:
        """Names that left their class, or keys no node has now, outnumber the nodes: time
        to build afresh (a long scenario would otherwise grow them without bound)."""
        limit = 2 * len(self.nodes) + 64
        return self._entries > limit or len(self._number) > limit
