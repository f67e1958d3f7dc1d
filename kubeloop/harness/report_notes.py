"""What the reports need of a scenario beyond its steps' outcomes: each mechanism's
pictures and end state, the rollouts the scenario ran, and for the step being run what
matched it and what a team phrase expanded to."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class ReportNotes:
    pictures: dict[str, Callable[[], str]] = field(default_factory=dict)
    """Text pictures of each mechanism, drawn under a failed step."""
    snapshots: dict[str, Callable[[], dict[str, Any]]] = field(default_factory=dict)
    """Each mechanism's end state as plain data, for the reports' pictures."""
    rollouts: list[dict[str, Any]] = field(default_factory=list)
    """Each rollout the scenario ran, as the reports draw it."""
    matches: Sequence[Any] = ()
    """The registry matches of the current step."""
    expansion: list[dict[str, Any]] = field(default_factory=list)
    """The steps a team phrase ran for the current step (team_phrases.py)."""
