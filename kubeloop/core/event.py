"""An event as ``kubectl get events`` shows it: one line of the event log."""

from __future__ import annotations

from dataclasses import dataclass


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
