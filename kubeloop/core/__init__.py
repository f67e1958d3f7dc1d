"""The kernel every mechanism stands on: logical time, events, conditions, quantities, hashing.

Nothing here knows about nodes, pipelines or series; the mechanisms in ``kubeloop.cluster``
(and the packages beside it) are built from these pieces and share one ``Clock`` and one
``EventLog`` when a scenario puts them in one world.
"""

from kubeloop.core.clock import ORDER_EVALUATE, ORDER_RECONCILE, ORDER_SCRAPE, Clock, PeriodicTask
from kubeloop.core.conditions import Condition
from kubeloop.core.events import Event, EventLog, EventSlice

__all__ = [
    "ORDER_EVALUATE",
    "ORDER_RECONCILE",
    "ORDER_SCRAPE",
    "Clock",
    "Condition",
    "Event",
    "EventLog",
    "EventSlice",
    "PeriodicTask",
]
