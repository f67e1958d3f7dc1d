"""Event expiry: kube-apiserver's ``--event-ttl``, on the logical clock (``EventLog``'s part).

Places are visited once, in the order events were first recorded (which is the order of
their first times); one updated since it was first recorded waits in a heap by its last
update. Each check is O(1), or O(log n) for an event that keeps being updated; nothing is
rescanned. Expired places are compacted away once they outnumber the rest, and every place
the log remembers (its fold state, the heap, the checked mark) moves with its event, while
an event's number never changes.
"""

from __future__ import annotations

import heapq
from array import array
from bisect import bisect_right
from typing import TYPE_CHECKING

from kubeloop.core.event_columns import GONE
from kubeloop.errors import InvalidSpecError

if TYPE_CHECKING:
    from kubeloop.core.clock import Clock
    from kubeloop.core.event import Event
    from kubeloop.core.event_columns import Columns
    from kubeloop.core.events_in_bulk import _Many, _Similar

COMPACT_AFTER = 1024
"""Expired places the log keeps before it compacts (then only when they outnumber the rest)."""


class EventExpiry:
    if TYPE_CHECKING:  # EventLog's, set by its __init__
        _clock: Clock
        _columns: Columns
        _made: list[Event | None]
        _seen: dict[_Similar, tuple[int, str, int] | _Many]

        def __len__(self) -> int: ...

    def _init_expiry(self, ttl: int | None) -> None:
        self._ttl: int | None = None
        self._swept_at: int | None = None
        self._checked = 0
        """Places below this have been checked once; every later one is newer than them."""
        self._lingering: list[tuple[int, int]] = []
        """(last update, place) of checked events that were updated since: a heap."""
        self._gone = 0
        self._numbers = array("q")
        """The numbers of the first places, kept by the last compaction."""
        self._shift = 0
        """A place past ``_numbers`` holds the event numbered place + 1 + ``_shift``."""
        self.expire_after(ttl)

    @property
    def ttl(self) -> int | None:
        """Seconds an event lives after its last update; None keeps every event."""
        return self._ttl

    def expire_after(self, ttl: int | None) -> None:
        """Delete each event ``ttl`` seconds after its last update (None: keep them all).

        An event last updated at ``t`` is gone from ``t + ttl`` on; a repeat after that starts
        a new event (a new number, count 1). client-go's recorder would recreate it with its
        old count and first time while its 4,096-key LRU still held them; the log forgets
        them with the event, so what it remembers stays bounded by what it shows.
        """
        if ttl is not None and (
            type(ttl) is not int or not 1 <= ttl <= 2**62  # bool is not int here
        ):
            raise InvalidSpecError(
                f"the event TTL must be a whole number of seconds from 1 to 2**62, or None; "
                f"got {ttl!r}"
            )
        self._ttl = ttl
        self._swept_at = None

    def _number(self, place: int) -> int:
        numbers = self._numbers
        return numbers[place] if place < len(numbers) else place + 1 + self._shift

    def _place_after(self, seq: int) -> int:
        """The first place whose event is numbered after ``seq``."""
        numbers = self._numbers
        if numbers and seq < numbers[-1]:
            return bisect_right(numbers, seq)
        return min(len(self._columns), max(len(numbers), seq - self._shift))

    def _expire(self) -> None:
        ttl, now = self._ttl, self._clock.now
        if ttl is None or now == self._swept_at:
            return
        self._swept_at = now
        cutoff = now - ttl
        firsts, lasts, lingering = self._columns.first, self._columns.last, self._lingering
        while self._checked < len(firsts) and firsts[self._checked] <= cutoff:
            place = self._checked
            self._checked += 1
            last = lasts[place]
            if last <= cutoff:
                self._drop(place)
            else:
                heapq.heappush(lingering, (last, place))
        while lingering and lingering[0][0] <= cutoff:
            _, place = heapq.heappop(lingering)
            last = lasts[place]
            if last <= cutoff:
                self._drop(place)
            else:
                heapq.heappush(lingering, (last, place))
        if self._gone > COMPACT_AFTER and 2 * self._gone > len(firsts):
            self._compact()

    def _drop(self, place: int) -> None:
        """Delete the event at ``place`` and what the log remembered to fold it."""
        columns = self._columns
        kind, obj, message = columns.kind[place], columns.subject[place], columns.detail[place]
        columns.drop(place)
        self._made[place] = None
        self._gone += 1
        if kind.render is not None:  # recorded once (``normal_once_made``): no fold state
            return
        key = (kind.type, kind.reason, obj)
        seen = self._seen.get(key)
        if isinstance(seen, tuple):
            if seen[2] == place:
                del self._seen[key]
            return
        if seen is None:
            return
        if seen.combined == place:
            seen.combined = None
        elif seen.positions.get(message) == place:
            del seen.positions[message]
        if not seen.positions and seen.combined is None:
            del self._seen[key]

    def _compact(self) -> None:
        """Drop the expired places; every place the log remembers moves with its event."""
        columns, made = self._columns, self._made
        kept = [i for i, kind in enumerate(columns.kind) if kind is not GONE]
        moved = {old: new for new, old in enumerate(kept)}
        last = len(self)
        self._numbers = array("q", (self._number(i) for i in kept))
        self._checked = sum(1 for i in kept if i < self._checked)
        self._lingering = [(t, moved[p]) for t, p in self._lingering]  # order kept: still a heap
        columns.keep(kept)
        made[:] = [made[i] for i in kept]
        self._shift = last - len(columns)
        self._gone = 0
        for key, seen in self._seen.items():
            if isinstance(seen, tuple):
                self._seen[key] = (seen[0], seen[1], moved[seen[2]])
            else:
                seen.positions = {m: moved[p] for m, p in seen.positions.items()}
                if seen.combined is not None:
                    seen.combined = moved[seen.combined]
