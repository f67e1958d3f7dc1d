"""Per-group heaps of feasible node classes, shared by the two domain batches.

``spread_groups.py`` (topology spread) and ``preferred_batch.py`` (preferred inter-pod
terms) both split the feasible classes into groups whose nodes share one value per
topology key, and keep, per group, a heap of ``(−total, first member's name, class)``
whose live top is the group's best node. An entry goes stale when its node leaves the
class it was pushed for; stale entries are dropped when they reach the top.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping
from typing import Protocol, TypeVar

from kubeloop.cluster.scheduler.node_classes import NodeClasses

Entry = tuple[int, str, int]
"""(−total, node name, class number)."""


class Grouped(Protocol):
    heap: list[Entry]
    top: Entry | None


G = TypeVar("G", bound=Grouped)


def settle(group: Grouped, class_of: Mapping[str, int]) -> None:
    """Drop the entries on top whose node has left their class; note the top."""
    heap = group.heap
    while heap:
        top = heap[0]
        if class_of[top[1]] == top[2]:
            group.top = top
            return
        heapq.heappop(heap)
    group.top = None


def rebuild(
    groups: Iterable[G],
    group_of: Mapping[int, G | None],
    classes: NodeClasses,
    total: Callable[[int], int],
) -> None:
    """Every group's heap afresh: one entry per feasible class that has a member."""
    groups = list(groups)
    for group in groups:
        group.heap = []
    for number in classes.sizes:
        member = group_of[number]
        first = classes.first(number)
        if member is not None and first is not None:
            member.heap.append((-total(number), first, number))
    for group in groups:
        heapq.heapify(group.heap)
        settle(group, classes.class_of)
