"""Duration expressions: ``x[5m+1m]``, ``x offset (2m*2)``, ``x[step()]`` (Prometheus 3).

The grammar is ``duration_expr``/``offset_duration_expr`` of promql/parser/generated_parser.y:
numbers are seconds, ``+ - * / % ^`` with PromQL's precedence (``^`` right-associative, a
unary sign looser than ``^``), parentheses, ``step()``, ``range()``, ``min_of(a, b)``,
``max_of(a, b)``. After ``offset`` only one operand is taken — a signed literal, ``step()``,
``range()``, ``min_of``/``max_of(…)`` or ``(…)`` — so ``x offset 100 + 2`` is
``(x offset 100) + 2``. Values follow promql/durations.go: worked out in float seconds,
then truncated to whole milliseconds. An expression that reads ``step()``/``range()``, or
whose value is refused, is kept in the tree (``ast.DurationExpr``) and worked out when the
query runs (``resolve``), where Prometheus reports it too.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any, Final

from kubeloop.telemetry.durations import parse_duration
from kubeloop.telemetry.promql import ast
from kubeloop.telemetry.promql.errors import PromQLError
from kubeloop.telemetry.promql.literals import parse_number

if TYPE_CHECKING:
    from kubeloop.telemetry.promql.selectors import SelectorParser

_PRECEDENCE: Final = {"+": 1, "-": 1, "*": 2, "/": 2, "%": 2, "^": 3}
_UNARY: Final = 3  # a sign takes what '^' binds: -2^2 is -(2^2), -2*2 is (-2)*2
_CALLS: Final = frozenset({"step", "range", "min_of", "max_of"})
_LIMIT_S: Final = 2**63 / 1e9


class DurationValueError(PromQLError):
    """A duration expression's value is refused (zero or negative range, NaN, overflow)."""


def parse_expr(p: SelectorParser, min_prec: int = 0) -> ast.DurationExpr:
    """A whole ``duration_expr`` (inside ``[…]``)."""
    tok = p.peek()
    if tok.kind == "OP" and tok.text in "+-" and len(tok.text) == 1:
        p.advance()
        lhs = ast.DurationExpr(tok.text, tok.pos, rhs=parse_expr(p, _UNARY))
    else:
        lhs = _operand(p)
    while True:
        tok = p.peek()
        prec = _PRECEDENCE.get(tok.text) if tok.kind == "OP" else None
        if prec is None or prec < min_prec:
            return lhs
        p.advance()
        rhs = parse_expr(p, prec if tok.text == "^" else prec + 1)
        if tok.text in "/%" and rhs.op == "num" and rhs.value == 0:
            raise p.error("division by zero" if tok.text == "/" else "modulo by zero", tok)
        lhs = ast.DurationExpr(tok.text, lhs.pos, lhs=lhs, rhs=rhs)


def parse_offset(p: SelectorParser) -> ast.DurationExpr:
    """One ``offset_duration_expr``: an optionally signed operand, nothing after it."""
    tok = p.peek()
    if tok.kind == "OP" and tok.text in ("+", "-"):
        p.advance()
        return ast.DurationExpr(tok.text, tok.pos, rhs=_operand(p))
    return _operand(p)


def _operand(p: SelectorParser) -> ast.DurationExpr:
    tok = p.peek()
    if tok.kind in ("NUMBER", "DURATION"):
        p.advance()
        try:
            if tok.kind == "DURATION":
                value = parse_duration(tok.text) / 1000
            else:
                value = parse_number(tok.text)
        except ValueError as err:
            raise p.error(str(err), tok) from None
        if abs(value) > _LIMIT_S:
            raise p.error("duration out of range", tok)
        return ast.DurationExpr("num", tok.pos, value=value)
    if tok.kind == "(":
        p.advance()
        inner = parse_expr(p)
        p.expect(")", "')' closing the duration expression")
        return inner
    name = tok.text.lower() if tok.kind == "IDENT" else ""
    if name in _CALLS and p.peek(1).kind == "(":
        p.advance()
        p.advance()
        if name in ("step", "range"):
            p.expect(")", f"')' after {name}(")
            return ast.DurationExpr(name, tok.pos)
        lhs = parse_expr(p)
        p.expect(",", f"',' between the arguments of {name}()")
        rhs = parse_expr(p)
        p.expect(")", f"')' closing {name}(")
        return ast.DurationExpr(name, tok.pos, lhs=lhs, rhs=rhs)
    raise p.error(f"unexpected {p.describe(tok)}; expected a duration", tok)


