"""An expression's values at every instant of a stretch at once: a column per series.

A leap (``leap.py``) appends every sample a stretch's scrapes and proven rules write before
any rule is evaluated; a rule that reads only those (and what was stored before) can then be
evaluated once for the whole stretch instead of once per instant. Leaves read the store: an
instant selector each series at each instant, a ``sum_over_time``/``count_over_time`` window
moving along its series once (``windowsum.window_sums``: a window growing from a fixed start
costs only its new samples), ``rate``/``increase``/``delta`` the evaluator's own
``counter_value`` at each instant. The nodes above them apply the evaluator's own functions column
by column — ``binary``'s arithmetic, comparisons and pairings, ``aggregate``'s reducers — so
every value has the bits an evaluation at its instant gives.

It declines (``None``) when some node's series are not the same at every instant (a
comparison that keeps a sample at one instant and drops it at another, a series that goes
stale or is absent at some instants), on an error, and on any node it does not cover
(``covered``); the rule is then evaluated at each instant as before.
``tests/telemetry/test_columns.py`` holds it to the evaluator at every instant.
"""

from __future__ import annotations

import math
from array import array
from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import repeat
from operator import add, eq, ge, gt, le, lt, mul, ne, sub, truediv
from typing import Any, Final, cast

from kubeloop.telemetry.promql import ast, windowsum
from kubeloop.telemetry.promql.aggregate import REDUCERS, group_labels
from kubeloop.telemetry.promql.binary import ARITHMETIC, COMPARISON, pairs, set_op
from kubeloop.telemetry.promql.errors import PromQLError
from kubeloop.telemetry.promql.evaluator import COUNTERS, DEFAULT_LOOKBACK_MS
from kubeloop.telemetry.promql.functions.counters import counter_values
from kubeloop.telemetry.promql.functions.floatops import div
from kubeloop.telemetry.series import Labels, SeriesStore, StoredSeries, is_stale
from kubeloop.telemetry.span.bulk import repeats
from kubeloop.telemetry.span.plan import per_rule

Column = list[float]
Columns = list[tuple[Labels, Column]]
"""An instant vector at every instant of a stretch: the same series in the same order at
each, with one value per instant."""

WINDOWS: Final[dict[str, Callable[..., list[float | None]]]] = {
    "sum_over_time": windowsum.window_sums,
    "count_over_time": windowsum.window_counts,
}
_SET_OPS: Final = ("and", "or", "unless")
_ALONE: Final[dict[str, Callable[[Column], Column]]] = {
    "sum": lambda column: list(map(add, column, repeat(0.0))),
    "min": list,
    "max": list,
}
"""A group of one series, a column at once: ``sum`` of one value is ``v + 0.0`` (the
compensated sum's last step: -0.0 becomes 0.0), ``min`` and ``max`` the value."""
_C_OPS: Final[dict[Callable[[float, float], Any], Callable[[float, float], Any]]] = {
    ARITHMETIC["+"]: add,
    ARITHMETIC["-"]: sub,
    ARITHMETIC["*"]: mul,
    COMPARISON["=="]: eq,
    COMPARISON["!="]: ne,
    COMPARISON[">"]: gt,
    COMPARISON["<"]: lt,
    COMPARISON[">="]: ge,
    COMPARISON["<="]: le,
}
"""The operators' functions that are one float operation, as the C functions that do the
same (``map`` calls them without a Python frame); ``/`` is ``truediv`` while no divisor is
zero (``div`` differs from it only there)."""
MAX_PERIOD: Final = 240
"""The longest period of repeating inputs looked for (``_period``)."""


class Declined(Exception):
    """The values differ in shape between instants, or a node is not covered."""


def covered(node: ast.Expr) -> bool:
    """Whether every node of the expression is one ``columns`` evaluates (it may still
    decline once it sees the values)."""
    return per_rule("covered", node, _covered)


