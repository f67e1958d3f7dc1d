"""The logical clock: time moves only when a scenario says so."""

from __future__ import annotations

from kubeloop.errors import InvalidSpecError


class LogicalClock:
    """Whole seconds since the cluster was created."""

    def __init__(self) -> None:
        self.now = 0

    def advance(self, seconds: int) -> int:
        if not isinstance(seconds, int) or isinstance(seconds, bool) or seconds < 0:
            raise InvalidSpecError(f"time can only move forward by whole seconds, got {seconds!r}")
        self.now += seconds
        return self.now
