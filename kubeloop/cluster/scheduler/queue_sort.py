"""PrioritySort (``queuesort/priority_sort.go``): the scheduling queue's order.

Higher priority first; among equals, the one queued first (kubeloop: created first).
While every pod has the same priority the queue is already in that order, so nothing is
sorted.
"""

from __future__ import annotations

from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.state import ClusterState


def less(a: PodRecord, b: PodRecord) -> bool:
    """``PrioritySort.Less``: ``a`` is popped before ``b``."""
    return a.priority > b.priority or (a.priority == b.priority and a.seq < b.seq)


def queue_sort(state: ClusterState, queue: list[PodRecord]) -> list[PodRecord]:
    """``queue`` (in creation order) in PrioritySort's order."""
    if not state.priorities.varied:
        return queue
    return sorted(queue, key=lambda p: -p.priority)  # stable: equal priorities stay FIFO
