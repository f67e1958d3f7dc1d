"""The PromQL parser: precedence, literals, modifiers, and clear errors on bad or hostile text."""

from __future__ import annotations

import math
import time

import pytest

from kubeloop.telemetry.promql import PromQLError, UnsupportedError, ast, parse
from kubeloop.telemetry.promql.features import Features
from kubeloop.telemetry.series import MatchOp


def test_precedence_and_associativity_follow_prometheus() -> None:
    node = parse("a + b * c ^ d ^ e")
    assert isinstance(node, ast.Binary) and node.op == "+"
    mul = node.rhs
    assert isinstance(mul, ast.Binary) and mul.op == "*"
    power = mul.rhs
    assert isinstance(power, ast.Binary) and power.op == "^"
    assert isinstance(power.rhs, ast.Binary) and power.rhs.op == "^"  # right-associative
    unary = parse("-a ^ 2")  # -(a^2), as in Prometheus
    assert isinstance(unary, ast.Unary) and isinstance(unary.expr, ast.Binary)
    sets = parse("a or b and c unless d")
    assert isinstance(sets, ast.Binary) and sets.op == "or"
    assert isinstance(sets.rhs, ast.Binary) and sets.rhs.op == "unless"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1h30m", 5400.0),
        ("0x1F", 31.0),
        ("010", 8.0),  # Go's ParseInt with base 0: a leading zero is octal
        ("1_000", 1000.0),
        (".5e1", 5.0),
        ("Inf", math.inf),
        ("-inf", -math.inf),
        ("2.", 2.0),
        ("1 - -1", 2.0),
    ],
)
def test_number_literals(text: str, value: float) -> None:
    node = parse(text)
    if isinstance(node, ast.Binary):
        assert isinstance(node.rhs, ast.NumberLiteral) and node.rhs.value == -1
        return
    assert isinstance(node, ast.NumberLiteral) and node.value == value


def test_nan_literal() -> None:
    node = parse("NaN")
    assert isinstance(node, ast.NumberLiteral) and math.isnan(node.value)


def test_selector_modifiers_and_matching() -> None:
    node = parse('rate(http_requests_total{job=~"a.*", code!="200"}[5m] offset 1m @ 100)')
    assert isinstance(node, ast.Call) and node.func == "rate"
    matrix = node.args[0]
    assert isinstance(matrix, ast.MatrixSelector) and matrix.range_ms == 300_000
    sel = matrix.selector
    assert sel.offset_ms == 60_000 and sel.at == ast.At("time", 100_000)
    assert [(m.name, m.op) for m in sel.matchers] == [
        ("__name__", MatchOp.EQUAL), ("job", MatchOp.REGEX), ("code", MatchOp.NOT_EQUAL)
    ]  # fmt: skip
    joined = parse("a / on (job) group_left (team) b")
    assert isinstance(joined, ast.Binary) and joined.matching == ast.VectorMatching(
        "many-to-one", True, ("job",), ("team",)
    )
    before, after = parse("sum by (job) (x)"), parse("sum(x) by (job)")
    assert isinstance(before, ast.Aggregate) and isinstance(after, ast.Aggregate)
    assert (before.op, before.grouping, before.without) == (after.op, after.grouping, False)
    sub = parse("max_over_time(rate(x[1m])[30m:5m])")
    assert isinstance(sub, ast.Call) and isinstance(sub.args[0], ast.Subquery)


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ("foo{", "expected a label name", 5),
        ("rate(x[5m]", "expected ')'", 11),
        ("x +", "expected an expression", 4),
        ("rate(x)", 'expected type range vector in call to function "rate", got instant vector', 6),
        ("foo(x)", "unknown function with name 'foo'", 1),
        ("1 > 2", "comparisons between scalars must use BOOL modifier", 3),
        ("a and 1", 'set operator "and" not allowed in binary scalar expression', 3),
        ("x + bool y", "bool modifier can only be used on comparison operators", 5),
        ('{a=~".*"}', "vector selector must contain at least one non-empty matcher", 1),
        ("x offset 1m [5m]", "no offset or @ modifiers allowed before range", 13),
        ("rate(x[0s])", "range duration must be greater than 0", 8),
        ("1e400", "value out of range", 1),
        ("x @ 1e30", "timestamp out of bounds for @ modifier", 5),
        ('x{a=~"("}', "invalid regex", 6),
        ('x{a=~"(a)\\\\1"}', "invalid regex", 6),
        ('"a\\q"', "unknown escape sequence", 3),
        ("sum(x, y)", "wrong number of arguments for aggregate expression", 4),
        ("round(x, 1, 2)", 'expected at most 2 argument(s) in call to "round"', 1),
        ("x[5m][5m]", "ranges only allowed for vector selectors", 6),
        ('x{__name__="y"}', "metric name must not be set twice", 3),
        ("a / on (b) group_left (b) c", "must not occur in ON and GROUP clause at once", 12),
        ("x $ y", "unexpected character '$'", 3),
        ("  ", "no expression found in input", 1),
        ("1h5h", "units out of order", 1),
    ],
)
def test_errors_name_the_problem_and_where(text: str, message: str, column: int) -> None:
    with pytest.raises(PromQLError) as caught:
        parse(text)
    assert message in caught.value.message
    assert caught.value.position is not None
    assert f"column {column})" in str(caught.value), str(caught.value)
    assert "^" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "construct"),
    [
        ('{a="b" or c="d"}', "'or' between label matchers"),
    ],
)
def test_unsupported_constructs_are_named(text: str, construct: str) -> None:
    with pytest.raises(UnsupportedError, match=__import__("re").escape(construct)):
        parse(text)


