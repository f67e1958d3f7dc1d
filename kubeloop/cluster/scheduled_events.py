"""The Scheduled event of every bound pod, in the order the pods were bound.

A reader of the change feed with a cursor of its own: each pass ends by recording an event
for every pod the binds since its last read placed. Only the pod's and node's names are
stored (``scheduled_text`` makes the event's object and message when it is read), so a
bind makes no string of its own.
"""

from __future__ import annotations

from itertools import repeat
from operator import attrgetter

from kubeloop.cluster.change_feed import ChangeFeed, PairsBound, PodsBound
from kubeloop.cluster.names import NAMESPACE
from kubeloop.core.events import EventLog

_name = attrgetter("name")


class ScheduledEvents:
    def __init__(self, feed: ChangeFeed, events: EventLog) -> None:
        self._feed = feed
        self._events = events
        self._read = feed.cursor()
        """How far the events have been recorded (every bind after it is kept)."""

    def record(self) -> None:
        """Each pod bound since the last call gets its Scheduled event, in the order bound."""
        names: list[str] = []
        nodes: list[str] = []
        for change in self._feed.read(self._read):
            if type(change) is PodsBound:
                names.extend(map(_name, change.pods))
                nodes.extend(repeat(change.node, len(change.pods)))
            elif type(change) is PairsBound:
                names.extend(map(_name, change.pods))
                nodes.extend(change.nodes)
        self._events.normal_once_made("Scheduled", scheduled_text, names, nodes)


def scheduled_text(pod: str, node: str) -> tuple[str, str]:
    """A bind's Scheduled event: its object and message, as ``kubectl get events`` shows."""
    return f"pod/{pod}", f"Successfully assigned {NAMESPACE}/{pod} to {node}"
