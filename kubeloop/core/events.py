"""The ordered event log every mechanism writes to, read like ``kubectl get events``.

Events are stored as plain tuples and become ``Event`` records when read: a large
scenario records hundreds of thousands of them, and most are never looked at.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from kubeloop.core.clock import Clock


class Event(NamedTuple):
    """One line of the event log; ``time`` is logical seconds."""

    seq: int
    time: int
    type: str
    reason: str
    object: str
    message: str

    def __str__(self) -> str:
        return f"{self.time}s  {self.type:<7} {self.reason:<20} {self.object:<28} {self.message}"


_Raw = tuple[int, str, str, str, str]


class EventLog:
    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._raw: list[_Raw] = []

    def normal(self, reason: str, obj: str, message: str) -> None:
        self._raw.append((self._clock.now, "Normal", reason, obj, message))

    def warning(self, reason: str, obj: str, message: str) -> None:
        self._raw.append((self._clock.now, "Warning", reason, obj, message))

    def normal_many(self, reason: str, entries: Iterable[tuple[str, str]]) -> None:
        """Record one Normal event per (object, message), in order."""
        now = self._clock.now
        self._raw.extend((now, "Normal", reason, obj, message) for obj, message in entries)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.since(0))

    def __len__(self) -> int:
        return len(self._raw)

    def since(self, seq: int) -> list[Event]:
        """Events recorded after the event numbered ``seq`` (numbers start at 1)."""
        return [Event(seq + i + 1, *raw) for i, raw in enumerate(self._raw[seq:])]
