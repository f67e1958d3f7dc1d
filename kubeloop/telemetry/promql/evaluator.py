"""Instant evaluation of a parsed expression against a SeriesStore (promql/engine.go).

Internally an instant vector is a list of ``(Labels, value)`` pairs, a range vector a list of
``(Labels, timestamps, values)`` triples, a scalar a float and a string a str.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

from kubeloop.telemetry.promql import ast, extended, samples, starts, trim, windowsum
from kubeloop.telemetry.promql.aggregate import aggregate
from kubeloop.telemetry.promql.annotations import (
    Annotation,
    Kind,
    invalid_quantile,
    invalid_ratio,
    possible_non_counter,
)
from kubeloop.telemetry.promql.binary import binary
from kubeloop.telemetry.promql.delayed import DelayedStore
from kubeloop.telemetry.promql.errors import PromQLError, UnsupportedError
from kubeloop.telemetry.promql.functions import (
    RANGE_FUNCTIONS,
    VECTOR_FUNCTIONS,
    absent_labels,
    counters,
)
from kubeloop.telemetry.promql.histogram import aggregate as histogram_aggregate
from kubeloop.telemetry.promql.histogram import binary as histogram_binary
from kubeloop.telemetry.promql.histogram import calls as histogram_calls
from kubeloop.telemetry.promql.histogram import extended as histogram_extended
from kubeloop.telemetry.promql.histogram import rates as histogram_rates
from kubeloop.telemetry.promql.histogram import statsmode
from kubeloop.telemetry.promql.histogram.annotations import mixed_floats_histograms
from kubeloop.telemetry.series import METRIC_NAME, Labels, SeriesStore, StoredSeries
from kubeloop.telemetry.series.histogram import is_histogram

DEFAULT_LOOKBACK_MS: Final = 5 * 60_000
DEFAULT_SUBQUERY_STEP_MS: Final = 60_000
MAX_SUBQUERY_STEPS: Final = 11_000
"""Prometheus' own limit on points per series in one query."""
MAX_INNER_EVALUATIONS: Final = 100_000
"""Subquery steps one query may evaluate in all (nested subqueries multiply)."""

InstantVector = list[tuple[Labels, float]]
RangeSeries = tuple[Labels, list[int], list[float]]
_KEEP_NAME: Final = frozenset({"last_over_time", "first_over_time"})
_COUNTER_SUFFIXES: Final = ("_total", "_sum", "_count", "_bucket")
COUNTERS: Final = {"rate": (True, True), "increase": (True, False), "delta": (False, False)}
_FAST_SUMS: Final = {
    "sum_over_time": windowsum.window_sum,
    "count_over_time": windowsum.window_count,
}


