"""Token helpers and the selector part of the grammar: matchers, durations, offset and @."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Final

from kubeloop.telemetry.durations import parse_duration
from kubeloop.telemetry.promql import ast
from kubeloop.telemetry.promql.errors import PromQLError, UnsupportedError
from kubeloop.telemetry.promql.functions.labelfuncs import valid_utf8
from kubeloop.telemetry.promql.lexer import Token
from kubeloop.telemetry.promql.literals import parse_number
from kubeloop.telemetry.series import METRIC_NAME, InvalidRegexError, Matcher, MatchOp

MAX_MATCHERS: Final = 64
_MATCH_OPS: Final = {"=": MatchOp.EQUAL, "!=": MatchOp.NOT_EQUAL, "=~": MatchOp.REGEX,
                     "!~": MatchOp.NOT_REGEX}  # fmt: skip
_NOT_LABELS: Final = frozenset({"bool", "on", "ignoring", "group_left", "group_right"})
MAX_AT_SECONDS: Final = 2**53 / 1000


class SelectorParser:
    def __init__(self, text: str, tokens: list[Token]) -> None:
        self.text = text
        self.tokens = tokens
        self.i = 0

    def peek(self, ahead: int = 0) -> Token:
        return self.tokens[min(self.i + ahead, len(self.tokens) - 1)]

    def advance(self) -> Token:
        tok = self.tokens[self.i]
        if tok.kind != "EOF":
            self.i += 1
        return tok

    def peek_ident(self, word: str) -> bool:
        tok = self.peek()
        return tok.kind == "IDENT" and tok.text.lower() == word

    def error(self, message: str, tok: Token) -> PromQLError:
        return PromQLError(message, self.text, tok.pos)

    def describe(self, tok: Token) -> str:
        if tok.kind == "EOF":
            return "end of input"
        if tok.kind == "IDENT":
            return f"identifier {tok.text!r}"
        if tok.kind in ("NUMBER", "DURATION", "STRING"):
            return f"{tok.kind.lower()} {tok.text}"
        return repr(tok.text)

    def expect(self, kind: str, what: str) -> Token:
        tok = self.peek()
        if tok.kind != kind:
            raise self.error(f"unexpected {self.describe(tok)}; expected {what}", tok)
        return self.advance()

    def label_name(self) -> str:
        tok = self.peek()
        if tok.kind == "STRING":
            if not valid_utf8(tok.value):  # Prometheus: model.LabelName(...).IsValid()
                raise self.error(f"invalid label name {tok.text[:40]}: not valid UTF-8", tok)
            self.advance()
            return tok.value
        if tok.kind == "IDENT" and ":" not in tok.text and tok.text.lower() not in _NOT_LABELS:
            self.advance()
            return tok.text
        raise self.error(f"unexpected {self.describe(tok)}; expected a label name", tok)

    def label_list(self) -> tuple[str, ...]:
        self.expect("(", "'(' before the label list")
        names: list[str] = []
        while self.peek().kind != ")":
            names.append(self.label_name())
            if self.peek().kind != ",":
                break
            self.advance()
        self.expect(")", "',' or ')' in the label list")
        return tuple(names)

    def vector_selector(
        self, name_tok: Token | None, any_matchers: bool = False
    ) -> ast.VectorSelector:
        """``any_matchers``: every matcher may accept the empty value (info()'s labels)."""
        start = name_tok or self.peek()
        name = ""
        matchers: list[Matcher] = []
        if name_tok is not None:
            self.advance()
            name = name_tok.text
        if self.peek().kind == "{":
            matchers = self.matchers(name)
        if name:
            matchers.insert(0, Matcher(METRIC_NAME, MatchOp.EQUAL, name))
        if not any_matchers and not any(not m.matches("") for m in matchers):
            raise self.error("vector selector must contain at least one non-empty matcher", start)
        name = next((m.value for m in matchers if m.name == METRIC_NAME
                     and m.op is MatchOp.EQUAL), name)  # fmt: skip
        return ast.VectorSelector(name, tuple(matchers), start.pos)

    def matchers(self, outer_name: str) -> list[Matcher]:
        self.advance()
        found: list[Matcher] = []
        while self.peek().kind != "}":
            tok = self.peek()
            if len(found) >= MAX_MATCHERS:
                raise self.error(f"more than {MAX_MATCHERS} label matchers", tok)
            if tok.kind == "STRING" and self.peek(1).kind in (",", "}"):
                self.advance()
                found.append(self.named(outer_name, tok, tok.value))
            else:
                label = self.label_name()
                op_tok = self.advance()
                op = _MATCH_OPS.get(op_tok.text) if op_tok.kind in ("OP", "=") else None
                if op is None:
                    raise self.error(
                        f"unexpected {self.describe(op_tok)} in label matching, expected one "
                        "of =, !=, =~ or !~",
                        op_tok,
                    )
                value_tok = self.expect("STRING", "a quoted label value")
                if label == METRIC_NAME and outer_name:
                    raise self.error(
                        f'metric name must not be set twice: "{outer_name}" or "{value_tok.value}"',
                        tok,
                    )
                try:
                    found.append(Matcher(label, op, value_tok.value))
                except InvalidRegexError as err:
                    raise self.error(str(err), value_tok) from None
            if self.peek_ident("or"):
                raise UnsupportedError("'or' between label matchers is not supported",
                                       self.text, self.peek().pos)  # fmt: skip
            if self.peek().kind != ",":
                break
            self.advance()
        self.expect("}", "',' or '}' in the label matchers")
        return found

    def named(self, outer_name: str, tok: Token, value: str) -> Matcher:
        if outer_name:
            raise self.error(f'metric name must not be set twice: "{outer_name}" or "{value}"', tok)
        return Matcher(METRIC_NAME, MatchOp.EQUAL, value)

    def duration(self, what: str) -> int:
        tok = self.peek()
        if tok.kind not in ("DURATION", "NUMBER"):
            raise self.error(f"unexpected {self.describe(tok)}; expected a {what} duration", tok)
        self.advance()
        ms = self.duration_value(tok)
        if ms <= 0:
            raise self.error(f"{what} duration must be greater than 0", tok)
        return ms

    def duration_value(self, tok: Token) -> int:
        try:
            if tok.kind == "DURATION":
                return parse_duration(tok.text)
            seconds = parse_number(tok.text)
        except ValueError as err:
            raise self.error(str(err), tok) from None
        if not math.isfinite(seconds) or abs(seconds) > 2**53 / 1000:
            raise self.error(f"duration {tok.text} is out of range", tok)
        return round(seconds * 1000)

    def signed_duration(self) -> int:
        sign = 1
        tok = self.peek()
        if tok.kind == "OP" and tok.text in "+-":
            self.advance()
            sign = -1 if tok.text == "-" else 1
        tok = self.peek()
        if tok.kind not in ("DURATION", "NUMBER"):
            raise self.error(f"unexpected {self.describe(tok)} in offset; expected a duration",
                             tok)  # fmt: skip
        self.advance()
        return sign * self.duration_value(tok)

    def at_value(self) -> ast.At:
        tok = self.peek()
        if tok.kind == "IDENT" and tok.text in ("start", "end") and self.peek(1).kind == "(":
            self.advance()
            self.advance()
            self.expect(")", f"')' after @ {tok.text}(")
            return ast.At(tok.text)  # type: ignore[arg-type]
        sign = 1.0
        if tok.kind == "OP" and tok.text in "+-":
            self.advance()
            sign = -1.0 if tok.text == "-" else 1.0
            tok = self.peek()
        if tok.kind not in ("NUMBER", "DURATION"):
            raise self.error(f"unexpected {self.describe(tok)} after @; expected a timestamp, "
                             "start() or end()", tok)  # fmt: skip
        self.advance()
        try:
            seconds = sign * (parse_duration(tok.text) / 1000 if tok.kind == "DURATION"
                              else parse_number(tok.text))  # fmt: skip
        except ValueError as err:
            raise self.error(str(err), tok) from None
        if not math.isfinite(seconds) or abs(seconds) >= MAX_AT_SECONDS:
            raise self.error(f"timestamp out of bounds for @ modifier: {seconds:f}", tok)
        return ast.At("time", round(seconds * 1000))

    def with_offset(
        self, expr: ast.Expr, offset_ms: int, tok: Token, kept: ast.DurationExpr | None = None
    ) -> ast.Expr:
        """``kept``: an offset worked out when the query runs (``durationexpr``)."""
        target = expr.selector if isinstance(expr, ast.MatrixSelector) else expr
        if not isinstance(target, (ast.VectorSelector, ast.Subquery)):
            raise self.error("offset modifier must be preceded by an instant vector selector "
                             "or range vector selector or a subquery", tok)  # fmt: skip
        if target.offset_ms or target.offset_expr is not None:
            raise self.error("offset may not be set multiple times", tok)
        return _rewrap(expr, replace(target, offset_ms=offset_ms, offset_expr=kept))

    def with_at(self, expr: ast.Expr, at: ast.At, tok: Token) -> ast.Expr:
        target = expr.selector if isinstance(expr, ast.MatrixSelector) else expr
        if not isinstance(target, (ast.VectorSelector, ast.Subquery)):
            raise self.error("@ modifier must be preceded by an instant vector selector or "
                             "range vector selector or a subquery", tok)  # fmt: skip
        if target.at is not None:
            raise self.error("@ <timestamp> may not be set multiple times", tok)
        return _rewrap(expr, replace(target, at=at))


def _rewrap(expr: ast.Expr, target: ast.VectorSelector | ast.Subquery) -> ast.Expr:
    if isinstance(expr, ast.MatrixSelector) and isinstance(target, ast.VectorSelector):
        return replace(expr, selector=target)
    return target
