"""The rejection an operation ended with, kept for the Then step that checks it.

A When the engine refuses ("When I scale web to 1000") is not yet a failure: the next step
may check it ("Then the operation fails with …"). Anything else after it fails with that
rejection, blamed on the step that caused it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Rejection:
    """The pending rejection, the one checked last, and the step that caused the pending one."""

    pending: Exception | None = None
    checked: Exception | None = None
    """The rejection the last check took, for the checks that follow it directly."""
    step: str = ""
    """The label of the step the pending rejection came from."""
    location: str = ""

    def keep(self, error: Exception, step: str, location: str) -> None:
        """Hold ``error`` for a following check."""
        self.pending, self.step, self.location = error, step, location

    def clear(self) -> None:
        """Forget the pending rejection: one no check of this world will read (a story told
        again, an explored step whose refusal was already counted)."""
        self.pending = None

    def take(self) -> Exception | None:
        """The rejection a check reads: the pending one (now checked), else the one checked
        last (a row of checks all see the same one), else None."""
        if self.pending is None:
            return self.checked
        error, self.pending = self.pending, None
        self.checked = error
        return error
