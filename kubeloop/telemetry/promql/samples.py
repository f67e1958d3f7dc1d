"""The engine's ``query.max-samples`` bound: how many samples a query holds at once.

promql/engine.go counts, for an instant query: one per sample an instant selector loads and
per number literal; the points of a range selector's window while a range function reads
that series (one series at a time), while the outputs so far stay counted; the whole
result of a subquery while its function runs; and, for operators, aggregations and other
functions, their arguments' results plus their own output, after which only the output
stays counted (``rangeEval``). Going over the bound is the engine's error,
``query processing would load too many samples into memory in query execution``.

A subquery is evaluated by Prometheus as a range query: each node's results for every step
are held at once. kubeloop evaluates it step by step and counts the same way from each
node's results summed over the steps (a range function's windows counted at the largest
one, as the engine reuses one buffer for a series).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from kubeloop.telemetry.promql import ast
from kubeloop.telemetry.promql.errors import PromQLError
from kubeloop.telemetry.series import SeriesStore

TOO_MANY: Final = "query processing would load too many samples into memory in query execution"


class TooManySamplesError(PromQLError):
    """The query would hold more samples than its bound (promql.ErrTooManySamples)."""


@dataclass
class SampleLimit:
    """The running count of one query, against ``most``."""

    most: int
    current: int = 0

    def add(self, n: int) -> None:
        self.current += n
        if self.current > self.most:
            raise TooManySamplesError(TOO_MANY)

    def peak(self, value: int) -> None:
        if value > self.most:
            raise TooManySamplesError(TOO_MANY)


@dataclass
class Tally:
    """Sizes of each node's results summed over a subquery's steps, by node id."""

    totals: dict[int, int] = field(default_factory=dict)
    largest: dict[int, int] = field(default_factory=dict)
    windows: dict[int, int] = field(default_factory=dict)

    def record(self, node: ast.Expr, size: int) -> None:
        self.totals[id(node)] = self.totals.get(id(node), 0) + size
        if size > self.largest.get(id(node), 0):
            self.largest[id(node)] = size

    def window(self, node: ast.Expr, size: int) -> None:
        if size > self.windows.get(id(node), 0):
            self.windows[id(node)] = size


class Evaluator(Protocol):
    """What counting asks of the evaluator that calls it (``evaluator.Evaluator``)."""

    store: SeriesStore
    limit: SampleLimit | None
    tally: Tally | None
    uncounted: int | None
    subquery_results: dict[int, Any]
    sizes: dict[int, int]

    def range_bounds(self, arg: ast.Expr) -> tuple[int, int]: ...


def size(value: Any) -> int:
    """Samples in an evaluator value: a vector's samples, a matrix's points, a scalar's one."""
    if isinstance(value, str):
        return 0
    if isinstance(value, float | int):
        return 1
    if value and len(value[0]) == 3:
        return sum(len(ts) for _, ts, _ in value)
    return len(value)


def counted(ev: Evaluator, node: ast.Expr, run: Any) -> Any:
    """Evaluate ``node`` with ``run`` and count what it holds on ``ev.limit``."""
    limit = ev.limit
    assert limit is not None
    start = limit.current
    result = _count(ev, node, run, limit, start)
    ev.sizes[id(node)] = size(result)
    return result


def _count(ev: Evaluator, node: ast.Expr, run: Any, limit: SampleLimit, start: int) -> Any:
    kind = node.__class__
    if kind in (ast.Paren, ast.Unary, ast.StringLiteral) or id(node) == ev.uncounted:
        return run(ev, node)
    if kind in (ast.NumberLiteral, ast.VectorSelector, ast.MatrixSelector):
        result = run(ev, node)
        limit.add(size(result))
        return result
    if isinstance(node, ast.Subquery):
        return _subquery(ev, node, run, start)
    if isinstance(node, ast.Call) and any(a.type == "matrix" for a in node.args):
        return _range_call(ev, node, run)
    result = run(ev, node)
    out = size(result)
    if _gathers(node):  # rangeEval: the arguments' samples are gathered again at the step
        gathered = sum(ev.sizes.get(id(child), 0) for child in _children(node))
        limit.peak(limit.current + gathered + out)
    elif isinstance(node, ast.Call) and node.func == "timestamp":
        limit.peak(limit.current + 2 * out)  # its selector's samples, then the output
    limit.current = start + out
    return result


def _gathers(node: ast.Expr) -> bool:
    """Evaluated by ``rangeEval`` (not an aggregation, which reads its input in place, nor
    a function over series like ``label_replace``, nor ``timestamp`` of a selector)."""
    if isinstance(node, ast.Aggregate):
        return node.op == "count_values"
    if isinstance(node, ast.Call):
        if node.func in ("label_replace", "label_join"):
            return False
        return not (node.func == "timestamp" and isinstance(node.args[0], ast.VectorSelector))
    return True


