"""The step being run, as the scenario wrote it, and the run's options: frozen views the
steps read, set by the harness before each step (execute.py) and never changed by a step."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    """One step of the scenario: its words, where it is, and its table or doc string."""

    text: str = ""
    label: str = ""
    """The keyword and the text, as messages quote the step ("When node-2 fails")."""
    location: str = ""
    """FILE:LINE of the step, relative to where the run started."""
    docstring: str | None = None
    datatable: tuple[tuple[str, ...], ...] | None = None
    is_last: bool = False
    next_checks_error: bool = False
    """Whether the step after this one checks a rejection ("Then the operation fails with
    …"); if not, a rejection of this step fails it, at its own line."""


@dataclass(frozen=True)
class RunOptions:
    """What the run was asked for that every scenario's steps obey."""

    step_timeout: float = 0.0
    """Seconds a step may run (0: no limit)."""
    fixtures_anywhere: bool = False
    """Let fixture paths leave the project folder (``--fixtures-anywhere``)."""