def _go_div(a: int, b: int) -> int:
    """Integer division truncating toward zero, as Go's ``/`` does."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


class Evaluator:
    """Evaluates nodes at one instant ``t_ms``; ``start()``/``end()`` are the query's."""

    def __init__(
        self,
        store: SeriesStore,
        t_ms: int,
        *,
        lookback_ms: int = DEFAULT_LOOKBACK_MS,
        query_start_ms: int | None = None,
        query_end_ms: int | None = None,
        query_step_ms: int = 0,
        subquery_step_ms: int = DEFAULT_SUBQUERY_STEP_MS,
        max_samples: int | None = None,
        delayed_name_removal: bool = False,
        start_times: starts.StartTimes | None = None,
    ) -> None:
        self.store: SeriesStore = DelayedStore(store) if delayed_name_removal else store
        """With ``delayed_name_removal`` every series is read as ``delayed.Kept`` labels."""
        self.start_times = start_times
        """The samples' start timestamps, when the query uses them (``starts.py``)."""
        self.t_ms: int = t_ms
        self.lookback_ms: int = lookback_ms
        self.query_start_ms: int = t_ms if query_start_ms is None else query_start_ms
        self.query_end_ms: int = t_ms if query_end_ms is None else query_end_ms
        self.query_step_ms: int = query_step_ms
        self.subquery_step_ms: int = subquery_step_ms
        self.budget: list[int] = [MAX_INNER_EVALUATIONS]
        self.limit = None if max_samples is None else samples.SampleLimit(max_samples)
        """The query's ``max-samples`` count (None: not counted)."""
        self.tally: samples.Tally | None = None
        """Set while a counted subquery runs its steps (``samples``)."""
        self.uncounted: int | None = None
        self.subquery_results: dict[int, Any] = {}
        self.sizes: dict[int, int] = {}
        """Samples in each counted node's result, by node id."""
        self.notes: list[Annotation] | None = None
        """Where the query's warnings and infos go (None: not collected)."""
        self.native: bool = self.store.histogram_samples > 0
        """The store holds native histograms: calls, aggregations and operators go through
        ``promql.histogram``, which takes the float paths for samples that are floats."""
        self.stats: set[int] = set()
        """Ids of the selectors read for histogram counts and sums alone (``statsmode``)."""
        self.memo: bool = not isinstance(self.store, DelayedStore)
        """Whether operator pairings may be memoized by labels: not under delayed name
        removal, whose labels carry a mark that equal labels do not show."""

    def at(self, t_ms: int) -> Evaluator:
        """The same query at another instant (a subquery step); it shares the step budget."""
        child = Evaluator(
            self.store,
            t_ms,
            lookback_ms=self.lookback_ms,
            query_start_ms=self.query_start_ms,
            query_end_ms=self.query_end_ms,
            query_step_ms=self.query_step_ms,
            subquery_step_ms=self.subquery_step_ms,
            start_times=self.start_times,
        )
        child.budget = self.budget
        child.tally = self.tally
        child.notes = self.notes
        child.stats = self.stats
        return child

    def note(self, kind: Kind, message: str, pos: int) -> None:
        """Add a warning or info (once per message and position), if they are collected."""
        notes = self.notes
        if notes is not None:
            found = Annotation(kind, message, pos)
            if found not in notes:
                notes.append(found)

    def eval(self, node: ast.Expr) -> Any:
        run = _DISPATCH[type(node)]
        if self.limit is not None:
            return samples.counted(self, node, run)
        if self.tally is not None:
            return samples.tallied(self, node, run)
        return run(self, node)

    def _time_of(self, at: ast.At | None, offset_ms: int) -> int:
        if at is None:
            base = self.t_ms
        elif at.kind == "start":
            base = self.query_start_ms
        elif at.kind == "end":
            base = self.query_end_ms
        else:
            base = at.t_ms
        return base - offset_ms

    def _vector_selector(self, node: ast.VectorSelector) -> InstantVector:
        t = self._time_of(node.at, node.offset_ms)
        lookback = self.lookback_ms
        out: InstantVector = []
        if node.smoothed:
            for series in self.store.select(node.matchers):
                value = (
                    self._smoothed_histogram(series, t, node.pos)
                    if series.histograms
                    else extended.smoothed_value(series, t, lookback)
                )
                if value is not None:
                    out.append((series.labels, value))
            return out
        if self.native and id(node) in self.stats:
            for series in self.store.select(node.matchers):
                value = statsmode.latest(series, t, lookback)
                if value is not None:
                    out.append((series.labels, value))
            return out
        for series in self.store.select(node.matchers):
            point = series.latest(t, lookback)
            if point is not None:
                out.append((series.labels, point[1]))
        return out

    def sample_times(self, node: ast.VectorSelector) -> list[tuple[Labels, int]]:
        """The timestamp of each selected sample (for ``timestamp()``)."""
        t = self._time_of(node.at, node.offset_ms)
        out: list[tuple[Labels, int]] = []
        for series in self.store.select(node.matchers):
            point = series.latest(t, self.lookback_ms)
            if point is not None:
                out.append((series.labels, point[0]))
        return out

    def _matrix_selector(self, node: ast.MatrixSelector) -> list[RangeSeries]:
        sel = node.selector
        end = self._time_of(sel.at, sel.offset_ms)
        start = end - node.range_ms
        out: list[RangeSeries] = []
        modified = sel.anchored or sel.smoothed
        for series in self.store.select(sel.matchers):
            if modified:
                _floats_only(series)
                wts, wvs = extended.window(series, start, end, sel.smoothed, self.lookback_ms)
                ts, vs = extended.extend(wts, wvs, start, end, sel.smoothed)
            elif self.native and id(sel) in self.stats:
                ts, vs = statsmode.window(series, start, end)
            else:
                ts, vs = series.window(start, end)
            if ts:
                out.append((series.labels, ts, vs))
        return out

    def _subquery(self, node: ast.Subquery) -> list[RangeSeries]:
        end = self._time_of(node.at, node.offset_ms)
        step = node.step_ms or self.subquery_step_ms
        start = step * _go_div(end - node.range_ms, step)
        if start <= end - node.range_ms:
            start += step
        if (end - start) // step + 1 > MAX_SUBQUERY_STEPS:
            raise PromQLError(
                f"subquery would evaluate {(end - start) // step + 1} steps; at most "
                f"{MAX_SUBQUERY_STEPS} (use a larger step)"
            )
        steps = (end - start) // step + 1
        self.budget[0] -= max(steps, 0)
        if self.budget[0] < 0:
            raise PromQLError(
                f"subqueries would evaluate more than {MAX_INNER_EVALUATIONS} steps in all; "
                "use larger steps or shorter ranges"
            )
        points: dict[Labels, tuple[list[int], list[float]]] = {}
        t = start
        while t <= end:
            for labels, value in self.at(t).eval(node.expr):
                ts, vs = points.setdefault(labels, ([], []))
                ts.append(t)
                vs.append(value)
            t += step
        if self.native:
            return [(labels, ts, histogram_calls.subquery_values(vs))
                    for labels, (ts, vs) in points.items()]  # fmt: skip
        return [(labels, ts, vs) for labels, (ts, vs) in points.items()]

    def range_bounds(self, arg: ast.Expr) -> tuple[int, int]:
        """The ``(start, end]`` window a range-vector argument was selected over."""
        while isinstance(arg, ast.Paren):
            arg = arg.expr
        if isinstance(arg, ast.MatrixSelector):
            end = self._time_of(arg.selector.at, arg.selector.offset_ms)
            return end - arg.range_ms, end
        assert isinstance(arg, ast.Subquery)
        end = self._time_of(arg.at, arg.offset_ms)
        return end - arg.range_ms, end

    def _call(self, node: ast.Call) -> Any:
        if self.native and not self._reads_starts(node):
            return histogram_calls.call(self, node)
        return self.call_floats(node)

    def _reads_starts(self, node: ast.Call) -> bool:
        """Whether the call reads its samples' start timestamps (``_started``)."""
        return (
            self.start_times is not None
            and node.func in starts.ST_FUNCTIONS
            and node.args[0].__class__ is ast.MatrixSelector
        )

    def call_floats(self, node: ast.Call) -> Any:
        """A call whose arguments hold only float samples."""
        name = node.func
        range_fn = RANGE_FUNCTIONS.get(name)
        if range_fn is None:
            return VECTOR_FUNCTIONS[name](self, node)
        first = node.args[0]
        matrix = next(a for a in node.args if a.type == "matrix")
        if isinstance(matrix, ast.MatrixSelector) and (
            matrix.selector.anchored or matrix.selector.smoothed
        ):
            return check_unique(self._extended_call(node, matrix))
        if self._reads_starts(node):
            assert isinstance(first, ast.MatrixSelector) and self.start_times is not None
            return check_unique(self._started(name, first, self.start_times))
        if first.__class__ is ast.MatrixSelector:
            if name in COUNTERS:
                return check_unique(self._counter_rate(name, first))
            if name in _FAST_SUMS:
                return check_unique(self._window_sum(_FAST_SUMS[name], first))
        matrix_index = next(i for i, a in enumerate(node.args) if a.type == "matrix")
        scalars = [self.eval(a) for i, a in enumerate(node.args) if i != matrix_index]
        arg = node.args[matrix_index]
        start, end = self.range_bounds(arg)
        series_list = self.eval(arg)
        if name == "absent_over_time":
            return [] if series_list else [(absent_labels(arg), 1.0)]
        if name == "quantile_over_time" and series_list and not 0 <= scalars[0] <= 1:
            self.note("warning", invalid_quantile(scalars[0]), node.args[0].pos)
        keep_name = name in _KEEP_NAME
        counts = name in ("rate", "increase") and self.notes is not None
        out: InstantVector = []
        for labels, ts, vs in series_list:
            value = range_fn(ts, vs, start, end, scalars, self.t_ms)
            if value is not None:
                out.append((labels if keep_name else labels.without_name(), value))
                if counts:
                    self.check_counter(labels, arg.pos)
        return check_unique(out)

    def _extended_call(self, node: ast.Call, arg: ast.MatrixSelector) -> InstantVector:
        """A range function over an ``anchored`` or ``smoothed`` range selector."""
        sel, name = arg.selector, node.func
        word, safe = ("smoothed", extended.SMOOTHED_SAFE) if sel.smoothed else (
            "anchored", extended.ANCHORED_SAFE)  # fmt: skip
        if name not in safe:
            raise PromQLError(
                f"{word} modifier can only be used with: {', '.join(safe)} - not with {name}"
            )
        start, end = self.range_bounds(arg)
        out: InstantVector = []
        for series in self.store.select(sel.matchers):
            ts, vs = extended.window(series, start, end, sel.smoothed, self.lookback_ms)
            if series.histograms:
                value = self._extended_histograms(name, ts, vs, arg, series.labels)
            elif name in COUNTERS:
                counter, per_second = COUNTERS[name]
                value = extended.extended_rate(ts, vs, start, end, sel.smoothed, counter)
                if value is not None and per_second:
                    value /= arg.range_ms / 1000
            else:
                begin = extended.anchored_from(ts, start)
                value = None
                if begin is not None:
                    value = RANGE_FUNCTIONS[name](ts[begin:], vs[begin:], start, end, [], self.t_ms)
            if value is not None:
                out.append((series.labels.without_name(), value))
        return out

    def _smoothed_histogram(self, series: StoredSeries, t: int, pos: int) -> Any:
        """``x smoothed`` for a series that holds histograms."""
        ts, vs = series.window(t - self.lookback_ms, t + self.lookback_ms)
        value, found = histogram_extended.smoothed_value(ts, vs, t, series.labels.name)
        for kind, message in found:
            self.note(kind, message, pos)
        return value

    def _extended_histograms(
        self, name: str, ts: list[int], vs: list[Any], arg: ast.MatrixSelector, labels: Labels
    ) -> Any:
        """An anchored or smoothed range function over a series that holds histograms."""
        start, end = self.range_bounds(arg)
        if name not in COUNTERS:
            begin = extended.anchored_from(ts, start)
            return None if begin is None else histogram_extended.anchored_count(name, vs[begin:])
        if not ts:
            return None
        if any(not is_histogram(v) for v in vs):
            self.note("warning", mixed_floats_histograms(labels.name), arg.pos)
            return None
        counter, per_second = COUNTERS[name]
        value, found = histogram_extended.extended_rate(
            ts, vs, start, end, arg.selector.smoothed, counter,
            arg.range_ms / 1000 if per_second else None, labels.name,
        )  # fmt: skip
        for kind, message in found:
            self.note(kind, message, arg.pos)
        return value

    def _started(
        self, name: str, arg: ast.MatrixSelector, start_times: starts.StartTimes
    ) -> InstantVector:
        """rate, increase, irate or resets over a range selector, reading start timestamps."""
        start, end = self.range_bounds(arg)
        out: InstantVector = []
        for series in self.store.select(arg.selector.matchers):
            ts, vs = series.window(start, end)
            by_t = start_times.get(series.labels)
            if not ts:
                continue
            sts = None if by_t is None else [by_t.get(t, 0) for t in ts]
            if series.histograms and any(is_histogram(v) for v in vs):
                rated: Any
                rated, found = histogram_rates.started(name, ts, vs, sts, start, end,
                                                       series.labels.name)  # fmt: skip
                for kind, message in found:
                    self.note(kind, message, arg.pos)
                if rated is not None:
                    out.append((series.labels.without_name(), rated))
                continue
            if sts is None:
                value = starts.plain(name, ts, vs, start, end)
            else:
                value, overlap = starts.evaluate_window(name, ts, vs, sts, start, end)
                if overlap:
                    self.note("warning", starts.overlap(series.labels.name), arg.pos)
            if value is not None:
                out.append((series.labels.without_name(), value))
                if name in ("rate", "increase") and self.notes is not None:
                    self.check_counter(series.labels, arg.pos)
        return out

    def check_counter(self, labels: Labels, pos: int) -> None:
        """upstream's info for rate/increase over a name no counter has."""
        metric = labels.get(METRIC_NAME)
        if metric and not metric.endswith(_COUNTER_SUFFIXES):
            self.note("info", possible_non_counter(metric), pos)

    def _counter_rate(self, name: str, arg: ast.MatrixSelector) -> InstantVector:
        """rate/increase/delta straight from the stored arrays (``counter_value``)."""
        start, end = self.range_bounds(arg)
        is_counter, is_rate = COUNTERS[name]
        out: InstantVector = []
        for series in self.store.select(arg.selector.matchers):
            value = counters.counter_value(series, start, end, is_counter, is_rate)
            if value is not None:
                out.append((series.labels.without_name(), value))
                if self.notes is not None and name != "delta":
                    self.check_counter(series.labels, arg.pos)
        return out

    def _window_sum(
        self, function: Callable[[StoredSeries, int, int], float | None], arg: ast.MatrixSelector
    ) -> InstantVector:
        """sum_over_time/count_over_time with the partial sums kept between evaluations."""
        start, end = self.range_bounds(arg)
        out: InstantVector = []
        for series in self.store.select(arg.selector.matchers):
            value = function(series, start, end)
            if value is not None:
                out.append((series.labels.without_name(), value))
        return out

    def _aggregate(self, node: ast.Aggregate) -> InstantVector:
        param: Any = None if node.param is None else self.eval(node.param)
        if node.op == "quantile" and node.param is not None:
            self._check_quantile(param, node.param.pos)
        if node.op == "limit_ratio" and node.param is not None and abs(param) > 1:
            capped = math.copysign(1.0, param)
            self.note("warning", invalid_ratio(param, capped), node.param.pos)
        vec = self.eval(node.expr)
        if self.native:
            return histogram_aggregate.aggregate_mixed(self, node, param, vec)
        return aggregate(node.op, vec, param, node.grouping, node.without)

    def _check_quantile(self, q: float, pos: int) -> None:
        if not 0 <= q <= 1:  # NaN too
            self.note("warning", invalid_quantile(q), pos)

    def _binary(self, node: ast.Binary) -> Any:
        lhs, rhs = self.eval(node.lhs), self.eval(node.rhs)
        if self.native:
            return histogram_binary.binary_mixed(self, node, lhs, rhs)
        return self.binary_floats(node, lhs, rhs)

    def binary_floats(self, node: ast.Binary, lhs: Any, rhs: Any) -> Any:
        """An operator whose operands hold only float samples (the trim operators keep none
        of them)."""
        if node.op in trim.TRIM_OPERATORS:
            if trim.trim_floats(node, lhs, rhs, self.memo):
                self.note("info", trim.incompatible("float", node.op, "float"), trim.start(node))
            return []
        return binary(node, lhs, rhs, self.memo)

    def _unary(self, node: ast.Unary) -> Any:
        value = self.eval(node.expr)
        if node.expr.type == "scalar":
            return -value
        if self.native:
            return check_unique(histogram_binary.negate(value))
        return check_unique([(labels.without_name(), -v) for labels, v in value])


_DISPATCH: Final[dict[type, Callable[[Evaluator, Any], Any]]] = {
    ast.NumberLiteral: lambda _ev, n: n.value,
    ast.StringLiteral: lambda _ev, n: n.value,
    ast.Paren: lambda ev, n: ev.eval(n.expr),
    ast.VectorSelector: Evaluator._vector_selector,
    ast.MatrixSelector: Evaluator._matrix_selector,
    ast.Subquery: Evaluator._subquery,
    ast.Call: Evaluator._call,
    ast.Aggregate: Evaluator._aggregate,
    ast.Binary: Evaluator._binary,
    ast.Unary: Evaluator._unary,
    histogram_calls.Evaluated: lambda _ev, n: n.value,
}
"""Node type → the method that evaluates it (one table for every evaluator)."""


def _floats_only(series: StoredSeries) -> None:
    if series.histograms:
        raise UnsupportedError(
            "native histograms with the anchored or smoothed modifiers are not supported"
        )


def check_unique(vector: InstantVector) -> InstantVector:
    """Prometheus refuses a vector in which two samples have the same labels."""
    if len(vector) > 1 and len({labels for labels, _ in vector}) != len(vector):
        raise PromQLError("vector cannot contain metrics with the same labelset")
    return vector
