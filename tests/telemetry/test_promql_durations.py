"""Duration expressions (promql/durations.go, generated_parser.y's duration_expr)."""

from __future__ import annotations

import pytest

from kubeloop.telemetry.promql import PromQLError, ast, evaluate, evaluate_range, parse
from kubeloop.telemetry.series import Labels, SeriesStore


@pytest.mark.parametrize(
    ("text", "range_ms"),
    [
        ("x[5m+1m]", 360_000),
        ("x[60*30]", 1_800_000),
        ("x[-5m+35m]", 1_800_000),
        ("x[1h30m % 1h]", 1_800_000),
        ("x[(9m30s+30s)*3]", 1_800_000),
        ("x[2^3]", 8_000),
        ("x[-2^2+10]", 6_000),  # a sign binds looser than ^: -(2^2)
        ("x[min_of(5m, 1h)]", 300_000),
        ("x[0.0015+0]", 1),  # seconds truncated to whole milliseconds
    ],
)
def test_ranges_are_worked_out(text: str, range_ms: int) -> None:
    node = parse(text)
    assert isinstance(node, ast.MatrixSelector)
    assert node.range_ms == range_ms
    assert node.range_expr is None


def test_offset_takes_one_operand() -> None:
    plain = parse("x offset 100 + 2")
    assert isinstance(plain, ast.Binary)
    assert isinstance(plain.lhs, ast.VectorSelector) and plain.lhs.offset_ms == 100_000
    grouped = parse("x offset (100 + 2)")
    assert isinstance(grouped, ast.VectorSelector) and grouped.offset_ms == 102_000
    negative = parse("x offset -(2*2)")
    assert isinstance(negative, ast.VectorSelector) and negative.offset_ms == -4_000


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x[1/0]", "division by zero"),
        ("x[5m%0]", "modulo by zero"),
        ("x[5m+]", "expected a duration"),
        ("x[0]", "range duration must be greater than 0"),
    ],
)
def test_bad_duration_expressions_are_parse_errors(text: str, message: str) -> None:
    with pytest.raises(PromQLError, match=message):
        parse(text)


def test_a_refused_value_fails_when_the_query_runs() -> None:
    node = parse("x[5m-5m]")  # parses, as in Prometheus, and fails when evaluated
    with pytest.raises(PromQLError, match="duration must be greater than 0"):
        evaluate(node, SeriesStore(), 0)


def test_step_and_range_are_the_querys() -> None:
    store = SeriesStore()
    for t in range(0, 61):
        store.append(Labels.of(name="m"), t * 1000, float(t))
    result = evaluate_range("count_over_time(m[step()])", store, 50_000, 60_000, 10_000)
    assert [p[1] for p in result[0].points] == [10.0, 10.0]
    with pytest.raises(PromQLError, match="greater than 0"):
        evaluate("count_over_time(m[step()])", store, 50_000)  # an instant query's step is 0
    shifted = evaluate_range("m offset range()", store, 50_000, 60_000, 5_000)
    assert [p[1] for p in shifted[0].points] == [40.0, 45.0, 50.0]