def _covered(node: ast.Expr) -> bool:
    if isinstance(node, ast.NumberLiteral):
        return True
    if isinstance(node, ast.VectorSelector):
        return node.at is None and not node.smoothed and not node.anchored
    if isinstance(node, ast.Paren | ast.Unary):
        return _covered(node.expr)
    if isinstance(node, ast.Aggregate):
        return node.op in REDUCERS and node.param is None and _covered(node.expr)
    if isinstance(node, ast.Binary):
        fills = node.matching is not None and (
            node.matching.fill_left is not None or node.matching.fill_right is not None
        )
        known = node.op in ARITHMETIC or node.op in COMPARISON or node.op in _SET_OPS
        return known and not fills and _covered(node.lhs) and _covered(node.rhs)
    if isinstance(node, ast.Call):
        if node.func == "vector":
            return _covered(node.args[0])
        arg = node.args[0] if node.args else None
        return (
            (node.func in WINDOWS or node.func in COUNTERS)
            and arg.__class__ is ast.MatrixSelector
            and isinstance(arg, ast.MatrixSelector)
            and _covered(arg.selector)
        )
    return False


def pointwise(node: ast.Expr) -> bool:
    """Whether the expression's value at an instant is a function of the samples its
    instant selectors read there alone (no range function)."""
    return per_rule("pointwise", node, _pointwise)


def _pointwise(node: ast.Expr) -> bool:
    if isinstance(node, ast.NumberLiteral | ast.VectorSelector):
        return True
    if isinstance(node, ast.Paren | ast.Unary):
        return _pointwise(node.expr)
    if isinstance(node, ast.Aggregate):
        return _pointwise(node.expr)
    if isinstance(node, ast.Binary):
        return _pointwise(node.lhs) and _pointwise(node.rhs)
    return isinstance(node, ast.Call) and node.func == "vector" and _pointwise(node.args[0])


def columns(node: ast.Expr, store: SeriesStore, times: Sequence[int]) -> Columns | None:
    """``node``'s value at each of ``times`` (ms, increasing) as a rule's query reads it (a
    scalar is one sample without labels), in the order of a query's answer; None if
    declined."""
    if not covered(node):
        return None
    try:
        period = _period(node, store, times)
        value = _Stretch(store, times[:period]).eval(node)
    except (Declined, PromQLError):
        return None
    if period < len(times):
        value = _repeated(node, value, len(times))
    if node.type == "scalar":
        return [(Labels(), value)]
    return sorted(value, key=lambda sample: sample[0].pairs)


def _period(node: ast.Expr, store: SeriesStore, times: Sequence[int]) -> int:
    """After how many instants of the stretch a pointwise expression's every selected
    series reads the same bits again (at most ``MAX_PERIOD``, and at most half of them):
    its values then repeat with that period, so they are evaluated for one period only.
    ``len(times)`` when they do not repeat."""
    count = len(times)
    if not pointwise(node):
        return count
    period = 1
    for leaf in _selectors(node):
        shifted = [t - leaf.offset_ms for t in times] if leaf.offset_ms else times
        for series in store.select(leaf.matchers):
            column = _latest(series, shifted)
            found = _repeats(column) if len(column) == count else None
            if found is None:
                return count
            period = math.lcm(period, found)
            if 2 * period > count:
                return count
    return period


def _selectors(node: ast.Expr) -> list[ast.VectorSelector]:
    if isinstance(node, ast.VectorSelector):
        return [node]
    if isinstance(node, ast.Paren | ast.Unary | ast.Aggregate):
        return _selectors(node.expr)
    if isinstance(node, ast.Binary):
        return _selectors(node.lhs) + _selectors(node.rhs)
    if isinstance(node, ast.Call):
        return [found for arg in node.args for found in _selectors(arg)]
    return []


