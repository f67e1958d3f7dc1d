"""One logical clock for the whole world: time moves only when a scenario says so.

Mechanisms register periodic tasks on it — the cluster reconciles every 15 s, a scrape
runs every scrape interval, a rule group evaluates every evaluation interval — and
``run_for`` runs them as time passes, in one documented, deterministic order:

- A task with interval ``i`` is due at every instant ``t`` with ``t % i == 0`` (aligned to
  time 0, as Prometheus aligns evaluations to their interval), at most once per instant.
- ``run_for(s)`` visits, in time order, the instants in ``[now, now + s]`` at which some
  task is due; a task already run at the starting instant is not run again there.
- Tasks due at the same instant run by ``(order, name)``: the cluster's reconcile
  (``ORDER_RECONCILE``) before scrapes (``ORDER_SCRAPE``) before rule evaluation
  (``ORDER_EVALUATE``), so a scrape sees the state the reconcile left and a rule sees the
  scrape taken at its own instant.
- A ``settle`` task (the cluster's "reconcile until stable") also runs at the start of every
  ``run_for`` (whatever ran before at that instant: something may have changed since) and at
  its end: a level-triggered loop run once more changes nothing, and "when 20 seconds pass"
  still means the cluster caught up at the end.

``advance`` moves time without running anything.

A task may carry a ``leap``: a callable ``leap(now, horizon)`` that does, in bulk, the work of
every instant in ``(now, horizon]`` of all the tasks sharing it, exactly as running them one
instant at a time would, and returns the instant it reached (``now``: it did nothing).
``run_for`` offers it the stretch up to just before the next instant a task without that
leap falls due (and before ``end`` if a settle task must run there).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from kubeloop.errors import InvalidSpecError

ORDER_RECONCILE = 100
ORDER_SCRAPE = 200
ORDER_EVALUATE = 300
MAX_TIME = 10_000 * 365 * 86_400
"""The latest instant the clock reaches (about 10,000 years): every mechanism's times,
in milliseconds, stay well inside int64 and a calendar date."""
MAX_TASK_RUNS = 10_000_000
"""The most periodic-task runs one ``run_for`` may ask for (about a year of 15 s scrapes
of three services), checked before any runs: a span past it is refused, never left to a
step timeout."""


@dataclass(eq=False)
class PeriodicTask:
    """A task the clock runs every ``interval`` seconds of logical time."""

    interval: int
    run: Callable[[int], object]
    name: str
    order: int
    settle: bool = False
    last_run: int | None = None
    leap: Callable[[int, int], int] | None = None
    _clock: Clock | None = field(default=None, repr=False)

    def cancel(self) -> None:
        if self._clock is not None:
            self._clock._tasks.remove(self)
            self._clock = None

    def due_at(self, now: int) -> bool:
        return now % self.interval == 0

    def next_due_after(self, now: int) -> int:
        return (now // self.interval + 1) * self.interval


def _seconds(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidSpecError(f"{what} must be a whole number of seconds >= 0, got {value!r}")
    return value


class Clock:
    """Whole seconds since the world began, and the periodic tasks that run as they pass."""

    def __init__(self) -> None:
        self._now = 0
        self._tasks: list[PeriodicTask] = []

    @property
    def now(self) -> int:
        return self._now

    def advance(self, seconds: int) -> int:
        """Move time forward; nothing runs."""
        self._now = self._end(seconds)
        return self._now

    def _end(self, seconds: int) -> int:
        """The instant ``seconds`` from now, if the clock may reach it."""
        end = self._now + _seconds(seconds, "time can only move forward:")
        if end > MAX_TIME:
            raise InvalidSpecError(
                f"time cannot pass {seconds} s: the clock stops at {MAX_TIME} s (about 10,000 "
                "years); let less time pass"
            )
        return end

    def check_span(self, seconds: int) -> None:
        """Refuse, before anything runs, a span whose periodic tasks would run more than
        ``MAX_TASK_RUNS`` times (each task: once per interval)."""
        self._end(seconds)
        runs = sum(seconds // task.interval + 1 for task in self._tasks)
        if runs > MAX_TASK_RUNS:
            busiest = min(self._tasks, key=lambda t: (t.interval, t.name))
            days = seconds / 86_400
            raise InvalidSpecError(
                f"{days:g} days would run the {len(self._tasks)} periodic tasks (reconciles, "
                f"scrapes, rule evaluations; {busiest.name} every {busiest.interval} s) "
                f"{runs} times, more than the {MAX_TASK_RUNS} one step may run; let time pass "
                "in shorter steps, or lengthen the intervals"
            )

    def every(
        self,
        interval: int,
        task: Callable[[int], object],
        *,
        name: str,
        order: int,
        settle: bool = False,
        leap: Callable[[int, int], int] | None = None,
    ) -> PeriodicTask:
        if _seconds(interval, "a periodic task's interval") == 0:
            raise InvalidSpecError(f'task "{name}": the interval must be at least 1 second')
        periodic = PeriodicTask(interval, task, name, order, settle, leap=leap, _clock=self)
        self._tasks.append(periodic)
        self._tasks.sort(key=lambda t: (t.order, t.name))
        return periodic

    @property
    def tasks(self) -> tuple[PeriodicTask, ...]:
        return tuple(self._tasks)

    def run_for(self, seconds: int) -> None:
        """Let ``seconds`` pass, running every task that falls due on the way."""
        self.check_span(seconds)
        end = self._now + seconds
        self._run_due(self._now, start=True, end=end)
        while self._tasks:
            if self._leap(end):
                continue
            upcoming = min(t.next_due_after(self._now) for t in self._tasks)
            if upcoming > end:
                break
            self._now = upcoming
            self._run_due(upcoming, start=False, end=end)
        if self._now < end:
            self._now = end
            self._run_due(end, start=False, end=end)

    def _leap(self, end: int) -> bool:
        """Let the one ``leap`` all leaping tasks share cover the instants up to the next one
        where another task is due; True if time moved."""
        leaps = {t.leap for t in self._tasks if t.leap is not None}  # bound methods: by ==
        if len(leaps) != 1:
            return False
        horizon = end
        for task in self._tasks:
            if task.leap is None:
                horizon = min(horizon, task.next_due_after(self._now) - 1)
                if task.settle:
                    horizon = min(horizon, end - 1)
        if horizon <= self._now:
            return False
        (leap,) = leaps
        reached = leap(self._now, horizon)
        if not self._now < reached <= horizon:
            return False
        self._now = reached
        for task in self._tasks:
            if task.leap is not None and task.due_at(reached):
                task.last_run = reached
        return True

    def _run_due(self, now: int, *, start: bool, end: int) -> None:
        for task in list(self._tasks):
            if (task.settle and start) or (
                (task.due_at(now) or (task.settle and now == end)) and task.last_run != now
            ):
                task.last_run = now
                task.run(now)
