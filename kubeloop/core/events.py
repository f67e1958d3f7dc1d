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

from collections.abc import Iterable, Iterator, Sequence
from itertools import repeat

from kubeloop.core.clock import Clock
from kubeloop.core.event import Event
from kubeloop.core.event_columns import GONE, Columns, Kind, Render
from kubeloop.core.event_expiry import EventExpiry
from kubeloop.core.event_many import (
    COMBINED,
    SIMILAR_LIMIT,
    SIMILAR_WINDOW,
    EventMany,
    _Many,
    _Similar,
)
from kubeloop.core.event_view import EventSlice

__all__ = ["COMBINED", "SIMILAR_LIMIT", "SIMILAR_WINDOW", "Event", "EventLog", "EventSlice"]

KINDS_KEPT = 1024
"""Kinds (type, reason, render) the log shares before it starts the table afresh."""


class EventLog(EventMany, EventExpiry):
    def __init__(self, clock: Clock, ttl: int | None = None) -> None:
        self._clock = clock
        # Stored by field (event_columns.py), made Events when read: a large scenario records
        # hundreds of thousands of them and most are never looked at. _made caches the Events
        # built.
        self._columns = Columns()
        self._made: list[Event | None] = []
        self._kinds: dict[tuple[str, str, Render | None], Kind] = {}
        # Per (type, reason, object): (last time, message, position) while it has had one
        # message — the common case, kept small — and a _Many once it has had several.
        self._seen: dict[_Similar, tuple[int, str, int] | _Many] = {}
        self._init_expiry(ttl)  # event TTL state: event_expiry.py

    def normal(self, reason: str, obj: str, message: str) -> None:
        self._expire()
        self._record("Normal", reason, obj, message)

    def warning(self, reason: str, obj: str, message: str) -> None:
        self._expire()
        self._record("Warning", reason, obj, message)

    def normal_many(self, reason: str, entries: Iterable[tuple[str, str]]) -> None:
        """Record one Normal event per (object, message), in order."""
        self._many("Normal", reason, entries)

    def warning_many(self, reason: str, entries: Iterable[tuple[str, str]]) -> None:
        """Record one Warning event per (object, message), in order (every Pending pod's
        FailedScheduling in one pass)."""
        self._many("Warning", reason, entries)

    def normal_series(self, reason: str, obj: str, prefix: str, names: Sequence[str]) -> None:
        """Record ``prefix + name`` for each name as a Normal event of one object, in order.

        What a ReplicaSet creating or deleting many pods records. Once the object's similar
        events are combined, every further message of the same moment only counts: the rest
        of the series is folded in one step, and only its last message is ever built.
        """
        self._expire()
        self._series(reason, obj, prefix, names)

    def normal_series_many(
        self, reason: str, prefix: str, series: Iterable[tuple[str, Sequence[str]]]
    ) -> None:
        """``normal_series(reason, obj, prefix, names)`` for each (obj, names), in order:
        what a pass whose ReplicaSets each create their pods records."""
        self._expire()
        for obj, names in series:
            self._series(reason, obj, prefix, names)

    def _series(self, reason: str, obj: str, prefix: str, names: Sequence[str]) -> None:
        now = self._clock.now
        key = ("Normal", reason, obj)
        if len(names) > 1 and key not in self._seen and len(set(names)) == len(names):
            self._new_series(key, now, prefix, names)
            return
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

    def _new_series(self, key: _Similar, now: int, prefix: str, names: Sequence[str]) -> None:
        """Distinct messages of an object this reason has not named: what ``_record`` would do
        one by one, done at once — the first SIMILAR_LIMIT - 1 are events of their own, the
        SIMILAR_LIMIT-th starts the combined event and the rest only count into it."""
        _, reason, obj = key
        columns = self._columns
        kind = self._kind("Normal", reason)
        messages = [prefix + name for name in names[:SIMILAR_LIMIT]]
        alone = messages[: SIMILAR_LIMIT - 1]
        start = len(columns)
        columns.extend_object(now, kind, obj, alone)
        positions = dict(zip(alone, range(start, start + len(alone)), strict=True))
        combined = None
        if len(names) >= SIMILAR_LIMIT:  # the window is full from the SIMILAR_LIMIT-th on
            latest = COMBINED + prefix + names[-1]
            combined = columns.append(now, kind, obj, latest, len(names) - SIMILAR_LIMIT + 1)
        self._made.extend(repeat(None, len(columns) - start))
        self._seen[key] = _Many(now, positions, set(messages), combined)

    def normal_once(self, reason: str, objects: Sequence[str], messages: Sequence[str]) -> None:
        """Record one Normal event per object, for objects this reason can name only once.

        A pod is bound once (``Scheduled``): nothing can repeat or combine with its event,
        so it is appended without correlator state — at C speed, as a pass that binds
        many pods records one for each. (A later pod of the same name is another
        object, as in Kubernetes, where pod names never return: its event is its own.)
        """
        self._once(self._kind("Normal", reason), objects, messages)

    def normal_once_made(
        self, reason: str, render: Render, subjects: Sequence[str], details: Sequence[str]
    ) -> None:
        """``normal_once`` for events whose object and message ``render(subject, detail)``
        makes: only the subjects and details are stored, and the text is made when read
        (a bind's ``Successfully assigned …`` is rarely read, and a large pass's binds
        would make most of its strings)."""
        self._once(self._kind("Normal", reason, render), subjects, details)

    def _once(self, kind: Kind, subjects: Sequence[str], details: Sequence[str]) -> None:
        self._columns.extend(self._clock.now, kind, subjects, details)
        self._made.extend(repeat(None, len(subjects)))

    def _kind(self, type_: str, reason: str, render: Render | None = None) -> Kind:
        """The one Kind of these (a few dozen in a scenario; the table is bounded anyway)."""
        key = (type_, reason, render)
        kind = self._kinds.get(key)
        if kind is None:
            if len(self._kinds) >= KINDS_KEPT:
                self._kinds.clear()
            kind = self._kinds[key] = Kind(type_, reason, render)
        return kind

    def _append(self, now: int, type_: str, reason: str, obj: str, message: str) -> int:
        self._made.append(None)
        return self._columns.append(now, self._kind(type_, reason), obj, message)

    def _repeat(self, position: int, now: int, message: str, times: int = 1) -> None:
        self._columns.update(position, now, message, times)
        self._made[position] = None

    def _event(self, position: int) -> Event:
        made = self._made[position]
        if made is None:
            made = self._columns.event(position, self._number(position))
            self._made[position] = made
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
        return len(self._columns) + self._shift

    def since(self, seq: int) -> list[Event]:
        """Events first recorded after the event numbered ``seq`` (numbers start at 1)."""
        self._expire()
        kinds = self._columns.kind
        start = self._place_after(seq)
        return [self._event(i) for i in range(start, len(kinds)) if kinds[i] is not GONE]

    def frozen_since(self, seq: int) -> EventSlice:
        """``since(seq)`` as it stands now, its Events made only when read."""
        self._expire()
        start = self._place_after(seq)
        if start >= self._checked and start >= len(self._numbers):  # nothing expired there
            return EventSlice._of(start + self._shift, self._columns.since(start))
        kinds = self._columns.kind
        places = [i for i in range(start, len(kinds)) if kinds[i] is not GONE]
        numbers = [self._number(i) for i in places]
        return EventSlice._of(seq, self._columns.picked(places), numbers)

    def snapshot(self) -> list[Event]:
        """Every event, as it stands now (later repeats do not change this list)."""
        return self.since(0)
