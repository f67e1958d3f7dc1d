"""A rule's answer replayed, instead of evaluated, while its inputs provably repeat.

A rule's result is a pure function of its leaves (``promql/cached.py``): here they may only
be instant selectors and ``rate``/``increase``/``delta``/``irate``/``idelta`` of a range
selector (no ``@``); a rule with any other leaf is always evaluated.

* A range leaf reads only series that are steady service counters (``span/runs.py``). At a
  real evaluation at ``t0`` whose windows lie inside those runs, with no decrease inside
  and, for rate/increase, an answer the extrapolation's zero point does not cut (the same
  as with an infinitely large first sample), the answer at ``t0 + k × lag`` is the same, for
  ``lag`` a common multiple of the group's interval and the runs' periods: the windows hold
  the same relative timestamps and the same exact differences, and a larger first sample
  moves the zero point only further back (IEEE division and multiplication are monotone,
  so a rate that was not cut at ``t0`` is not cut later either).
* An instant selector is read at every evaluation (a bisect per series) and compared bit
  for bit with what the real evaluation read.

So the answer is kept per class ``ts mod lag`` and replayed while the series selected are
the same objects, every run is still steady (the epoch did not change and the samples are
exactly the scrapes) and the selectors read the same. Anything else is evaluated as before.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass
from typing import Any, Final

from kubeloop.telemetry.promql import ast
from kubeloop.telemetry.promql.cached import leaves, same
from kubeloop.telemetry.promql.evaluator import DEFAULT_LOOKBACK_MS
from kubeloop.telemetry.promql.functions.counters import extrapolate
from kubeloop.telemetry.series import Labels, SeriesStore, StoredSeries
from kubeloop.telemetry.span.runs import Run, Runs

Result = list[tuple[Labels, float]]
SHIFTING: Final = {
    "rate": (True, True),
    "increase": (True, False),
    "delta": (False, False),
    "irate": None,
    "idelta": None,
}
"""Range functions whose answer over a steady run depends only on differences (with the
extrapolation flags of ``extrapolated_rate``)."""
MAX_CLASSES: Final = 1440
"""At most this many evaluations per lag (longer periods are evaluated every time)."""


def _shifting(leaf: ast.Expr) -> tuple[str, ast.MatrixSelector] | None:
    """``(function, its range selector)`` of a leaf this module can replay."""
    if not isinstance(leaf, ast.Call) or leaf.func not in SHIFTING or len(leaf.args) != 1:
        return None
    arg = leaf.args[0]
    if isinstance(arg, ast.MatrixSelector) and arg.selector.at is None:
        return leaf.func, arg
    return None


_Plan = tuple[list[StoredSeries], tuple[Run, ...], int]
"""A range leaf's selected series, their runs, and the least common multiple of their
periods (ms)."""


@dataclass(frozen=True, slots=True)
class _Record:
    ts: int
    lag: int
    selections: tuple[list[StoredSeries], ...]
    values: tuple[Any, ...]
    result: Result


@dataclass(frozen=True, slots=True)
class _Probe:
    ts: int
    lag: int
    plans: tuple[_Plan | None, ...]
    values: tuple[Any, ...]


class Replay:
    """The replayed answers of one rule (its query result, before any alert state)."""

    def __init__(self, node: ast.Expr, query_offset_ms: int, interval_ms: int, runs: Runs):
        found = leaves(node)
        self._ranges = [r for r in map(_shifting, found) if r is not None]
        self._selectors = [
            (leaf.matchers, leaf.offset_ms)
            for leaf in found
            if isinstance(leaf, ast.VectorSelector) and leaf.at is None
        ]
        self.enabled = len(self._ranges) + len(self._selectors) == len(found)
        self._plans: list[_Plan | None] = []
        self._offset = query_offset_ms
        self._interval = max(1, interval_ms)
        self._runs = runs
        self._epoch = -1
        self._records: dict[int, _Record] = {}
        self._probe: _Probe | None = None
        self.replayed = 0
        """How many evaluations were replayed (for tests and benchmarks)."""
        self.columned = 0
        """How many answers were given as a stretch's columns (``columned.py``)."""

    def recall(self, store: SeriesStore, ts: int) -> Result | None:
        """The answer at ``ts`` if it provably repeats a kept one; None: evaluate it (and
        hand the answer to ``remember``)."""
        self._probe = None
        if not self.enabled:
            return None
        runs = self._runs
        if runs.epoch != self._epoch:
            self._epoch, self._records = runs.epoch, {}
            self._plans = [None] * len(self._ranges)
        t = ts - self._offset
        lag = self._interval
        plans = self._plans
        for index, (_, matrix) in enumerate(self._ranges):
            selector = matrix.selector
            end = t - selector.offset_ms
            chosen = store.select(selector.matchers)
            plan = plans[index]
            if plan is None or plan[0] is not chosen:
                plan = _plan(runs, chosen, end)
                if plan is None:
                    return None
                plans[index] = plan
            elif not runs.intact(chosen, plan[1], end):
                return None
            lag = math.lcm(lag, plan[2])
        if lag > MAX_CLASSES * self._interval:
            return None
        values = []
        for matchers, offset in self._selectors:
            at = t - offset
            values.append(
                [
                    (series.labels, point[1])
                    for series in store.select(matchers)
                    if (point := series.latest(at, DEFAULT_LOOKBACK_MS)) is not None
                ]
            )
        kept = self._records.get(ts % lag)
        if (
            kept is not None
            and kept.lag == lag
            and kept.ts < ts
            and _same_inputs(plans, values, kept)
        ):
            self.replayed += 1
            return kept.result
        self._probe = _Probe(ts, lag, tuple(plans), tuple(values))
        return None

    def proven(
        self, store: SeriesStore, now: int, times: range
    ) -> tuple[int, list[tuple[Result, tuple[Any, ...]]]] | None:
        """The kept answers that hold at every evaluation in ``times`` (ms, after ``now``)
        while every run stays exactly its scrapes and no series is added: ``(lag, one
        (result, selector reads) per class ts mod lag)``, in the order of ``times``; None if
        some class has none. The selectors' reads are the caller's to check."""
        runs = self._runs
        if not self.enabled or self._epoch != runs.epoch:
            return None
        lag = self._interval
        for plan, (_, matrix) in zip(self._plans, self._ranges, strict=True):
            selector = matrix.selector
            if plan is None or plan[0] is not store.select(selector.matchers):
                return None
            if not runs.intact(plan[0], plan[1], now - self._offset - selector.offset_ms):
                return None
            lag = math.lcm(lag, plan[2])
        if lag > MAX_CLASSES * self._interval:
            return None
        found = []
        for ts in times[: lag // self._interval]:
            kept = self._records.get(ts % lag)
            if kept is None or kept.lag != lag or kept.ts > now:
                return None
            if not all(
                p is not None and p[0] is s
                for p, s in zip(self._plans, kept.selections, strict=True)
            ):
                return None
            found.append((kept.result, kept.values))
        return lag, found

    @property
    def ranged(self) -> bool:
        """Whether a range leaf sets the lag (else it is the interval: every evaluation is of
        one class ``ts mod lag``)."""
        return bool(self._ranges)

    def selectors(self) -> list[tuple[Any, int]]:
        """The instant selectors' ``(matchers, offset ms)``, in the order of their reads."""
        return list(self._selectors)

    def keep(self, store: SeriesStore, ts: int, result: Result) -> None:
        """Keep ``result``, the answer at ``ts`` found without evaluating the rule (a
        stretch's columns), as ``remember`` keeps an evaluated one."""
        if self.recall(store, ts) is None:
            self.remember(ts, result)
        else:
            self.replayed -= 1  # (not replayed: it was given)

    def remember(self, ts: int, result: Result) -> None:
        """Keep the answer a real evaluation at ``ts`` gave, if it can be replayed."""
        probe, self._probe = self._probe, None
        if probe is None or probe.ts != ts:
            return
        t = ts - self._offset
        selections = []
        for (func, matrix), plan in zip(self._ranges, probe.plans, strict=True):
            assert plan is not None  # a probe is made only once every range leaf has a plan
            end = t - matrix.selector.offset_ms
            flags = SHIFTING[func]
            for series, run in zip(plan[0], plan[1], strict=True):
                if not _repeats(series, run, end - matrix.range_ms, end, flags):
                    return
            selections.append(plan[0])
        self._records[ts % probe.lag] = _Record(
            ts, probe.lag, tuple(selections), probe.values, result
        )


def _same_inputs(plans: list[_Plan | None], values: list[Any], kept: _Record) -> bool:
    """The same series selected by every range leaf, the same samples read by every
    selector, as when ``kept`` was evaluated."""
    for plan, chosen in zip(plans, kept.selections, strict=True):
        if plan is None or plan[0] is not chosen:
            return False
    return all(same(value, old) for value, old in zip(values, kept.values, strict=True))


def _plan(runs: Runs, chosen: list[StoredSeries], end: int) -> _Plan | None:
    steady = []
    lag = 1
    for series in chosen:
        run = runs.steady(series, end)
        if run is None:
            return None
        steady.append(run)
        lag = math.lcm(lag, run.period_ms)
    return chosen, tuple(steady), lag


def _repeats(
    series: StoredSeries, run: Run, start: int, end: int, flags: tuple[bool, bool] | None
) -> bool:
    """Whether the function's answer over ``(start, end]`` of ``series`` is the same over
    every later window moved by a multiple of the run's period."""
    if start + 1 < run.first_ms:
        return False  # the window reaches back before the run
    ts, vs = series.ts, series.vs
    lo = bisect_right(ts, start)
    hi = bisect_right(ts, end, lo)
    if hi - lo < 2:
        return True  # no answer now, none then: the same number of samples
    resets = series.reset_sums()
    if resets[hi - 1] != resets[lo]:
        return False  # a decrease: the reset correction adds an absolute value
    if flags is None or not flags[0]:
        return True
    first, result = vs[lo], vs[hi - 1] - vs[lo]
    args = (ts[lo], ts[hi - 1], hi - lo)
    cut = extrapolate(*args, first, result, start, end, True, flags[1])
    return cut == extrapolate(*args, math.inf, result, start, end, True, flags[1])
