"""Errors the harness reports to scenario authors. Each names the feature line it is about."""

from __future__ import annotations

from typing import Any


class HarnessError(Exception):
    """Base class of the harness's own errors."""


class UndefinedStepError(HarnessError):
    """No step definition matches a step's text."""


class AmbiguousStepError(HarnessError):
    """More than one step definition matches a step's text."""


class EngineCapabilityError(HarnessError):
    """The engine under test lacks something a step needs."""


class StepTimeoutError(HarnessError):
    """A step ran longer than the step time limit."""


class EngineCrashError(HarnessError):
    """The engine under test raised something it should not have."""


class EngineOperationError(HarnessError):
    """An operation the engine rejected, which no Then step checked."""


class ScenarioError(HarnessError):
    """The scenario (or a fixture it loads) asks for something invalid: its author's mistake,
    reported at its line, never blamed on the engine."""


class FixturePathError(ScenarioError):
    """A fixture path leaves the project folder."""


class ScenarioAssertionError(AssertionError):
    """A Then step saw something other than what it expected.

    The message says what was expected, what was seen, and draws each mechanism in the world.
    """

    def __init__(
        self, expected: str, actual: str, picture: str = "", mark: dict[str, Any] | None = None
    ) -> None:
        message = f"expected: {expected}\n     saw: {actual}"
        if picture:
            message += f"\n\n{picture}"
        super().__init__(message)
        self.expected = expected
        self.actual = actual
        self.mark = mark
        """Plain data for the report's pictures (``kubeloop.render.checks.FailedCheck``): the
        chart and element the check read, the expected bound and the value seen, so a chart
        draws the failed check on itself."""
