"""A time limit for each step, so an engine stuck in a loop fails one scenario, not the run."""

from __future__ import annotations

import importlib
import signal
import threading
from collections.abc import Callable
from types import FrameType, TracebackType
from typing import Any

from kubeloop.harness.errors import StepTimeoutError

DEFAULT_SECONDS = 10.0
PER_SIMULATED_DAY = 1.0
"""CPU seconds a step gets on top of its limit for each day of logical time it lets pass: a
step that runs a month of scrapes and rule evaluations does a month of work, and an engine
doing that work plainly is slow, not stuck (``allow_span``)."""
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


_RUNNING: list[TimeLimit] = []
"""The armed limit of the step being run (one at a time: steps do not nest their limits)."""
SPAN_LISTENERS: list[Callable[[float], None]] = []
"""Who else enforces the step's limit and must hear of each allowance (an isolated engine's
worker tells the parent that watches it, engine_child.py)."""


def allow_span(simulated_seconds: float) -> None:
    """Let the running step use ``PER_SIMULATED_DAY`` more CPU seconds a simulated day,
    before it lets that much logical time pass (the span is itself bounded, by the clock)."""
    extra = simulated_seconds / 86_400 * PER_SIMULATED_DAY
    if _RUNNING and extra > 0:
        _RUNNING[-1].extend(extra)
        for listener in SPAN_LISTENERS:
            listener(extra)


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

    __slots__ = ("armed", "installed", "previous", "previous_cpu", "seconds", "what")

    def __init__(self, seconds: float, what: str) -> None:
        self.seconds = seconds
        self.what = what
        self.previous: Any = None
        self.previous_cpu: Any = None
        self.installed = False
        """Its handlers are installed (put back the ones from before at the end)."""
        self.armed = False
        """Its timers run: a signal now is the limit reached (later ones are ignored)."""

    def __enter__(self) -> None:
        if self.seconds <= 0 or not hasattr(signal, "setitimer"):
            return
        if threading.current_thread() is not threading.main_thread():
            return
        self.previous = _install(signal.SIGALRM, self._wall)
        self.previous_cpu = _install(signal.SIGPROF, self._cpu)
        self.installed = self.armed = True
        _RUNNING.append(self)
        signal.setitimer(signal.ITIMER_PROF, self.seconds)
        signal.setitimer(signal.ITIMER_REAL, self.seconds * WALL_FACTOR)

    def extend(self, extra: float) -> None:
        """Move both deadlines ``extra`` CPU seconds (and its wall-clock backstop) later."""
        if not self.armed or extra <= 0:
            return
        self.seconds += extra
        cpu_left = signal.getitimer(signal.ITIMER_PROF)[0]
        wall_left = signal.getitimer(signal.ITIMER_REAL)[0]
        signal.setitimer(signal.ITIMER_PROF, cpu_left + extra)
        signal.setitimer(signal.ITIMER_REAL, wall_left + extra * WALL_FACTOR)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._disarm()
        if self.installed:
            self.installed = False
            _RUNNING.remove(self)
            _install(signal.SIGALRM, self.previous)
            _install(signal.SIGPROF, self.previous_cpu)

    def _disarm(self) -> bool:
        """Stop both timers; False if they were stopped already. The first limit reached
        stops the other, so its signal cannot raise a second error while the first unwinds
        (or while ``__exit__`` puts the handlers back)."""
        if not self.armed:
            return False
        self.armed = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.setitimer(signal.ITIMER_PROF, 0)
        return True

    def _cpu(self, signum: int, frame: FrameType | None) -> None:
        if not self._disarm():
            return
        raise StepTimeoutError(
            f'"{self.what}" did not finish within {self.seconds:g} s of CPU time; is the engine '
            "stuck in a loop? (--step-timeout sets the limit, and a step gets "
            f"{PER_SIMULATED_DAY:g} s more for each simulated day it lets pass)"
        )

    def _wall(self, signum: int, frame: FrameType | None) -> None:
        if not self._disarm():
            return
        raise StepTimeoutError(
            f'"{self.what}" did not finish within {self.seconds * WALL_FACTOR:g} s of wall '
            f"clock (the backstop, {WALL_FACTOR:g} x --step-timeout, for a step that waits "
            "instead of computing); is the engine waiting for something that never comes?"
        )
