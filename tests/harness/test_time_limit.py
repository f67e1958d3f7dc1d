"""A step's time limit: a runaway step fails with a clear error, and whatever SIGALRM
handler was there before the step is there after it."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from types import FrameType

import pytest

from kubeloop.harness.errors import StepTimeoutError
from kubeloop.harness.time_limit import allow_span, time_limit


def spin(seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def mine(signum: int, frame: FrameType | None) -> None:
    """A handler of the user's own."""


@pytest.fixture
def alarm() -> Iterator[object]:
    before = signal.getsignal(signal.SIGALRM)
    yield before
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, before)


def test_a_step_past_its_limit_fails_saying_which_and_how_to_change_it(alarm: object) -> None:
    """A limit whose wall-clock backstop (ten times it) a loaded machine does not reach
    first: the CPU limit is the one that fires."""
    with pytest.raises(StepTimeoutError) as raised, time_limit(0.3, "When node-1 fails"):
        spin(10)
    assert str(raised.value) == (
        '"When node-1 fails" did not finish within 0.3 s of CPU time; is the engine stuck in '
        "a loop? (--step-timeout sets the limit, and a step gets 1 s more for each simulated "
        "day it lets pass)"
    )


def test_a_step_that_lets_days_pass_gets_cpu_time_for_each_day(alarm: object) -> None:
    """A month of logical time is a month of scrapes and evaluations: the step's limit grows
    by PER_SIMULATED_DAY a day before the work starts, and only for that step."""
    with time_limit(0.05, "When 1 hour passes"):
        allow_span(3_600 * 3)  # three hours: an eighth of a second more
        spin(0.1)
    with pytest.raises(StepTimeoutError) as raised, time_limit(0.05, "When 1 hour passes"):
        allow_span(3_600 * 3)
        spin(5)
    assert "within 0.175 s of CPU time" in str(raised.value)
    allow_span(86_400)  # between steps: nothing to extend, and nothing armed after
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)


@pytest.mark.parametrize("before", [mine, signal.SIG_DFL, signal.SIG_IGN])
def test_the_handler_from_before_the_step_is_back_after_it(alarm: object, before: object) -> None:
    signal.signal(signal.SIGALRM, before)  # type: ignore[arg-type]
    with time_limit(5, "Given 3 nodes"):
        assert signal.getsignal(signal.SIGALRM) is not before
    assert signal.getsignal(signal.SIGALRM) == before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    with pytest.raises(StepTimeoutError), time_limit(0.05, "Then it is"):
        spin(5)
    assert signal.getsignal(signal.SIGALRM) == before


def test_no_limit_leaves_the_alarm_alone(alarm: object) -> None:
    signal.signal(signal.SIGALRM, mine)
    with time_limit(0, "Given 3 nodes"):
        assert signal.getsignal(signal.SIGALRM) is mine
        spin(0.06)
    assert signal.getsignal(signal.SIGALRM) is mine


def test_the_first_limit_reached_silences_the_other(alarm: object) -> None:
    """Once one limit fires, a late signal of the other raises nothing more: a second error
    while the first unwinds (or while the handlers are put back) would leave the step's
    handlers installed after it."""
    signal.signal(signal.SIGALRM, mine)
    with pytest.raises(StepTimeoutError) as raised, time_limit(0.02, "When it spins"):
        try:
            spin(5)
        finally:
            os.kill(os.getpid(), signal.SIGALRM)  # the wall-clock backstop, arriving late
            spin(0.01)  # the handler runs here
    assert raised.value.__context__ is None, "a second error replaced the first"
    assert signal.getsignal(signal.SIGALRM) is mine
