"""PromQL queries over a SeriesStore: ``evaluate`` (an instant) and ``evaluate_range``.

The package (``kubeloop.telemetry.promql``) names them; they live here so that importing
any module of the package does not import the whole evaluator.
"""

from __future__ import annotations

from typing import Final

from kubeloop.telemetry.promql import ast, durationexpr
from kubeloop.telemetry.promql.annotations import SORT_IN_RANGE, Annotation
from kubeloop.telemetry.promql.delayed import finish_raw
from kubeloop.telemetry.promql.errors import PromQLError
from kubeloop.telemetry.promql.evaluator import (
    DEFAULT_LOOKBACK_MS,
    DEFAULT_SUBQUERY_STEP_MS,
    Evaluator,
)
from kubeloop.telemetry.promql.histogram.statsmode import stats_selectors
from kubeloop.telemetry.promql.parser import parse
from kubeloop.telemetry.promql.public import to_value
from kubeloop.telemetry.promql.starts import StartTimes
from kubeloop.telemetry.promql.values import (
    Matrix,
    Sample,
    Scalar,
    Series,
    Value,
    Vector,
)
from kubeloop.telemetry.series import EMPTY, Labels, SeriesStore


def evaluate(
    expr: str | ast.Expr,
    store: SeriesStore,
    t_ms: int,
    *,
    lookback_ms: int = DEFAULT_LOOKBACK_MS,
    query_start_ms: int | None = None,
    query_end_ms: int | None = None,
    query_step_ms: int = 0,
    subquery_step_ms: int = DEFAULT_SUBQUERY_STEP_MS,
    max_samples: int | None = None,
    notes: list[Annotation] | None = None,
    delayed_name_removal: bool = False,
    start_times: StartTimes | None = None,
) -> Value:
    """Evaluate ``expr`` as an instant query at ``t_ms``.

    A vector comes back sorted by labels, except that the order ``sort()``-like functions and
    ``topk``/``bottomk`` produce at the top is kept (as Prometheus returns it).
    ``query_start_ms``/``query_end_ms`` are what ``@ start()`` and ``@ end()`` mean (both
    ``t_ms`` unless this instant is one step of a range query). ``subquery_step_ms`` is a
    subquery's step when it names none; ``max_samples`` bounds the samples the query holds at
    once (the engine's ``query.max-samples``; None: unbounded); ``notes`` collects the
    query's warnings and infos (``Annotation.render(text)`` prints one as Prometheus does);
    ``delayed_name_removal`` is Prometheus' ``promql-delayed-name-removal`` (``delayed.py``);
    ``start_times``, the samples' start timestamps, makes the query use them (``starts.py``).
    """
    node = parse(expr) if isinstance(expr, str) else expr
    for name, value in (("evaluation time", t_ms), ("lookback", lookback_ms)):
        _check_ms(name, value)
    store.settle()  # (a query may reach back past the retention: rules, which cannot, do not)
    start = t_ms if query_start_ms is None else query_start_ms
    end = t_ms if query_end_ms is None else query_end_ms
    node = _resolved(node, query_step_ms, end - start)
    evaluator = Evaluator(
        store,
        t_ms,
        lookback_ms=lookback_ms,
        query_start_ms=query_start_ms,
        query_end_ms=query_end_ms,
        query_step_ms=query_step_ms,
        subquery_step_ms=subquery_step_ms,
        max_samples=max_samples,
        delayed_name_removal=delayed_name_removal,
        start_times=start_times,
    )
    evaluator.notes = notes
    if evaluator.native:
        evaluator.stats = stats_selectors(node)
    try:
        raw = evaluator.eval(node)
    except RecursionError:
        raise PromQLError("expression is too deeply nested to evaluate") from None
    if delayed_name_removal:
        raw = finish_raw(node.type, raw)
    return to_value(node, raw)


_PLAIN: dict[int, ast.Expr] = {}
"""Trees known to hold no duration expression, by identity (a query's tree is parsed once
and asked again and again: a rule at every evaluation, a burn rate at every point of a
chart). Walking such a tree to resolve nothing cost as much as evaluating it."""


def _resolved(node: ast.Expr, step_ms: int, range_ms: int) -> ast.Expr:
    """``durationexpr.resolve``, skipped for a tree already seen to hold nothing to resolve."""
    if _PLAIN.get(id(node)) is node:
        return node
    resolved: ast.Expr = durationexpr.resolve(node, step_ms, range_ms)
    if resolved is node:
        if len(_PLAIN) >= 4096:
            _PLAIN.clear()
        _PLAIN[id(node)] = node  # held, so its id is never reused while it is here
    return resolved


MAX_RANGE_STEPS: Final = 11_000
"""Prometheus refuses range queries of more points per series than this."""


def evaluate_range(
    expr: str | ast.Expr,
    store: SeriesStore,
    start_ms: int,
    end_ms: int,
    step_ms: int,
    *,
    lookback_ms: int = DEFAULT_LOOKBACK_MS,
    notes: list[Annotation] | None = None,
    delayed_name_removal: bool = False,
    start_times: StartTimes | None = None,
) -> Matrix:
    """A range query: the expression at ``start, start+step, … <= end`` as one matrix
    (a scalar result becomes the series ``{}``); ``notes`` as for ``evaluate``, with
    upstream's warning for a ``sort`` whose order a range query cannot keep."""
    node = parse(expr) if isinstance(expr, str) else expr
    for name, ms in (("start", start_ms), ("end", end_ms), ("step", step_ms)):
        _check_ms(name, ms)
    if step_ms <= 0 or end_ms < start_ms:
        raise PromQLError("a range query needs step > 0 and end >= start")
    if (end_ms - start_ms) // step_ms + 1 > MAX_RANGE_STEPS:
        raise PromQLError(f"a range query may have at most {MAX_RANGE_STEPS} steps per series")
    if node.type not in ("vector", "scalar"):
        raise PromQLError(f"a range query needs an instant vector or scalar, not a {node.type}")
    node = durationexpr.resolve(node, step_ms, end_ms - start_ms)
    if notes is not None and end_ms != start_ms:
        for pos in _sorts(node):
            found = Annotation("warning", SORT_IN_RANGE, pos)
            if found not in notes:
                notes.append(found)
    points: dict[Labels, list[tuple[int, float]]] = {}
    for step_t in range(start_ms, end_ms + 1, step_ms):
        value = evaluate(node, store, step_t, lookback_ms=lookback_ms, query_start_ms=start_ms,
                         query_end_ms=end_ms, query_step_ms=step_ms, notes=notes,
                         delayed_name_removal=delayed_name_removal,
                         start_times=start_times)  # fmt: skip
        samples = [Sample(EMPTY, value.value)] if isinstance(value, Scalar) else value
        assert isinstance(samples, (list, Vector))
        for sample in samples:
            points.setdefault(sample.labels, []).append((step_t, sample.value))
    return Matrix(Series(labels, tuple(points[labels])) for labels in sorted(points))


def _sorts(node: object) -> list[int]:
    """Where the ``sort`` calls of an expression are."""
    found = []
    if isinstance(node, ast.Call) and node.func in _SORTS:
        found.append(node.pos)
    for child in ast.children(node):
        found.extend(_sorts(child))
    return found


_SORTS: Final = frozenset({"sort", "sort_desc", "sort_by_label", "sort_by_label_desc"})


def _check_ms(name: str, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or abs(value) > 2**62:
        raise PromQLError(f"{name} {value!r} is not a bounded integer (ms)")
