"""The ordered event log, like ``kubectl get events``."""

from __future__ import annotations

from collections.abc import Iterator

from kubeloop.clock import LogicalClock
from kubeloop.model import Event


class EventLog:
    def __init__(self, clock: LogicalClock) -> None:
        self._clock = clock
        self._events: list[Event] = []

    def normal(self, reason: str, obj: str, message: str) -> None:
        self._record("Normal", reason, obj, message)

    def warning(self, reason: str, obj: str, message: str) -> None:
        self._record("Warning", reason, obj, message)

    def _record(self, type_: str, reason: str, obj: str, message: str) -> None:
        self._events.append(
            Event(len(self._events) + 1, self._clock.now, type_, reason, obj, message)
        )

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events)

    def __len__(self) -> int:
        return len(self._events)

    def since(self, seq: int) -> list[Event]:
        """Events recorded after the event numbered ``seq``."""
        return self._events[seq:]
