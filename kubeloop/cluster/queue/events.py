"""What one scheduling cycle's events were, and what they left parked that upstream's
coarser hints would have retried (``scheduler/stale_messages.py`` refreshes their messages)."""

from __future__ import annotations

from dataclasses import dataclass, field

from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.queue.parked_groups import ParkedGroup


@dataclass
class CycleEvents:
    deleted: list[PodRecord] = field(default_factory=list)
    """The bound pods deleted since the cycle before."""
    node_event: bool = False
    """Whether a node was added or changed since the cycle before."""
    unmoved: list[ParkedGroup] = field(default_factory=list)
    """Parked groups a deletion did not move (they fit none of the nodes it touched)."""
    unmoved_local: list[list[PodRecord]] = field(default_factory=list)
    """``parked_local.py``'s pods no event moved, a ReplicaSet's together."""
