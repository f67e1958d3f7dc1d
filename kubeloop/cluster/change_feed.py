"""What changed in the cluster, in order: one append-only feed every cache reads from.

Every change a cache or the scheduling queue follows is appended here as a small record
naming the nodes it touched: pods bound (each to its node, in the order they were
placed), a bound pod deleted from its node, a node added, changed (taints, readiness,
cordon, labels) or removed. A Pending pod created or deleted is no change here: it touches no
node.

Each reader keeps its own place. A *cursor* (``cursor``) is a place the feed keeps every
change after until its reader has read it — the Scheduled events, the scheduling queue and
the topology plugins' pod counts must see every bind and deletion — and the records every
cursor has read are let go (with the pods they hold). Any other reader keeps a plain
position (``end`` when it last read) and asks ``nodes_since``: the nodes each change named
are kept apart, until they outgrow the cluster, and then such a reader is told to start
over (None). No read changes what another reader sees.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import NamedTuple

from kubeloop.cluster.pods import PodRecord


class PodsBound(NamedTuple):
    """Pods of one ReplicaSet bound to one node, in the order they were bound (the list
    the binder handed over, not a copy)."""

    node: str
    pods: Sequence[PodRecord]


class PairsBound(NamedTuple):
    """Pods of one ReplicaSet, ``pods[i]`` bound to ``nodes[i]``, in the order they were
    placed: one record for a bind that spans many nodes."""

    pods: Sequence[PodRecord]
    nodes: Sequence[str]


class PodDeleted(NamedTuple):
    """A bound pod deleted from its node (room freed there)."""

    node: str
    pod: PodRecord


class NodeAdded(NamedTuple):
    node: str


class NodeChanged(NamedTuple):
    """The node's taints, readiness, cordon or labels changed."""

    node: str


class NodeRemoved(NamedTuple):
    node: str


Change = PodsBound | PairsBound | PodDeleted | NodeAdded | NodeChanged | NodeRemoved
BINDS = (PodsBound, PairsBound)
NODE_EVENTS = (NodeAdded, NodeChanged, NodeRemoved)
"""The records that are events of the node itself (not of a pod on it)."""


def touched(changes: list[Change]) -> set[str]:
    """The nodes the changes name."""
    names: set[str] = set()
    for change in changes:
        if isinstance(change, PairsBound):
            names.update(change.nodes)
        else:
            names.add(change.node)
    return names


class Cursor:
    """A reader's place in a feed that keeps every change after it until it is read."""

    __slots__ = ("__weakref__", "read_to")

    def __init__(self, read_to: int) -> None:
        self.read_to = read_to


class ChangeFeed:
    def __init__(self) -> None:
        self._changes: list[Change] = []
        self._base = 0
        """The position of ``_changes[0]``: every change before it was dropped."""
        self._named: list[str | Sequence[str]] = []
        """The node (or nodes) each change named, from ``_named_base`` on."""
        self._named_base = 0
        self._cursors: list[weakref.ref[Cursor]] = []
        """The cursors, held weakly: a reader that is gone holds nothing."""
        self._cut_at = 64
        """The length at which an append next drops what every cursor has read."""

    @property
    def end(self) -> int:
        """The position after the last change: what a reader has read up to."""
        return self._base + len(self._changes)

    def append(self, change: Change, nodes: int) -> None:
        """Record a change; ``nodes`` (the cluster's size) bounds the names kept."""
        named = self._named
        if len(named) > 2 * nodes + 64:  # plain readers from before here start over
            self._named_base += len(named)
            named.clear()
        named.append(change.nodes if isinstance(change, PairsBound) else change.node)
        changes = self._changes
        if len(changes) >= self._cut_at:
            self._drop_read()
        changes.append(change)

    def cursor(self) -> Cursor:
        """A new place at the end: every change from here on is kept until it is read."""
        cursor = Cursor(self.end)
        self._cursors.append(weakref.ref(cursor))
        return cursor

    def read(self, cursor: Cursor) -> list[Change]:
        """The changes after the cursor, in order; the cursor moves past them (and if it
        held the oldest, what every cursor has now read is let go)."""
        changes = self._changes
        start = cursor.read_to - self._base
        cursor.read_to = self.end
        read = changes[start:]
        if start == 0 and read:
            self._drop_read()
        return read

    def since(self, position: int) -> list[Change] | None:
        """The changes after ``position``, or None if some were let go since."""
        if position < self._base:
            return None
        return self._changes[position - self._base :]

    def nodes_since(self, position: int) -> set[str] | None:
        """The nodes the changes after ``position`` name, or None if some names were
        dropped since (the reader starts over)."""
        if position < self._named_base:
            return None
        changed: set[str] = set()
        for named in self._named[position - self._named_base :]:
            if type(named) is str:
                changed.add(named)
            else:
                changed.update(named)
        return changed

    def _drop_read(self) -> None:
        """Let go of the changes every cursor has read (and of the cursors that are gone)."""
        keep = self.end
        alive = []
        for ref in self._cursors:
            cursor = ref()
            if cursor is not None:
                alive.append(ref)
                keep = min(keep, cursor.read_to)
        self._cursors = alive
        dropped = keep - self._base
        if dropped > 0:
            del self._changes[:dropped]
            self._base = keep
        self._cut_at = len(self._changes) + 64
