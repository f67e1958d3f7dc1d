"""Binary operators over vectors that hold native histograms (promql/engine.go
``vectorElemBinop``).

Histograms add to and subtract from histograms, compare equal or not, scale by a float
(``*`` either side, ``/`` on the right) and are trimmed by one (``</``, ``>/`` on the right,
``trim_buckets``); any other pairing drops the sample with upstream's info. Vector matching
is the float operators' own (``binary``).
"""

from __future__ import annotations

from typing import Any, Protocol

from kubeloop.telemetry.promql import ast
from kubeloop.telemetry.promql.annotations import Kind
from kubeloop.telemetry.promql.binary import ARITHMETIC, COMPARISON, operand, pair_plan, unique
from kubeloop.telemetry.promql.histogram import annotations as notes
from kubeloop.telemetry.promql.histogram.trim import trim_buckets
from kubeloop.telemetry.promql.trim import TRIM_OPERATORS, start
from kubeloop.telemetry.series import Labels
from kubeloop.telemetry.series.histogram import FloatHistogram, HistogramError, add, equals

Vec = list[tuple[Labels, Any]]


class Evaluator(Protocol):
    memo: bool

    def note(self, kind: Kind, message: str, pos: int) -> None: ...

    def binary_floats(self, node: ast.Binary, lhs: Any, rhs: Any) -> Any: ...


class _Dropped(Exception):
    """The pair gives no sample; ``message`` is the annotation (``kind`` warning or info)."""

    def __init__(self, kind: Kind, message: str) -> None:
        super().__init__(message)
        self.kind: Kind = kind
        self.message = message


def _kind(value: object) -> str:
    return "histogram" if value.__class__ is FloatHistogram else "float"


def element(op: str, a: Any, b: Any) -> tuple[bool, Any, tuple[Kind, str] | None]:
    """``(keep, value, annotation)`` of one pair; raises ``_Dropped`` when upstream drops
    it with an error."""
    ha, hb = a.__class__ is FloatHistogram, b.__class__ is FloatHistogram
    if not ha and not hb:
        compare = COMPARISON.get(op)
        if compare is not None:
            return compare(a, b), a, None
        return True, ARITHMETIC[op](a, b), None
    if ha and hb:
        if op in ("+", "-"):
            try:
                total = add(a, b, 1.0 if op == "+" else -1.0)
            except HistogramError:
                raise _Dropped("warning", f"incompatible bucket layout encountered for binary "
                                          f"operator {op}") from None  # fmt: skip
            result = total.histogram if op == "+" else total.histogram.with_hint("gauge")
            operation = "addition" if op == "+" else "subtraction"
            if total.collision:
                raise _Dropped("warning", notes.counter_reset_collision(operation))
            info = (
                ("info", notes.mismatched_custom_buckets(operation)) if total.reconciled else None
            )
            return True, result.compact(), info  # type: ignore[return-value]
        if op in ("==", "!="):
            same = equals(a, b)
            return (same if op == "==" else not same), a, None
    elif op == "*":
        h, factor = (a, b) if ha else (b, a)
        return True, h.scaled(factor).compact(), None
    elif op == "/" and ha:
        return True, a.divided(b).compact(), None
    elif op in TRIM_OPERATORS and ha:
        return True, trim_buckets(a, b, op == "</"), None
    raise _Dropped("info", notes.incompatible_types(_kind(a), op, _kind(b)))


def binary_mixed(ev: Evaluator, node: ast.Binary, lhs: Any, rhs: Any) -> Any:
    """An operator over operands that may hold histograms; the float paths otherwise."""
    lt, rt = node.lhs.type, node.rhs.type
    op = node.op
    if (lt == "scalar" and rt == "scalar") or op in ("and", "or", "unless"):
        return ev.binary_floats(node, lhs, rhs)
    has = any(v.__class__ is FloatHistogram for side in (lhs, rhs) if isinstance(side, list)
              for _, v in side)  # fmt: skip
    if not has:
        return ev.binary_floats(node, lhs, rhs)
    pos = start(node)
    last: tuple[Kind, str] | None = None
    out: Vec = []
    arithmetic = op in ARITHMETIC
    drop_name = node.return_bool or arithmetic
    if lt != "vector" or rt != "vector":
        vec, scalar, swap = (lhs, rhs, False) if lt == "vector" else (rhs, lhs, True)
        for labels, value in vec:
            a, b = (scalar, value) if swap else (value, scalar)
            try:
                keep, result, info = element(op, a, b)
            except _Dropped as err:
                last = (err.kind, err.message)
                continue
            if info is not None:
                last = info
            if op in COMPARISON and swap:
                result = value
            if node.return_bool:
                result, keep = (1.0 if keep else 0.0), True
            if keep:
                out.append((labels.without_name() if drop_name else labels, result))
    else:
        assert node.matching is not None
        plan = pair_plan(lhs, rhs, node.matching, arithmetic, node.return_bool, ev.memo)
        for i, j, metric in plan:
            a, b = operand(lhs, i, node.matching), operand(rhs, j, node.matching)
            try:
                keep, result, info = element(op, a, b)
            except _Dropped as err:
                last = (err.kind, err.message)
                continue
            if info is not None:
                last = info
            if node.return_bool:
                result, keep = (1.0 if keep else 0.0), True
            if keep:
                out.append((metric, result))
    if last is not None:
        ev.note(last[0], last[1], pos)
    return unique(out)


def negate(vec: Vec) -> Vec:
    """Unary minus: a histogram is scaled by -1 (and becomes a gauge)."""
    return [(labels.without_name(), v.scaled(-1.0) if v.__class__ is FloatHistogram else -v)
            for labels, v in vec]  # fmt: skip
