"""The evaluator's internal result as the public value of a query."""

from __future__ import annotations

from typing import Any, Final

from kubeloop.telemetry.promql import ast
from kubeloop.telemetry.promql.values import Matrix, Sample, Scalar, Series, String, Value, Vector

_ORDERED: Final = frozenset({"sort", "sort_desc", "sort_by_label", "sort_by_label_desc"})


def to_value(node: ast.Expr, raw: Any) -> Value:
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
    ordered = (isinstance(inner, ast.Call) and inner.func in _ORDERED) or (
        isinstance(inner, ast.Aggregate) and inner.op in ("topk", "bottomk")
    )
    samples = raw if ordered else sorted(raw, key=lambda s: s[0].pairs)
    return Vector(Sample(labels, value) for labels, value in samples)
