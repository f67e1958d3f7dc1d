"""A time limit for each step, so an engine stuck in a loop fails one scenario, not the run."""

from __future__ import annotations

import importlib
import signal
import threading
from types import FrameType, TracebackType
from typing import Any

from kubeloop.harness.errors import StepTimeoutError

DEFAULT_SECONDS = 10.0
WALL_FACTOR = 10.0
"""The wall-clock backstop of a step, in step limits: a step is limited by the CPU time the
engine's work takes (not by how busy the machine is), and by this much wall clock for a
step that waits instead of computing."""

try:
    _install: Any = importlib.import_module("_signal").signal
except (ImportError, AttributeError):  # not CPython
    _install = signal.signal
"""``signal.signal`` without its enum conversions (the C function it wraps): each step sets
and restores the handlers, and the conversions cost more than the rest of the step's
bookkeeping."""


def time_limit(seconds: float, what: str) -> TimeLimit:
    """Raise ``StepTimeoutError`` inside the step if it uses more than ``seconds`` of CPU time
    (``ITIMER_PROF``), or runs ``WALL_FACTOR`` times that on the wall clock (``ITIMER_REAL``).

    Works on the main thread of POSIX processes (pytest and its xdist workers); elsewhere
    the step runs unbounded. The handlers that were there before are put back when the
    step ends.
    """
    return TimeLimit(seconds, what)


class TimeLimit:
    """The context manager ``time_limit`` returns (a class: cheaper than a generator)."""

    __slots__ = ("armed", "previous", "previous_cpu", "seconds", "what")

    def __init__(self, seconds: float, what: str) -> None:
        self.seconds = seconds
        self.what = what
        self.previous: Any = None
        self.previous_cpu: Any = None
        self.armed = False

    def __enter__(self) -> None:
        if self.seconds <= 0 or not hasattr(signal, "setitimer"):
            return
        if threading.current_thread() is not threading.main_thread():
            return
        self.previous = _install(signal.SIGALRM, self._wall)
        self.previous_cpu = _install(signal.SIGPROF, self._cpu)
        self.armed = True
        signal.setitimer(signal.ITIMER_PROF, self.seconds)
        signal.setitimer(signal.ITIMER_REAL, self.seconds * WALL_FACTOR)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self.armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.setitimer(signal.ITIMER_PROF, 0)
            _install(signal.SIGALRM, self.previous)
            _install(signal.SIGPROF, self.previous_cpu)

    def _cpu(self, signum: int, frame: FrameType | None) -> None:
        raise StepTimeoutError(
            f'"{self.what}" did not finish within {self.seconds:g} s of CPU time; is the engine '
            "stuck in a loop? (--step-timeout sets the limit)"
        )

    def _wall(self, signum: int, frame: FrameType | None) -> None:
        raise StepTimeoutError(
            f'"{self.what}" did not finish within {self.seconds * WALL_FACTOR:g} s of wall '
            f"clock (the backstop, {WALL_FACTOR:g} x --step-timeout, for a step that waits "
            "instead of computing); is the engine waiting for something that never comes?"
        )
