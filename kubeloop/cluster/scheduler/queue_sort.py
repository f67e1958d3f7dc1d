"""PrioritySort (``queuesort/priority_sort.go``): the scheduling queue's order.

Higher priority first; among equals, the one queued first (kubeloop: created first).
While every pod has the same priority the queue's creation order is already that order,
so nothing is sorted (``order`` gives None and the queue keeps its fast path).
"""

from __future__ import annotations

from collections.abc import Callable

from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.state import ClusterState


def key(pod: PodRecord) -> tuple[int, int]:
    """The sort key ``Less`` compares: ``a`` is popped before ``b`` iff key(a) < key(b)."""
    return -pod.priority, pod.seq


def less(a: PodRecord, b: PodRecord) -> bool:
    """``PrioritySort.Less``: ``a`` is popped before ``b``."""
    return key(a) < key(b)


def order(state: ClusterState) -> Callable[[PodRecord], tuple[int, int]] | None:
    """The key the scheduling queue hands pods out by; None: creation order will do."""
    return key if state.priorities.varied else None
