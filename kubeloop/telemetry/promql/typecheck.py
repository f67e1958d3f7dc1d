"""The type rules of promql/parser/parse.go (checkAST) for operators and calls."""

from __future__ import annotations

from typing import Protocol

from kubeloop.telemetry.promql import ast
from kubeloop.telemetry.promql.errors import PromQLError
from kubeloop.telemetry.promql.lexer import Token
from kubeloop.telemetry.promql.signatures import FUNCTIONS

SET_OPS = frozenset({"and", "or", "unless"})
COMPARISONS = frozenset({"==", "!=", "<=", "<", ">=", ">"})


class _Errors(Protocol):
    def error(self, message: str, tok: Token) -> PromQLError: ...


def documented(value_type: str) -> str:
    return {"vector": "instant vector", "matrix": "range vector"}.get(value_type, value_type)


def check_binary(
    p: _Errors,
    op: str,
    lhs: ast.Expr,
    rhs: ast.Expr,
    return_bool: bool,
    matching: ast.VectorMatching | None,
    tok: Token,
) -> ast.Binary:
    for side in (lhs, rhs):
        if side.type not in ("scalar", "vector"):
            raise p.error(
                "binary expression must contain only scalar and instant vector types, got "
                f"{documented(side.type)}",
                tok,
            )
    both_vectors = lhs.type == "vector" and rhs.type == "vector"
    if op in SET_OPS and not both_vectors:
        raise p.error(f'set operator "{op}" not allowed in binary scalar expression', tok)
    if op in COMPARISONS and lhs.type == "scalar" and rhs.type == "scalar" and not return_bool:
        raise p.error("comparisons between scalars must use BOOL modifier", tok)
    if not both_vectors:
        if matching is not None and (matching.labels or matching.include):
            raise p.error("vector matching only allowed between instant vectors", tok)
        matching = None
    elif matching is None:
        card: ast.Card = "many-to-many" if op in SET_OPS else "one-to-one"
        matching = ast.VectorMatching(card, False, ())
    elif op in SET_OPS:
        matching = ast.VectorMatching("many-to-many", matching.on, matching.labels)
    result: ast.ValueType = "scalar" if lhs.type == rhs.type == "scalar" else "vector"
    return ast.Binary(op, lhs, rhs, return_bool, matching, tok.pos, type=result)


def check_call(p: _Errors, name: str, args: tuple[ast.Expr, ...], tok: Token) -> ast.Call:
    types, variadic, returns = FUNCTIONS[name]
    count = len(args)
    if variadic == 0 and count != len(types):
        raise p.error(f'expected {len(types)} argument(s) in call to "{name}", got {count}', tok)
    if variadic != 0:
        least = len(types) - 1
        if count < least:
            raise p.error(
                f'expected at least {least} argument(s) in call to "{name}", got {count}', tok
            )
        if variadic > 0 and count > least + variadic:
            raise p.error(
                f'expected at most {least + variadic} argument(s) in call to "{name}", got {count}',
                tok,
            )
    for i, arg in enumerate(args):
        want = types[min(i, len(types) - 1)]
        if arg.type != want:
            raise p.error(
                f'expected type {documented(want)} in call to function "{name}", got '
                f"{documented(arg.type)}",
                _at(arg, tok),
            )
    return ast.Call(name, args, tok.pos, type=returns)


def _at(expr: ast.Expr, fallback: Token) -> Token:
    return Token(fallback.kind, fallback.text, expr.pos)
