"""A time limit for each step, so an engine stuck in a loop fails one scenario, not the run."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from kubeloop.harness.errors import StepTimeoutError

DEFAULT_SECONDS = 10.0


@contextmanager
def time_limit(seconds: float, what: str) -> Iterator[None]:
    """Raise ``StepTimeoutError`` inside the step if it runs longer than ``seconds``.

    Uses SIGALRM, so it works on the main thread of POSIX processes (pytest and its
    xdist workers); elsewhere the step runs unbounded.
    """
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if seconds <= 0 or not usable:
        yield
        return

    def expire(signum: int, frame: FrameType | None) -> None:
        raise StepTimeoutError(
            f'"{what}" did not finish within {seconds:g} s; is the engine stuck in a loop? '
            "(--step-timeout sets the limit)"
        )

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
