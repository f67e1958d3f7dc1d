"""A read-only mapping made of an older one plus what changed: O(changed) to make, not O(all).

Each reconcile pass's history record keeps every deployment's totals. Copying every entry
each pass to change a few of them would make the history the cost of a pass over many
deployments; a layer holds only the changed entries over the previous record's mapping,
and every ``DEPTH`` layers one is flattened so a lookup never walks far.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TypeVar

V = TypeVar("V")

DEPTH = 16


class Layered(Mapping[str, V]):
    __slots__ = ("_below", "_depth", "_len", "_own")
    _below: Layered[V] | None
    _depth: int
    _len: int
    _own: dict[str, V]

    def __init__(self, own: dict[str, V], below: Layered[V] | None = None) -> None:
        if below is not None and below._depth >= DEPTH:
            own, below = {**below._flat(), **own}, None
        self._own = own
        self._below = below
        self._depth = 0 if below is None else below._depth + 1
        self._len = len(own) if below is None else below._len + sum(k not in below for k in own)

    def __getitem__(self, key: str) -> V:
        layer: Layered[V] | None = self
        while layer is not None:
            own = layer._own
            if key in own:
                return own[key]
            layer = layer._below
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        layer: Layered[V] | None = self
        while layer is not None:
            if key in layer._own:
                return True
            layer = layer._below
        return False

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[str]:
        return iter(self._flat())

    def _flat(self) -> dict[str, V]:
        """Oldest layer first, so keys keep the order they first appeared in."""
        layers: list[dict[str, V]] = []
        layer: Layered[V] | None = self
        while layer is not None:
            layers.append(layer._own)
            layer = layer._below
        flat: dict[str, V] = {}
        for own in reversed(layers):
            flat.update(own)
        return flat

    def __repr__(self) -> str:
        return f"Layered({self._flat()!r})"
