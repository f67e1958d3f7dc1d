"""Which nodes changed, in order, so that caches over every node replay only those.

Every change to what a filter reads of a node — a bind, a bound pod's delete, a taint,
readiness, cordon, a node added — appends the node's name. A reader remembers how far it
has read (``end``) and later asks for the names since; the log is cut once it outgrows
the cluster, and a reader from before the cut is told to start over.
"""

from __future__ import annotations


class NodeLog:
    def __init__(self) -> None:
        self._names: list[str] = []
        self._base = 0

    @property
    def end(self) -> int:
        """The position after the last change: what a reader has read up to."""
        return self._base + len(self._names)

    def note(self, name: str, nodes: int) -> None:
        """The node changed; ``nodes`` (the cluster's size) bounds the log."""
        names = self._names
        if len(names) > 2 * nodes + 64:
            self._base += len(names)
            names.clear()
        names.append(name)

    def since(self, position: int) -> set[str] | None:
        """The nodes changed since ``position``, or None if the log was cut since then."""
        if position < self._base:
            return None
        return set(self._names[position - self._base :])
