"""PromQL over a SeriesStore with Prometheus 3.x semantics (pinned: v3.14.0).

parse(text) -> expression tree (PromQLError with the position on bad input)
evaluate(expr, store, t_ms) -> Vector | Scalar | Matrix | String
"""

from __future__ import annotations

from typing import Any, Final

from kubeloop.telemetry.promql import ast
from kubeloop.telemetry.promql.errors import PromQLError, UnsupportedError
from kubeloop.telemetry.promql.evaluator import DEFAULT_LOOKBACK_MS, Evaluator
from kubeloop.telemetry.promql.parser import parse
from kubeloop.telemetry.promql.values import (
    Matrix,
    Sample,
    Scalar,
    Series,
    String,
    Value,
    Vector,
    format_value,
)
from kubeloop.telemetry.series import SeriesStore

PROMETHEUS_VERSION: Final = "3.14.0"
"""The Prometheus release whose semantics (and test data) this evaluator follows."""
_ORDERED: Final = frozenset({"sort", "sort_desc", "sort_by_label", "sort_by_label_desc"})


def evaluate(
    expr: str | ast.Expr,
    store: SeriesStore,
    t_ms: int,
    *,
    lookback_ms: int = DEFAULT_LOOKBACK_MS,
) -> Value:
    """Evaluate ``expr`` as an instant query at ``t_ms``.

    A vector comes back sorted by labels, except that the order ``sort()``-like functions
    produce at the top is kept.
    """
    node = parse(expr) if isinstance(expr, str) else expr
    if not isinstance(t_ms, int) or isinstance(t_ms, bool) or abs(t_ms) > 2**62:
        raise PromQLError(f"evaluation time {t_ms!r} is not a bounded integer (ms)")
    try:
        raw = Evaluator(store, t_ms, lookback_ms=lookback_ms).eval(node)
    except RecursionError:
        raise PromQLError("expression is too deeply nested to evaluate") from None
    return _public(node, raw)


def _public(node: ast.Expr, raw: Any) -> Value:
    if node.type == "scalar":
        return Scalar(float(raw))
    if node.type == "string":
        return String(str(raw))
    if node.type == "matrix":
        return Matrix(
            Series(labels, tuple(zip(ts, vs, strict=True)))
            for labels, ts, vs in sorted(raw, key=lambda s: s[0].pairs)
        )
    inner = node
    while isinstance(inner, ast.Paren):
        inner = inner.expr
    ordered = isinstance(inner, ast.Call) and inner.func in _ORDERED
    samples = raw if ordered else sorted(raw, key=lambda s: s[0].pairs)
    return Vector(Sample(labels, value) for labels, value in samples)


__all__ = [
    "PROMETHEUS_VERSION",
    "Matrix",
    "PromQLError",
    "Sample",
    "Scalar",
    "Series",
    "String",
    "UnsupportedError",
    "Value",
    "Vector",
    "evaluate",
    "format_value",
    "parse",
]
