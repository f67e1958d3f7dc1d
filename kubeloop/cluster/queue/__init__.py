"""The scheduling queue: which Pending pods a cycle tries, and in what order.

``reference.py`` is the queue to read first (after any event, every Pending pod);
``hinted.py`` is upstream's queue with its queueing hints, which retries a pod only when an
event could place it (its parked pods kept in ``parked_groups.py``, ``parked_aware.py`` and
``parked_local.py``; what a cycle's events left parked in ``events.py``). The FailedScheduling
text of the pods it leaves parked is the scheduler's (``scheduler/messages.py``,
``scheduler/stale_messages.py``): the queue reads no plugin.
"""

from kubeloop.cluster.queue.hinted import FLUSH_AFTER, Asks, SchedulingQueue, asks_of
from kubeloop.cluster.queue.reference import ReferenceQueue

__all__ = ["FLUSH_AFTER", "Asks", "ReferenceQueue", "SchedulingQueue", "asks_of"]
