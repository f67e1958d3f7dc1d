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
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from kubeloop.core.clock import Clock

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


_Key = tuple[str, str, str, str]
_Similar = tuple[str, str, str]


@dataclass
class _SimilarRecord:
    messages: set[str] = field(default_factory=set)
    last_time: int = 0


class EventLog:
    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._events: list[Event] = []
        self._position: dict[_Key, int] = {}
        self._similar: dict[_Similar, _SimilarRecord] = {}

    def normal(self, reason: str, obj: str, message: str) -> None:
        self._record("Normal", reason, obj, message)

    def warning(self, reason: str, obj: str, message: str) -> None:
        self._record("Warning", reason, obj, message)

    def normal_many(self, reason: str, entries: Iterable[tuple[str, str]]) -> None:
        """Record one Normal event per (object, message), in order."""
        for obj, message in entries:
            self._record("Normal", reason, obj, message)

    def _record(self, type_: str, reason: str, obj: str, message: str) -> None:
        now = self._clock.now
        message = self._aggregate(type_, reason, obj, message, now)
        key = (type_, reason, obj, message if not message.startswith(COMBINED) else COMBINED)
        position = self._position.get(key)
        if position is None:
            self._position[key] = len(self._events)
            seq = len(self._events) + 1
            self._events.append(Event(seq, now, type_, reason, obj, message, 1, now))
            return
        old = self._events[position]
        self._events[position] = replace(old, time=now, message=message, count=old.count + 1)

    def _aggregate(self, type_: str, reason: str, obj: str, message: str, now: int) -> str:
        record = self._similar.get((type_, reason, obj))
        if record is None or now - record.last_time > SIMILAR_WINDOW:
            record = self._similar[(type_, reason, obj)] = _SimilarRecord()
        record.last_time = now
        record.messages.add(message)
        if len(record.messages) < SIMILAR_LIMIT:
            return message
        return COMBINED + message

    def __iter__(self) -> Iterator[Event]:
        return iter(list(self._events))

    def __len__(self) -> int:
        return len(self._events)

    def since(self, seq: int) -> list[Event]:
        """Events first recorded after the event numbered ``seq`` (numbers start at 1)."""
        return self._events[seq:]

    def snapshot(self) -> list[Event]:
        """Every event, as it stands now (later repeats do not change this list)."""
        return list(self._events)