def is_literal(expr: ast.DurationExpr) -> bool:
    """A plain (optionally signed) number or duration: no arithmetic."""
    if expr.op == "num":
        return True
    return expr.op in "+-" and expr.lhs is None and expr.rhs is not None and expr.rhs.op == "num"


def seconds(expr: ast.DurationExpr, step_ms: int, range_ms: int) -> float:
    """The value of ``expr`` in seconds for a query of that step and range."""
    op = expr.op
    if op == "num":
        return expr.value
    if op == "step":
        return step_ms / 1000
    if op == "range":
        return range_ms / 1000
    rhs = seconds(expr.rhs, step_ms, range_ms) if expr.rhs is not None else 0.0
    if expr.lhs is None:
        return -rhs if op == "-" else rhs
    lhs = seconds(expr.lhs, step_ms, range_ms)
    if op in ("/", "%") and rhs == 0:
        word = "division" if op == "/" else "modulo"
        raise DurationValueError(f"{word} by zero in a duration expression")
    return _APPLY[op](lhs, rhs)


def _pow(a: float, b: float) -> float:
    try:
        return math.pow(a, b)
    except (OverflowError, ValueError):
        return math.inf if abs(a) > 1 else math.nan


_APPLY: Final[dict[str, Callable[[float, float], float]]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a / b,
    "%": math.fmod,
    "^": _pow,
    "min_of": min,
    "max_of": max,
}


def to_ms(expr: ast.DurationExpr, step_ms: int, range_ms: int, negative_ok: bool) -> int:
    """promql/durations.go ``calculateDuration``: the value in whole milliseconds."""
    value = seconds(expr, step_ms, range_ms)
    if math.isnan(value) or math.isinf(value):
        raise DurationValueError("duration is NaN or infinite")
    if value <= 0 and not negative_ok:
        raise DurationValueError("duration must be greater than 0")
    if abs(value) > _LIMIT_S:
        raise DurationValueError("duration is out of range")
    return int(value * 1000)


def fold(expr: ast.DurationExpr, negative_ok: bool) -> int | None:
    """The value now, when it needs no query and is accepted; None otherwise."""
    if _dynamic(expr):
        return None
    try:
        return to_ms(expr, 0, 0, negative_ok)
    except DurationValueError:
        return None


def _dynamic(expr: ast.DurationExpr | None) -> bool:
    if expr is None:
        return False
    return expr.op in ("step", "range") or _dynamic(expr.lhs) or _dynamic(expr.rhs)


def resolve(node: Any, step_ms: int, range_ms: int) -> Any:
    """``node`` with every kept duration expression worked out for a query of that step and
    range (the same object when it holds none); raises PromQLError for a refused value."""
    changes: dict[str, Any] = {}
    if isinstance(node, ast.VectorSelector):
        if node.offset_expr is not None:
            changes["offset_ms"] = to_ms(node.offset_expr, step_ms, range_ms, True)
            changes["offset_expr"] = None
    elif isinstance(node, ast.MatrixSelector):
        if node.range_expr is not None:
            changes["range_ms"] = to_ms(node.range_expr, step_ms, range_ms, False)
            changes["range_expr"] = None
    elif isinstance(node, ast.Subquery):
        for name, negative_ok in (("range", False), ("step", False), ("offset", True)):
            kept = getattr(node, f"{name}_expr")
            if kept is not None:
                changes[f"{name}_ms"] = to_ms(kept, step_ms, range_ms, negative_ok)
                changes[f"{name}_expr"] = None
    for f in fields(node):
        child = getattr(node, f.name)
        if isinstance(child, tuple) and child and hasattr(child[0], "pos"):
            new = tuple(resolve(c, step_ms, range_ms) for c in child)
            if any(a is not b for a, b in zip(new, child, strict=True)):
                changes[f.name] = new
        elif hasattr(child, "pos") and hasattr(child, "type"):
            new_child = resolve(child, step_ms, range_ms)
            if new_child is not child:
                changes[f.name] = new_child
    return replace(node, **changes) if changes else node
