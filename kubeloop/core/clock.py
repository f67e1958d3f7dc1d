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

A task may also be *quiet*: ``quiet(now)`` answers the earliest instant at or after ``now``
at which running it could change anything (``now``: it may at once; earlier is always
safe), and ``idle(count, last)`` does what running it ``count`` times, at due instants up to
``last``, would do when each run changes nothing (the cluster: its history counts and folds
those passes). While a task is quiet the clock does not run it at its due instants: it
visits the next due instant at or after the one ``quiet`` names, and a leap may cover the
stretch before it, so a quiet task blocks no other task's leap. Every due instant it skips
is reported through ``idle``, before any task runs at a later instant, and ``quiet`` is
asked again after every instant another task ran at (another task may have given it work),
so whatever reads the world sees exactly what running it at every instant leaves. A task
with a ``leap`` must not read what a quiet task's ``idle`` updates. The runs at the start
and end of a span (``settle``) always run. ``Clock.skip_quiet = False`` runs a quiet task at
every due instant: the plain reference the skipping is held to.
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
    quiet: Callable[[int], int] | None = None
    idle: Callable[[int, int], object] | None = None
    caught_up: int = 0
    """The latest due instant this task ran at or was told it idled through."""
    _clock: Clock | None = field(default=None, repr=False)

    def cancel(self) -> None:
        if self._clock is not None:
            self._clock._tasks.remove(self)
            self._clock = None

    def due_at(self, now: int) -> bool:
        return now % self.interval == 0

    def next_due_after(self, now: int) -> int:
        return (now // self.interval + 1) * self.interval

    def next_due_from(self, instant: int) -> int:
        """The first due instant at or after ``instant``."""
        return -(-instant // self.interval) * self.interval


def _seconds(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidSpecError(f"{what} must be a whole number of seconds >= 0, got {value!r}")
    return value


class Clock:
    """Whole seconds since the world began, and the periodic tasks that run as they pass."""

    def __init__(self, *, skip_quiet: bool = True) -> None:
        self._now = 0
        self._tasks: list[PeriodicTask] = []
        self.skip_quiet = skip_quiet
        """Skip a quiet task's due instants (False: run it at every one, the reference)."""

    @property
    def now(self) -> int:
        return self._now

    def advance(self, seconds: int) -> int:
        """Move time forward; nothing runs (nor idles: a quiet task's due instants passed
        here are not told to it)."""
        self._now = self._end(seconds)
        for task in self._tasks:
            task.caught_up = max(task.caught_up, self._now)
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
        quiet: tuple[Callable[[int], int], Callable[[int, int], object]] | None = None,
    ) -> PeriodicTask:
        """Run ``task`` every ``interval`` s; ``quiet``: its ``(quiet, idle)`` pair."""
        if _seconds(interval, "a periodic task's interval") == 0:
            raise InvalidSpecError(f'task "{name}": the interval must be at least 1 second')
        until, idle = quiet if quiet is not None else (None, None)
        periodic = PeriodicTask(
            interval, task, name, order, settle, leap=leap, quiet=until, idle=idle, _clock=self
        )
        periodic.caught_up = self._now
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
        for task in self._tasks:
            task.caught_up = self._now  # (instants passed by ``advance`` ran nothing)
        self._run_due(self._now, start=True, end=end)
        while self._tasks:
            if self._leap(end):
                continue
            upcoming = min(self._visit(t) for t in self._tasks)
            if upcoming > end:
                break
            self._now = upcoming
            self._run_due(upcoming, start=False, end=end)
        if self._now < end:
            self._now = end
            self._run_due(end, start=False, end=end)
        if self.skip_quiet:
            self._catch_up(end + 1)  # (a leap may have reached the end past a quiet task)

    def _leap(self, end: int) -> bool:
        """Let the one ``leap`` all leaping tasks share cover the instants up to the next one
        where another task is due; True if time moved."""
        leaps = {t.leap for t in self._tasks if t.leap is not None}  # bound methods: by ==
        if len(leaps) != 1:
            return False
        horizon = end
        for task in self._tasks:
            if task.leap is None:
                horizon = min(horizon, self._visit(task) - 1)
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

    def _visit(self, task: PeriodicTask) -> int:
        """The next instant after now the clock must stop at for ``task``: its next due
        instant, or for a quiet task the first one at or after the instant ``quiet`` names."""
        due = task.next_due_after(self._now)
        if task.quiet is None or not self.skip_quiet:
            return due
        return max(due, task.next_due_from(task.quiet(self._now)))

    def _run_due(self, now: int, *, start: bool, end: int) -> None:
        if self.skip_quiet:
            self._catch_up(now)
        for task in list(self._tasks):
            forced = task.settle and (start or now == end)
            if (task.settle and start) or ((task.due_at(now) or forced) and task.last_run != now):
                task.last_run = now
                if task.due_at(now):
                    task.caught_up = max(task.caught_up, now)
                if forced or not self._skips(task):
                    task.run(now)
                elif task.idle is not None:
                    task.idle(1, self._now)

    def _skips(self, task: PeriodicTask) -> bool:
        """Whether running a quiet task now would change nothing."""
        return task.quiet is not None and self.skip_quiet and task.quiet(self._now) > self._now

    def _catch_up(self, now: int) -> None:
        """Tell every quiet task the due instants before ``now`` it idled through."""
        for task in self._tasks:
            if task.idle is None:
                continue
            first = task.next_due_after(task.caught_up)
            last = task.next_due_from(now) - task.interval
            if first <= last:
                task.caught_up = last
                task.idle((last - first) // task.interval + 1, last)