@pytest.mark.parametrize(
    "text",
    [
        "(" * 100_000 + "1" + ")" * 100_000,
        "-" * 50_000 + "1",
        "sum(" * 5_000 + "x" + ")" * 5_000,
        "a" + " + a" * 20_000,
        'x{a=~"(((a{100}){100}){100})"}',
        "1" * 70_000,
        '"' + "\\x" * 1000,
    ],
)
def test_hostile_text_fails_fast_with_a_clear_error(text: str) -> None:
    started = time.process_time()  # CPU time: the machine may be busy with other work
    with pytest.raises(PromQLError):
        parse(text)
    assert time.process_time() - started < 3


def test_non_text_is_refused() -> None:
    with pytest.raises(PromQLError, match="must be text"):
        parse(42)  # type: ignore[arg-type]


def test_multiline_errors_give_the_line() -> None:
    with pytest.raises(PromQLError, match=r"line 3, column 1"):
        parse("sum(\n  x +\n)")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("info(x, y)", "expected label selectors only, got vector selector instead"),
        ("info(x, sum(y))", "expected label selectors only"),
        ("info(x, 1)", 'expected type instant vector in call to function "info", got scalar'),
    ],
)
def test_info_takes_label_selectors_only(text: str, message: str) -> None:
    with pytest.raises(PromQLError, match=message):
        parse(text)


def test_info_labels_may_all_match_empty() -> None:
    node = parse('info(x, {data=~".*"})')
    assert isinstance(node, ast.Call) and isinstance(node.args[1], ast.VectorSelector)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x[5m:1m] anchored", "anchored modifier is not supported for subqueries"),
        ("x[5m] anchored smoothed", "anchored and smoothed modifiers cannot be used together"),
        ("sum(x) smoothed", "smoothed modifier not implemented"),
    ],
)
def test_extended_range_selector_errors(text: str, message: str) -> None:
    with pytest.raises(PromQLError, match=message):
        parse(text, Features(extended_range_selectors=True))
    with pytest.raises(PromQLError, match="is experimental and not enabled"):
        parse(text, Features())