def _repeats(column: Column) -> int | None:
    """``bulk.repeats``, of the same bits (``==`` is that for floats but ±0, and NaN equals
    only the very same object)."""
    period = repeats(column, MAX_PERIOD)
    if period is None or 0.0 not in column:
        return period
    return period if _bits(column[period:]) == _bits(column[: len(column) - period]) else None


def _bits(column: Column) -> bytes:
    return array("d", column).tobytes()


def _repeated(node: ast.Expr, value: Any, count: int) -> Any:
    """A period's values repeated to ``count`` instants."""
    if node.type == "scalar":
        return (value * (count // len(value) + 1))[:count]
    return [(labels, (col * (count // len(col) + 1))[:count]) for labels, col in value]


class _Stretch:
    def __init__(self, store: SeriesStore, times: Sequence[int]) -> None:
        self.store = store
        self.times = times
        self.n = len(times)
        self.ranges: dict[tuple[str, int, int, Labels], list[float | None]] = {}
        """Each range function's values over one series, windows and offset, once: an SLI's
        ratio reads its errors' series on both sides (``rate(errors)/rate(all)``)."""

    def eval(self, node: ast.Expr) -> Any:
        if isinstance(node, ast.NumberLiteral):
            return [node.value] * self.n
        if isinstance(node, ast.Paren):
            return self.eval(node.expr)
        if isinstance(node, ast.VectorSelector):
            return self._selector(node)
        if isinstance(node, ast.Call):
            return self._call(node)
        if isinstance(node, ast.Aggregate):
            return self._aggregate(node)
        if isinstance(node, ast.Binary):
            return self._binary(node)
        if isinstance(node, ast.Unary):
            value = self.eval(node.expr)
            if node.expr.type == "scalar":
                return [-v for v in value]
            return _unique([(labels.without_name(), [-v for v in col]) for labels, col in value])
        raise Declined

    def _selector(self, node: ast.VectorSelector) -> Columns:
        out: Columns = []
        times = [t - node.offset_ms for t in self.times] if node.offset_ms else self.times
        for series in self.store.select(node.matchers):
            present = _latest(series, times)
            if len(present) == self.n:
                out.append((series.labels, present))
            elif present:
                raise Declined
        return out

    def _call(self, node: ast.Call) -> Columns:
        if node.func == "vector":
            return [(Labels(), self.eval(node.args[0]))]
        arg = node.args[0]
        assert isinstance(arg, ast.MatrixSelector)  # (covered)
        selector = arg.selector
        back = selector.offset_ms
        ends = [t - back for t in self.times] if back else self.times
        windows = ([t - arg.range_ms for t in ends], ends)
        out: Columns = []
        for series in self.store.select(selector.matchers):
            key = (node.func, arg.range_ms, back, series.labels)
            found = self.ranges.get(key)
            if found is None:
                found = self.ranges[key] = _windows(node.func, series, windows)
            absent = found.count(None)
            if not absent:
                out.append((series.labels.without_name(), cast("Column", found)))
            elif absent < self.n:
                raise Declined
        return _unique(out)

    def _aggregate(self, node: ast.Aggregate) -> Columns:
        reducer = REDUCERS[node.op]
        groups: dict[Labels, list[Column]] = {}
        for labels, column in self.eval(node.expr):
            groups.setdefault(group_labels(labels, node.grouping, node.without), []).append(column)
        alone = _ALONE.get(node.op)
        return [
            (key, alone(members[0]))
            if alone is not None and len(members) == 1
            else (key, [reducer(list(values)) for values in zip(*members, strict=True)])
            for key, members in groups.items()
        ]

    def _binary(self, node: ast.Binary) -> Any:
        op, lhs, rhs = node.op, self.eval(node.lhs), self.eval(node.rhs)
        compare, arithmetic = COMPARISON.get(op), ARITHMETIC.get(op)
        if node.lhs.type == "scalar" and node.rhs.type == "scalar":
            if compare is not None:
                return [1.0 if keep else 0.0 for keep in map(compare, lhs, rhs)]
            assert arithmetic is not None
            return list(map(arithmetic, lhs, rhs))
        drop_name = node.return_bool or compare is None
        out: Columns = []
        if node.lhs.type == "vector" and node.rhs.type == "vector":
            matching = node.matching
            assert matching is not None
            if op in _SET_OPS:
                return _set_columns(op, lhs, rhs, matching)
            if not lhs or not rhs:
                return []
            probes = [(labels, 0.0) for labels, _ in lhs], [(labels, 0.0) for labels, _ in rhs]
            for i, j, metric in pairs(*probes, matching, compare is None, node.return_bool):
                a, b = lhs[i][1], rhs[j][1]
                found = _apply(a, b, a, compare, arithmetic, node.return_bool)
                if found is not None:
                    out.append((metric, found))
            return _unique(out)
        swap = node.lhs.type == "scalar"
        vector, scalar = (rhs, lhs) if swap else (lhs, rhs)
        for labels, column in vector:
            a, b = (scalar, column) if swap else (column, scalar)
            found = _apply(a, b, column, compare, arithmetic, node.return_bool)
            if found is not None:
                out.append((labels.without_name() if drop_name else labels, found))
        return _unique(out)


def _windows(function: str, series: StoredSeries, windows: windowsum.Edges) -> list[float | None]:
    """A range function of one series over each window."""
    if function in WINDOWS:
        return WINDOWS[function](series, windows)
    is_counter, is_rate = COUNTERS[function]
    return counter_values(series, windows, is_counter, is_rate)


def _latest(series: StoredSeries, times: Sequence[int]) -> Column:
    """The series' value at each of ``times`` that has one (``StoredSeries.latest``)."""
    ts, vs, stale = series.ts, series.vs, series.stale_count
    first = bisect_right(ts, times[0]) - 1
    if first >= 0 and ts[first : first + len(times)] == times:  # a sample at every instant
        out = vs[first : first + len(times)]
        if out.__class__ is list and not (stale and any(map(is_stale, out))):
            return out
    out = []
    at = 0
    for t in times:
        at = bisect_right(ts, t, at)
        if at and ts[at - 1] > t - DEFAULT_LOOKBACK_MS:
            value = vs[at - 1]
            if not (stale and is_stale(value)):
                out.append(value)
    return out


def _apply(
    a: Column,
    b: Column,
    kept: Column,
    compare: Callable[[float, float], bool] | None,
    arithmetic: Callable[[float, float], float] | None,
    return_bool: bool,
) -> Column | None:
    """One sample's column under an operator: None if a comparison drops it at every
    instant; declined if it keeps it at some and drops it at others."""
    if compare is None:
        assert arithmetic is not None
        if arithmetic is div and 0.0 not in b:
            return list(map(truediv, a, b))
        return list(map(_C_OPS.get(arithmetic, arithmetic), a, b))
    keeps = list(map(_C_OPS.get(compare, compare), a, b))
    if return_bool:
        return [1.0 if keep else 0.0 for keep in keeps]
    if all(keeps):
        return kept
    if any(keeps):
        raise Declined
    return None


def _set_columns(op: str, lhs: Columns, rhs: Columns, matching: ast.VectorMatching) -> Columns:
    """``and``/``or``/``unless``: which samples stay depends on the labels alone, so
    ``set_op`` picks them once (each probe's value is where it came from)."""
    left = [(labels, float(i)) for i, (labels, _) in enumerate(lhs)]
    right = [(labels, float(-1 - j)) for j, (labels, _) in enumerate(rhs)]
    return [
        (labels, lhs[int(where)][1] if where >= 0 else rhs[-1 - int(where)][1])
        for labels, where in set_op(op, left, right, matching)
    ]


def _unique(vector: Columns) -> Columns:
    if len({labels for labels, _ in vector}) != len(vector):
        raise Declined  # (each instant raises the evaluator's error)
    return vector
