"""A time limit for each step, so an engine stuck in a loop fails one scenario, not the run."""

from __future__ import annotations

import importlib
import signal
import threading
from types import FrameType, TracebackType
from typing import Any

from kubeloop.harness.errors import StepTimeoutError

DEFAULT_SECONDS = 10.0

try:
    _install: Any = importlib.import_module("_signal").signal
except (ImportError, AttributeError):  # not CPython
    _install = signal.signal
"""``signal.signal`` without its enum conversions (the C function it wraps): each step sets
and restores the handler, and the conversions cost more than the rest of the step's
bookkeeping."""


def time_limit(seconds: float, what: str) -> TimeLimit:
    """Raise ``StepTimeoutError`` inside the step if it runs longer than ``seconds``.

    Uses SIGALRM, so it works on the main thread of POSIX processes (pytest and its
    xdist workers); elsewhere the step runs unbounded. The handler that was there before
    is put back when the step ends.
    """
    return TimeLimit(seconds, what)


class TimeLimit:
    """The context manager ``time_limit`` returns (a class: cheaper than a generator)."""

    __slots__ = ("armed", "previous", "seconds", "what")

    def __init__(self, seconds: float, what: str) -> None:
        self.seconds = seconds
        self.what = what
        self.previous: Any = None
        self.armed = False

    def __enter__(self) -> None:
        if self.seconds <= 0 or not hasattr(signal, "setitimer"):
            return
        if threading.current_thread() is not threading.main_thread():
            return
        self.previous = _install(signal.SIGALRM, self._expire)
        self.armed = True
        signal.setitimer(signal.ITIMER_REAL, self.seconds)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self.armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            _install(signal.SIGALRM, self.previous)

    def _expire(self, signum: int, frame: FrameType | None) -> None:
        raise StepTimeoutError(
            f'"{self.what}" did not finish within {self.seconds:g} s; is the engine stuck in a '
            "loop? (--step-timeout sets the limit)"
        )
