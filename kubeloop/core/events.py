"""The ordered event log every mechanism writes to, read like ``kubectl get events``.

Repeats are folded as client-go's event correlator folds them
(``tools/record/events_cache.go``), so the log stays bounded however long a scenario runs:

- An event identical to an earlier one (type, reason, object and message) is not added
  again: the earlier one's ``count`` grows and its ``time`` moves to now (``first_time``
  stays), as ``EventLogger`` updates an event's count and lastTimestamp.
- Similar events — the same type, reason and object with other messages — are kept apart
  until the ``SIMILAR_LIMIT``-th distinct message arrives within ``SIMILAR_WINDOW`` seconds; from
  then on they fold into one event whose message is
  ``(combined from similar events): <the latest message>``, as ``EventAggregator`` does.

With a TTL (``expire_after``), an event is deleted ``ttl`` seconds after its last update, as
kube-apiserver's ``--event-ttl`` deletes it, and what the log remembered to fold it goes too.
Numbers stay: an event keeps its number for life, and a number is never reused.
"""

from __future__ import annotations

import heapq
from array import array
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from typing import overload

from kubeloop.core.clock import Clock
from kubeloop.errors import InvalidSpecError

SIMILAR_LIMIT = 10
"""client-go's defaultAggregateMaxEvents."""
SIMILAR_WINDOW = 600
"""client-go's defaultAggregateIntervalInSeconds."""
COMBINED = "(combined from similar events): "


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the event log; times are logical seconds, ``time`` the latest."""

    seq: int
    time: int
    type: str
    reason: str
    object: str
    message: str
    count: int = 1
    first_time: int = 0

    def __str__(self) -> str:
        seen = f" (x{self.count} since {self.first_time}s)" if self.count > 1 else ""
        line = f"{self.time}s  {self.type:<7} {self.reason:<20} {self.object:<28} {self.message}"
        return line + seen


_Similar = tuple[str, str, str]
_Raw = tuple[int, str, str, str, str, int, int]


class EventSlice(Sequence[Event]):
    """Events as they stood when the slice was taken, made into ``Event``s only when read.

    A reconcile pass that binds 150,000 pods records as many events; its result keeps
    them as a copy of the log's plain tuples (cheap) rather than as built Events (most of
    the pass's cost, for a list nobody may read). Compares equal to a tuple of its events.
    """

    __slots__ = ("_first", "_numbers", "_raw")

    def __init__(self, first: int, raw: list[_Raw], numbers: list[int] | None = None) -> None:
        self._first = first
        self._raw = raw
        self._numbers = numbers
        """Each event's number, when they do not follow on from ``first`` (some expired)."""

    def __len__(self) -> int:
        return len(self._raw)

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...
    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        position = range(len(self._raw))[index]  # IndexError past either end
        if self._numbers is not None:
            return Event(self._numbers[position], *self._raw[position])
        return Event(self._first + position + 1, *self._raw[position])

    def __iter__(self) -> Iterator[Event]:
        if self._numbers is not None:
            return (Event(n, *raw) for n, raw in zip(self._numbers, self._raw, strict=True))
        first = self._first + 1
        return (Event(first + i, *raw) for i, raw in enumerate(self._raw))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventSlice | tuple | list):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))


@dataclass
class _Many:
    """An object and reason that has had more than one message."""

    last_time: int
    positions: dict[str, int]
    """Where each message's event is, for folding identical repeats."""
    window: set[str] = field(default_factory=set)
    """The distinct messages of the current similarity window."""
    combined: int | None = None


_GONE: _Raw = (0, "", "", "", "", 0, 0)
"""What an expired event's place holds until the log is compacted."""
COMPACT_AFTER = 1024
"""Expired places the log keeps before it compacts (then only when they outnumber the rest)."""


