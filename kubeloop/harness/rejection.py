"""The rejection an operation ended with, kept for the Then step that checks it.

A When the engine refuses ("When I scale web to 1000") is not yet a failure: the next step
may check it ("Then the operation fails with …"). Anything else after it fails with that
rejection, blamed on the step that caused it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kubeloop.harness.definitions import Match, StepFunction


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


def checks_refusal_of(parameter: str) -> Callable[[StepFunction], StepFunction]:
    """Mark a Then step that reads what a refusal kept: it checks the refusal of the step
    before it when that step named the step's PARAMETER (the environment a refused
    promotion would have changed), never a mistake in what the scenario said."""

    def mark(function: StepFunction) -> StepFunction:
        function.checks_error = True  # type: ignore[attr-defined]
        function.refusal_of = parameter  # type: ignore[attr-defined]
        return function

    return mark


def reads_rejection(matches: Sequence[Match], before: str) -> tuple[bool, bool]:
    """Whether a step (its MATCHES) checks the rejection of the step before it (its words
    BEFORE), and whether it reads a refusal only (a mistake then fails at its own line)."""
    for match in matches:
        function = match.definition.function
        parameter = getattr(function, "refusal_of", None)
        if parameter is None:
            if getattr(function, "checks_error", False):
                return True, False
            continue
        if names(before, str(match.arguments.get(parameter, ""))):
            return True, True
    return False, False


def names(text: str, value: str) -> bool:
    """Whether TEXT names VALUE as a whole word ("prod" in "promote W1 to prod")."""
    return bool(value) and re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", text) is not None
