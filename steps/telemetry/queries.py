"""A query and its expected value in one sentence: "the query '…' returns 50"."""

from __future__ import annotations

from kubeloop.harness.registry import then
from kubeloop.harness.world import World
from kubeloop.steps.telemetry.series import evaluate, result_is_empty, single_value
from kubeloop.steps.telemetry.support import matches, parse_number, show

_QUERY = "[the ][PromQL ]<query|expression> {expr:promql}"
_GIVES = "<returns|gives|is|equals|evaluates to|yields>"


def _now(world: World, expr: str) -> None:
    """Evaluate EXPR now; an expression the engine rejects fails this step."""
    evaluate(world, expr, None)
    if world.error is not None:
        raise world.fail(f'"{expr}" to evaluate', str(world.take_error()))


@then(
    _QUERY + " " + _GIVES + " {value:number}",
    "the query 'sum(rate(http_requests_total[5m]))' returns 50",
    'the query "up" is 1',
    "the PromQL expression `sum(up)` evaluates to 2",
)
def query_returns(world: World, expr: str, value: str) -> None:
    """EXPR, evaluated now, gives one number equal to VALUE (rounded to the decimals written)."""
    _now(world, expr)
    _, got = single_value(world, value)
    if not matches(value, got):
        raise world.fail(f'"{expr}" = {value}', show(got))


@then(
    _QUERY + " " + _GIVES + " [a value ]between {low:number} and {high:number}",
    "the query 'histogram_quantile(0.99, sum by (le) (rate(x_bucket[5m])))' is between "
    "0.25 and 0.5",
)
def query_between(world: World, expr: str, low: str, high: str) -> None:
    """EXPR, evaluated now, gives one number from LOW to HIGH (both included)."""
    _now(world, expr)
    _, got = single_value(world, f"between {low} and {high}")
    if not parse_number(low) <= got <= parse_number(high):
        raise world.fail(f'"{expr}" between {low} and {high}', show(got))


@then(
    _QUERY + " <returns nothing|returns no result|is empty|gives nothing|gives no result>",
    "the query 'up{job=\"gone\"}' returns nothing",
)
def query_empty(world: World, expr: str) -> None:
    """EXPR, evaluated now, gives an empty vector."""
    _now(world, expr)
    result_is_empty(world)