class EventLog:
    def __init__(self, clock: Clock, ttl: int | None = None) -> None:
        self._clock = clock
        # Stored as plain tuples, made Events when read: a large scenario records hundreds of
        # thousands of them and most are never looked at. _made caches the Events built.
        self._raw: list[tuple[int, str, str, str, str, int, int]] = []
        self._made: list[Event | None] = []
        # Per (type, reason, object): (last time, message, position) while it has had one
        # message — the common case, kept small — and a _Many once it has had several.
        self._seen: dict[_Similar, tuple[int, str, int] | _Many] = {}
        # --- event TTL state (see "event TTL" below) ---
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

    def normal(self, reason: str, obj: str, message: str) -> None:
        self._expire()
        self._record("Normal", reason, obj, message)

    def warning(self, reason: str, obj: str, message: str) -> None:
        self._expire()
        self._record("Warning", reason, obj, message)

    def normal_many(self, reason: str, entries: Iterable[tuple[str, str]]) -> None:
        """Record one Normal event per (object, message), in order.

        Two common cases are handled inline, as ``_record`` would: an object this reason has
        not named before is appended (a pass that binds 10,000 pods records 10,000 events,
        and a call each would double their cost), and a message folded into an object's
        ``(combined from similar events)`` event only counts — its count and message are
        written once, at the end (a ReplicaSet creating 1,000 pods folds 990 of them).
        """
        self._expire()
        now = self._clock.now
        seen, raw, made = self._seen, self._raw, self._made
        folded: dict[int, tuple[int, str]] = {}
        for obj, message in entries:
            key = ("Normal", reason, obj)
            found = seen.get(key)
            if found is None:
                seen[key] = (now, message, len(raw))
                raw.append((now, "Normal", reason, obj, message, 1, now))
                made.append(None)
            elif (
                type(found) is _Many
                and found.combined is not None
                and now - found.last_time <= SIMILAR_WINDOW
                and len(found.window) >= SIMILAR_LIMIT
            ):
                found.last_time = now
                found.window.add(message)
                count, _ = folded.get(found.combined, (0, ""))
                folded[found.combined] = (count + 1, message)
            else:
                self._record("Normal", reason, obj, message)
        for position, (repeats, message) in folded.items():
            _, type_, reason_, obj, _, count, first = raw[position]
            raw[position] = (now, type_, reason_, obj, COMBINED + message, count + repeats, first)
            made[position] = None

    def normal_series(self, reason: str, obj: str, prefix: str, names: Sequence[str]) -> None:
        """Record ``prefix + name`` for each name as a Normal event of one object, in order.

        What a ReplicaSet creating or deleting many pods records. Once the object's similar
        events are combined, every further message of the same moment only counts: the rest
        of the series is folded in one step, and only its last message is ever built.
        """
        self._expire()
        now = self._clock.now
        key = ("Normal", reason, obj)
        for i, name in enumerate(names):
            found = self._seen.get(key)
            if (
                type(found) is _Many
                and found.combined is not None
                and now - found.last_time <= SIMILAR_WINDOW
                and len(found.window) >= SIMILAR_LIMIT
            ):
                found.last_time = now  # the window is full: more messages change nothing
                self._repeat(found.combined, now, COMBINED + prefix + names[-1], len(names) - i)
                return
            self._record("Normal", reason, obj, prefix + name)

    def normal_once(self, reason: str, objects: Sequence[str], messages: Sequence[str]) -> None:
        """Record one Normal event per object, for objects this reason can name only once.

        A pod is bound once (``Scheduled``): nothing can repeat or combine with its event,
        so it is appended without correlator state — at C speed, as a pass that binds
        150,000 pods records 150,000 of them. (A later pod of the same name is another
        object, as in Kubernetes, where pod names never return: its event is its own.)
        """
        now = self._clock.now
        common = repeat(now), repeat("Normal"), repeat(reason)
        self._raw.extend(zip(*common, objects, messages, repeat(1), repeat(now)))
        self._made.extend(repeat(None, len(objects)))

    def _append(self, now: int, type_: str, reason: str, obj: str, message: str) -> int:
        position = len(self._raw)
        self._raw.append((now, type_, reason, obj, message, 1, now))
        self._made.append(None)
        return position

    def _repeat(self, position: int, now: int, message: str, times: int = 1) -> None:
        _, type_, reason, obj, _, count, first = self._raw[position]
        self._raw[position] = (now, type_, reason, obj, message, count + times, first)
        self._made[position] = None

    def _event(self, position: int) -> Event:
        made = self._made[position]
        if made is None:
            made = self._made[position] = Event(self._number(position), *self._raw[position])
        return made

    def _record(self, type_: str, reason: str, obj: str, message: str) -> None:
        now = self._clock.now
        key = (type_, reason, obj)
        seen = self._seen.get(key)
        if seen is None:
            self._seen[key] = (now, message, self._append(now, type_, reason, obj, message))
            return
        if isinstance(seen, tuple):
            last, first, position = seen
            if message == first:
                self._repeat(position, now, message)
                self._seen[key] = (now, first, position)
                return
            seen = self._seen[key] = _Many(last, {first: position}, {first})
        if now - seen.last_time > SIMILAR_WINDOW:
            seen.window = set()
        seen.last_time = now
        seen.window.add(message)
        if len(seen.window) < SIMILAR_LIMIT:
            found = seen.positions.get(message)
            if found is None:
                seen.positions[message] = self._append(now, type_, reason, obj, message)
            else:
                self._repeat(found, now, message)
        elif seen.combined is None:
            seen.combined = self._append(now, type_, reason, obj, COMBINED + message)
        else:
            self._repeat(seen.combined, now, COMBINED + message)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.snapshot())

    def __len__(self) -> int:
        """The latest event's number: how many were recorded, expired ones included."""
        return len(self._raw) + self._shift

    def since(self, seq: int) -> list[Event]:
        """Events first recorded after the event numbered ``seq`` (numbers start at 1)."""
        self._expire()
        raw = self._raw
        start = self._place_after(seq)
        return [self._event(i) for i in range(start, len(raw)) if raw[i] is not _GONE]

    def frozen_since(self, seq: int) -> EventSlice:
        """``since(seq)`` as it stands now, its Events made only when read."""
        self._expire()
        start = self._place_after(seq)
        if start >= self._checked and start >= len(self._numbers):  # nothing expired there
            return EventSlice(start + self._shift, self._raw[start:])
        places = [i for i in range(start, len(self._raw)) if self._raw[i] is not _GONE]
        numbers = [self._number(i) for i in places]
        return EventSlice(seq, [self._raw[i] for i in places], numbers)

    def snapshot(self) -> list[Event]:
        """Every event, as it stands now (later repeats do not change this list)."""
        return self.since(0)

    # --- event TTL: kube-apiserver's --event-ttl, on the logical clock ------------------
    #
    # Places are visited once, in the order events were first recorded (which is the order
    # of their first times); one updated since it was first recorded waits in a heap by its
    # last update. Each check is O(1), or O(log n) for an event that keeps being updated;
    # nothing is rescanned. Expired places are compacted away once they outnumber the rest.

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
        return min(len(self._raw), max(len(numbers), seq - self._shift))

    def _expire(self) -> None:
        ttl, now = self._ttl, self._clock.now
        if ttl is None or now == self._swept_at:
            return
        self._swept_at = now
        cutoff = now - ttl
        raw, lingering = self._raw, self._lingering
        while self._checked < len(raw) and raw[self._checked][6] <= cutoff:
            place = self._checked
            self._checked += 1
            last = raw[place][0]
            if last <= cutoff:
                self._drop(place)
            else:
                heapq.heappush(lingering, (last, place))
        while lingering and lingering[0][0] <= cutoff:
            _, place = heapq.heappop(lingering)
            last = raw[place][0]
            if last <= cutoff:
                self._drop(place)
            else:
                heapq.heappush(lingering, (last, place))
        if self._gone > COMPACT_AFTER and 2 * self._gone > len(raw):
            self._compact()

    def _drop(self, place: int) -> None:
        """Delete the event at ``place`` and what the log remembered to fold it."""
        _, type_, reason, obj, message, _, _ = self._raw[place]
        self._raw[place] = _GONE
        self._made[place] = None
        self._gone += 1
        key = (type_, reason, obj)
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
        raw, made = self._raw, self._made
        kept = [i for i in range(len(raw)) if raw[i] is not _GONE]
        moved = {old: new for new, old in enumerate(kept)}
        last = len(self)
        self._numbers = array("q", (self._number(i) for i in kept))
        self._checked = sum(1 for i in kept if i < self._checked)
        self._lingering = [(t, moved[p]) for t, p in self._lingering]  # order kept: still a heap
        raw[:] = [raw[i] for i in kept]
        made[:] = [made[i] for i in kept]
        self._shift = last - len(raw)
        self._gone = 0
        for key, seen in self._seen.items():
            if isinstance(seen, tuple):
                self._seen[key] = (seen[0], seen[1], moved[seen[2]])
            else:
                seen.positions = {m: moved[p] for m, p in seen.positions.items()}
                if seen.combined is not None:
                    seen.combined = moved[seen.combined]
