"""An alert's history on the logical clock."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AlertTimeline:
    """One alert name's state after every evaluation that changed it: ``(t seconds, state)``."""

    name: str
    changes: tuple[tuple[int, str], ...]

    @property
    def states(self) -> list[str]:
        return [state for _, state in self.changes]

    @property
    def fired(self) -> bool:
        return "firing" in self.states
