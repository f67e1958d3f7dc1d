"""Which items of a fixed list hold any of some keys, found without looking at the others.

nearby.phrases ranks only the catalog's examples that share a concept with a line or have
a slot for one of its values: a handful of some two thousand. Each key's items are listed
once, by position (its posting list), so a line's candidates are the union of its keys'
lists, in the list's order: exactly the items ``plain`` finds by asking every one.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Postings:
    """Each key's items, by their place in the list they were built from."""

    lists: dict[Hashable, tuple[int, ...]]

    @classmethod
    def of(cls, items: Iterable[Iterable[Hashable]]) -> Postings:
        """The posting lists of ``items``, each item given as the keys it holds."""
        lists: dict[Hashable, list[int]] = {}
        for place, keys in enumerate(items):
            for key in set(keys):
                lists.setdefault(key, []).append(place)
        return cls({key: tuple(places) for key, places in lists.items()})

    def holding_any(self, keys: Iterable[Hashable]) -> list[int]:
        """The places of the items that hold any of ``keys``, in order."""
        found: set[int] = set()
        for key in keys:
            found.update(self.lists.get(key, ()))
        return sorted(found)


def plain(items: Sequence[Iterable[Hashable]], keys: Iterable[Hashable]) -> list[int]:
    """``Postings.holding_any`` by asking every item (the reference it is tested against)."""
    wanted = set(keys)
    return [place for place, held in enumerate(items) if not wanted.isdisjoint(held)]