def _range_call(ev: Evaluator, node: ast.Call, run: Any) -> Any:
    """A range function: its scalar arguments and a subquery stay counted while each
    series' window is read; the outputs accumulate; the subquery is let go after."""
    limit = ev.limit
    assert limit is not None
    arg = _matrix_arg(node)
    ev.uncounted = id(arg) if isinstance(arg, ast.MatrixSelector) else None
    try:
        result = run(ev, node)
    finally:
        ev.uncounted = None
    held = limit.current
    if isinstance(arg, ast.MatrixSelector):
        selected = ev.store.select(arg.selector.matchers)
        longest = max((len(s.ts) for s in selected), default=0)
        reachable = held + len(selected) + longest > limit.most  # else no window can reach it
        windows = windows_of(ev, arg) if reachable else []
        released = 0
    else:
        kept = ev.subquery_results.pop(id(arg), [])
        windows = [(labels, len(ts)) for labels, ts, _ in kept]
        released = size(kept)
    out = {labels for labels, _ in result} if isinstance(result, list) else set()
    outputs = 0
    for labels, n in windows:
        gives = labels in out or labels.without_name() in out
        limit.peak(held + outputs + n + gives)
        outputs += gives
    limit.current = held - released + size(result)
    limit.peak(limit.current)
    return result


def _matrix_arg(node: ast.Call) -> ast.Expr:
    arg = next(a for a in node.args if a.type == "matrix")
    while isinstance(arg, ast.Paren):
        arg = arg.expr
    return arg


def windows_of(ev: Evaluator, arg: ast.MatrixSelector) -> list[tuple[Any, int]]:
    """Each selected series and how many samples its window holds, in storage order."""
    start, end = ev.range_bounds(arg)
    found = []
    for series in ev.store.select(arg.selector.matchers):
        ts = series.ts
        n = bisect_right(ts, end) - bisect_right(ts, start)
        if n:
            found.append((series.labels, n))
    return found


def tallied(ev: Evaluator, node: ast.Expr, run: Any) -> Any:
    """Evaluate one step of a subquery's inner expression, adding each node's result size
    (and a range function's largest window) to ``ev.tally``."""
    tally = ev.tally
    assert tally is not None
    result = run(ev, node)
    tally.record(node, size(result))
    if isinstance(node, ast.Call) and any(a.type == "matrix" for a in node.args):
        arg = _matrix_arg(node)
        if isinstance(arg, ast.MatrixSelector):
            for _, n in windows_of(ev, arg):
                tally.window(node, n)
    return result


def _subquery(ev: Evaluator, node: ast.Subquery, run: Any, start: int) -> Any:
    limit = ev.limit
    assert limit is not None
    ev.tally = Tally()
    try:
        result = run(ev, node)
        peak, _ = range_peak(node.expr, start, ev.tally)
    finally:
        ev.tally = None
    limit.peak(peak)
    limit.add(size(result))
    ev.subquery_results[id(node)] = result
    return result


def range_peak(node: ast.Expr, start: int, tally: Tally) -> tuple[int, int]:
    """The most a range evaluation of ``node`` holds, and what it holds after, from the
    sizes of its nodes' results summed over the steps (a step's gathered arguments counted
    at their largest step)."""
    kind = node.__class__
    if kind in (ast.Paren, ast.Unary):
        return range_peak(node.expr, start, tally)  # type: ignore[union-attr]
    if kind is ast.StringLiteral:
        return start, start
    own = tally.totals.get(id(node), 0)
    if kind in (ast.NumberLiteral, ast.VectorSelector, ast.MatrixSelector, ast.Subquery):
        return start + own, start + own
    current, peak = start, start
    gathered = 0
    for child in _children(node):
        if child.type == "matrix" and not isinstance(child, ast.Subquery):
            peak = max(peak, current + own + tally.windows.get(id(node), 0))
            continue
        child_peak, current = range_peak(child, current, tally)
        peak = max(peak, child_peak)
        gathered += tally.largest.get(id(child), 0)
    if _gathers(node) and not any(c.type == "matrix" for c in _children(node)):
        peak = max(peak, current + own + gathered)
    return peak, start + own


def _children(node: ast.Expr) -> tuple[ast.Expr, ...]:
    if isinstance(node, ast.Binary):
        return node.lhs, node.rhs
    if isinstance(node, ast.Aggregate):
        return (node.expr,) if node.param is None else (node.param, node.expr)
    if isinstance(node, ast.Call):
        return node.args
    return ()
