"""A recursive-descent PromQL parser with Prometheus' precedence and type checks.

Every error names the position it found and what it expected; nesting is bounded so hostile
text cannot exhaust the stack.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Final

from kubeloop.telemetry.durations import parse_duration
from kubeloop.telemetry.promql import ast, durationexpr
from kubeloop.telemetry.promql.errors import PromQLError
from kubeloop.telemetry.promql.features import (
    EVERYTHING,
    EXPERIMENTAL_AGGREGATORS,
    EXPERIMENTAL_FUNCTIONS,
    Features,
)
from kubeloop.telemetry.promql.lexer import Token, tokenize
from kubeloop.telemetry.promql.literals import parse_number
from kubeloop.telemetry.promql.selectors import SelectorParser
from kubeloop.telemetry.promql.signatures import AGGREGATORS, FUNCTIONS
from kubeloop.telemetry.promql.typecheck import check_binary, check_call, documented

MAX_DEPTH: Final = 100
"""Nesting deeper than this is refused (Python's stack is the bound, not the grammar)."""
PRECEDENCE: Final = {
    "or": 1, "and": 2, "unless": 2,
    "==": 3, "!=": 3, "<=": 3, "<": 3, ">=": 3, ">": 3, "</": 3, ">/": 3,
    "+": 4, "-": 4, "*": 5, "/": 5, "%": 5, "atan2": 5, "^": 6,
}  # fmt: skip
_UNARY_PRECEDENCE: Final = 6  # a unary sign binds like '*', looser than '^'
_KEYWORD_OPS: Final = frozenset({"and", "or", "unless", "atan2"})
_FILLS: Final = frozenset({"fill", "fill_left", "fill_right"})


def parse(text: str, features: Features = EVERYTHING) -> ast.Expr:
    """Parse PromQL text into a typed tree, or raise PromQLError pointing at the problem;
    ``features`` is the experimental syntax accepted (promtool's ``--enable-feature``)."""
    if not isinstance(text, str):
        raise PromQLError(f"a PromQL expression must be text, not {type(text).__name__}")
    parser = _Parser(text, tokenize(text), features)
    if parser.peek().kind == "EOF":
        raise PromQLError("no expression found in input", text, 0)
    try:
        expr = parser.expression(0)
    except RecursionError:
        raise PromQLError(f"expression nested too deeply (at most {MAX_DEPTH} levels)") from None
    end = parser.peek()
    if end.kind != "EOF":
        raise parser.error(f"unexpected {parser.describe(end)}", end)
    return expr


class _Parser(SelectorParser):
    def __init__(self, text: str, tokens: list[Token], features: Features) -> None:
        super().__init__(text, tokens)
        self.depth = 0
        self.features = features

    def expression(self, min_prec: int) -> ast.Expr:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.error(f"expression nested more than {MAX_DEPTH} levels deep", self.peek())
        try:
            lhs = self.unary()
            while True:
                tok = self.peek()
                op = self.binary_op(tok)
                if op is None or PRECEDENCE[op] < min_prec:
                    return lhs
                self.advance()
                return_bool, matching = self.bin_modifiers(op)
                next_prec = PRECEDENCE[op] if op == "^" else PRECEDENCE[op] + 1
                rhs = self.expression(next_prec)
                lhs = check_binary(self, op, lhs, rhs, return_bool, matching, tok)
        finally:
            self.depth -= 1

    def binary_op(self, tok: Token) -> str | None:
        if tok.kind == "OP" and tok.text in PRECEDENCE:
            return tok.text
        if tok.kind == "IDENT" and tok.text.lower() in _KEYWORD_OPS:
            return tok.text.lower()
        return None

    def bin_modifiers(self, op: str) -> tuple[bool, ast.VectorMatching | None]:
        return_bool, matching = self.bin_matching(op)
        fills: dict[str, float] = {}
        while (tok := self.peek()).kind == "IDENT" and tok.text.lower() in _FILLS:
            word = tok.text.lower()
            if self.peek(1).kind != "(" or word in fills or (fills and word == "fill"):
                break
            if not self.features.fill_modifiers:
                raise self.error("binop fill modifiers are experimental and not enabled", tok)
            self.advance()
            fills[word] = self.fill_value()
            if word == "fill":
                break
        if not fills:
            return return_bool, matching
        both = fills.get("fill")
        base = matching or ast.VectorMatching("one-to-one", False, ())
        return return_bool, replace(base, fill_left=fills.get("fill_left", both),
                                    fill_right=fills.get("fill_right", both))  # fmt: skip

    def fill_value(self) -> float:
        """``( [sign] number )`` after ``fill``, ``fill_left`` or ``fill_right``."""
        self.expect("(", "'(' after the fill modifier")
        sign = 1.0
        if self.peek().kind == "OP" and self.peek().text in ("+", "-"):
            sign = -1.0 if self.advance().text == "-" else 1.0
        tok = self.peek()
        if tok.kind in ("NUMBER", "DURATION") or (
            tok.kind == "IDENT" and tok.text.lower() in ("inf", "nan")
        ):
            self.advance()
            value = self.number_value(tok) if tok.kind != "IDENT" else float(tok.text.lower())
        else:
            raise self.error(f"unexpected {self.describe(tok)}; expected a fill value", tok)
        self.expect(")", "')' closing the fill value")
        return sign * value

    def bin_matching(self, op: str) -> tuple[bool, ast.VectorMatching | None]:
        return_bool = False
        if self.peek_ident("bool"):
            bool_tok = self.advance()
            if op not in ("==", "!=", "<=", "<", ">=", ">"):
                raise self.error("bool modifier can only be used on comparison operators", bool_tok)
            return_bool = True
        if not (self.peek_ident("on") or self.peek_ident("ignoring")):
            if self.peek_ident("group_left") or self.peek_ident("group_right"):
                raise self.error("group_left/group_right need on(…) or ignoring(…) before them",
                                 self.peek())  # fmt: skip
            return return_bool, None
        on = self.advance().text.lower() == "on"
        labels = self.label_list()
        card: ast.Card = "one-to-one"
        include: tuple[str, ...] = ()
        if self.peek_ident("group_left") or self.peek_ident("group_right"):
            group_tok = self.advance()
            card = "many-to-one" if group_tok.text.lower() == "group_left" else "one-to-many"
            if self.peek().kind == "(":
                include = self.label_list()
            if op in ("and", "or", "unless"):
                raise self.error(f'no grouping allowed for "{op}" operation', group_tok)
            if on:
                for name in include:
                    if name in labels:
                        raise self.error(
                            f'label "{name}" must not occur in ON and GROUP clause at once',
                            group_tok,
                        )
        return return_bool, ast.VectorMatching(card, on, labels, include)

    def unary(self) -> ast.Expr:
        tok = self.peek()
        if tok.kind == "OP" and tok.text in ("+", "-"):
            self.advance()
            operand = self.expression(_UNARY_PRECEDENCE)
            if operand.type not in ("scalar", "vector"):
                raise self.error(
                    "unary expression only allowed on expressions of type scalar or instant "
                    f"vector, got {documented(operand.type)}",
                    tok,
                )
            if tok.text == "+":
                return operand
            if isinstance(operand, ast.NumberLiteral):
                return ast.NumberLiteral(-operand.value, tok.pos)
            return ast.Unary("-", operand, tok.pos, type=operand.type)
        return self.postfix(self.primary())

    def postfix(self, expr: ast.Expr) -> ast.Expr:
        while True:
            tok = self.peek()
            if tok.kind == "[":
                expr = self.range_or_subquery(expr, tok)
            elif self.peek_ident("offset"):
                self.advance()
                expr = self.offset(expr, tok)
            elif tok.kind == "@":
                self.advance()
                expr = self.with_at(expr, self.at_value(), tok)
            elif self.peek_ident("anchored") or self.peek_ident("smoothed"):
                self.advance()
                expr = self.with_extended(expr, tok.text.lower(), tok)
            else:
                return expr

    def with_extended(self, expr: ast.Expr, word: str, tok: Token) -> ast.Expr:
        """``anchored``/``smoothed`` after a selector (parse.go ``setAnchored``/``setSmoothed``)."""
        if not self.features.extended_range_selectors:
            raise self.error(f"{word} modifier is experimental and not enabled", tok)
        target = expr.selector if isinstance(expr, ast.MatrixSelector) else expr
        if isinstance(target, ast.Subquery):
            raise self.error(f"{word} modifier is not supported for subqueries", tok)
        if not isinstance(target, ast.VectorSelector):
            raise self.error(f"{word} modifier not implemented", tok)
        if target.anchored or target.smoothed:
            raise self.error("anchored and smoothed modifiers cannot be used together", tok)
        flagged = replace(target, anchored=word == "anchored", smoothed=word == "smoothed")
        return replace(expr, selector=flagged) if isinstance(expr, ast.MatrixSelector) else flagged

    def offset(self, expr: ast.Expr, tok: Token) -> ast.Expr:
        first = self.peek()
        operand = self.peek(1) if first.kind == "OP" and first.text in ("+", "-") else first
        if operand.kind in ("NUMBER", "DURATION"):
            return self.with_offset(expr, self.signed_duration(), tok)
        kept = self.duration_expression(durationexpr.parse_offset)
        offset_ms = durationexpr.fold(kept, negative_ok=True)
        if offset_ms is not None:
            return self.with_offset(expr, offset_ms, tok)
        return self.with_offset(expr, 0, tok, kept)

    def duration_expression(
        self, parse_with: Callable[[SelectorParser], ast.DurationExpr]
    ) -> ast.DurationExpr:
        start = self.peek()
        kept = parse_with(self)
        if not self.features.duration_expressions:
            raise self.error("experimental duration expression is not enabled", start)
        return kept

    def duration_operand(self, what: str) -> tuple[int, ast.DurationExpr | None]:
        """A range or subquery step: a literal, or a duration expression."""
        start = self.peek()
        if start.kind in ("NUMBER", "DURATION") and self.peek(1).kind in ("]", ":"):
            return self.duration(what), None
        kept = self.duration_expression(durationexpr.parse_expr)
        ms = durationexpr.fold(kept, negative_ok=False)
        if ms is None and durationexpr.is_literal(kept):
            raise self.error(f"{what} duration must be greater than 0", start)
        return (0, kept) if ms is None else (ms, None)

    def range_or_subquery(self, expr: ast.Expr, tok: Token) -> ast.Expr:
        self.advance()
        range_ms, range_expr = self.duration_operand("range")
        if self.peek().kind == ":":
            self.advance()
            step_ms, step_expr = 0, None
            if self.peek().kind != "]":
                step_ms, step_expr = self.duration_operand("subquery step")
            self.expect("]", "closing ']' of the subquery")
            if expr.type != "vector":
                raise self.error(
                    f"subquery is only allowed on instant vector, got {documented(expr.type)}",
                    tok,
                )
            return ast.Subquery(expr, range_ms, step_ms, expr.pos, range_expr=range_expr,
                                step_expr=step_expr)  # fmt: skip
        self.expect("]", "closing ']' of the range")
        if not isinstance(expr, ast.VectorSelector):
            raise self.error(
                "ranges only allowed for vector selectors (use a subquery, [5m:1m], otherwise)",
                tok,
            )
        if expr.offset_ms or expr.offset_expr is not None or expr.at is not None:
            raise self.error("no offset or @ modifiers allowed before range", tok)
        return ast.MatrixSelector(expr, range_ms, expr.pos, range_expr=range_expr)

    def primary(self) -> ast.Expr:
        tok = self.peek()
        if tok.kind in ("NUMBER", "DURATION"):
            self.advance()
            return ast.NumberLiteral(self.number_value(tok), tok.pos)
        if tok.kind == "STRING":
            self.advance()
            return ast.StringLiteral(tok.value, tok.pos)
        if tok.kind == "(":
            self.advance()
            inner = self.expression(0)
            self.expect(")", "closing ')'")
            return ast.Paren(inner, tok.pos, type=inner.type)
        if tok.kind == "{":
            return self.vector_selector(None)
        if tok.kind == "IDENT":
            return self.identifier(tok)
        raise self.error(f"unexpected {self.describe(tok)}; expected an expression", tok)

    def identifier(self, tok: Token) -> ast.Expr:
        word = tok.text
        after = self.peek(1)
        if word.lower() in ("inf", "nan"):
            self.advance()
            return ast.NumberLiteral(math.inf if word.lower() == "inf" else math.nan, tok.pos)
        lower = word.lower()
        if lower in AGGREGATORS and (
            after.kind == "(" or (after.kind == "IDENT" and after.text.lower() in ("by", "without"))
        ):
            return self.aggregate(tok)
        if after.kind == "(":
            return self.call(tok)
        if lower in ("bool", "on", "ignoring", "group_left", "group_right", "atan2"):
            raise self.error(f"unexpected keyword {word!r}; expected an expression", tok)
        return self.vector_selector(tok)

    def call(self, tok: Token) -> ast.Expr:
        name = tok.text
        if name not in FUNCTIONS:
            raise self.error(f"unknown function with name {name!r}", tok)
        if name in EXPERIMENTAL_FUNCTIONS and not self.features.experimental_functions:
            raise self.error(f'function "{name}" is not enabled', tok)
        self.advance()
        self.expect("(", "'('")
        args: list[ast.Expr] = []
        while self.peek().kind != ")":
            if name == "info" and len(args) == 1:
                args.append(self.info_labels())
            else:
                args.append(self.expression(0))
            if self.peek().kind != ",":
                break
            self.advance()
        self.expect(")", f"')' or ',' in the call to {name}()")
        return check_call(self, name, tuple(args), tok)

    def info_labels(self) -> ast.Expr:
        """info()'s second argument: label selectors only, which may all match empty."""
        tok = self.peek()
        if tok.kind == "{":
            return self.vector_selector(None, any_matchers=True)
        arg = self.expression(0)
        if arg.type != "vector":
            raise self.error(
                f'expected type instant vector in call to function "info", got '
                f"{documented(arg.type)}",
                tok,
            )
        if isinstance(arg, ast.VectorSelector):
            raise self.error("expected label selectors only, got vector selector instead", tok)
        raise self.error("expected label selectors only", tok)

    def aggregate(self, tok: Token) -> ast.Expr:
        op = tok.text.lower()
        if op in EXPERIMENTAL_AGGREGATORS and not self.features.experimental_functions:
            raise self.error(
                f"{op}() is experimental and must be enabled with "
                "--enable-feature=promql-experimental-functions",
                tok,
            )
        self.advance()
        grouping: tuple[str, ...] = ()
        without = False
        seen_modifier = False
        if self.peek_ident("by") or self.peek_ident("without"):
            without = self.advance().text.lower() == "without"
            grouping = self.label_list()
            seen_modifier = True
        open_tok = self.expect("(", f"'(' after {op}")
        args: list[ast.Expr] = []
        while self.peek().kind != ")":
            args.append(self.expression(0))
            if self.peek().kind != ",":
                break
            self.advance()
        self.expect(")", f"')' closing {op}(…)")
        if not seen_modifier and (self.peek_ident("by") or self.peek_ident("without")):
            without = self.advance().text.lower() == "without"
            grouping = self.label_list()
        param_type = AGGREGATORS[op]
        wanted = 1 if param_type is None else 2
        if len(args) != wanted:
            raise self.error(
                f"wrong number of arguments for aggregate expression provided, expected "
                f"{wanted}, got {len(args)}",
                open_tok,
            )
        param = args[0] if param_type is not None else None
        expr = args[-1]
        if param is not None and param.type != param_type:
            raise self.error(
                f"expected type {documented(param_type or '')} in aggregation parameter, got "
                f"{documented(param.type)}",
                open_tok,
            )
        if expr.type != "vector":
            raise self.error(
                "expected type instant vector in aggregation expression, got "
                f"{documented(expr.type)}",
                open_tok,
            )
        return ast.Aggregate(op, expr, param, grouping, without, tok.pos)

    def number_value(self, tok: Token) -> float:
        try:
            if tok.kind == "DURATION":
                return parse_duration(tok.text) / 1000
            return parse_number(tok.text)
        except ValueError as err:
            raise self.error(f"error parsing number: {err}", tok) from None
