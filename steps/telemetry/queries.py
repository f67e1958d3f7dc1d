"""A query and its expected value in one sentence: "the query '…' returns 50", or with the
PromQL written bare: "rate(jobs_total[5m]) is 10", "the value of up{job='web'} is 1",
"the gauge queue_depth is above 5", "sum by (code) (rate(x[5m])) returns:" with a table."""

from __future__ import annotations

from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import then
from kubeloop.harness.world import World
from kubeloop.render.checks import FailedCheck

from .assumed_traffic import query_note
from .series import (
    evaluate,
    result_is_empty,
    result_table,
    single_value,
)
from .telemetry_part import matches, parse_number, require_docstring, show

_QUERY = "[the ][PromQL ]<query|expression> {expr:promql}"
_SUBJECTS = (
    "[the ][PromQL ]<query|expression> {expr:barepromql}",
    "[the value of ]{expr:barepromql}",
    "[the ]<counter|gauge|series|metric> {expr:series}",
    "{expr:ratephrase}",
    "{expr:quotedpromql}",
    "<the result of|the value of|the output of|evaluating|querying|running> [the query ]"
    "{expr:quotedpromql}",
)
"""Other ways to name the expression: bare after "the query", bare, a series by kind, or a
rate in words ("the rate of jobs_total over 5m" is rate(jobs_total[300s]))."""
_PER_SECOND = (
    "[< per second| a second|/s| /s| per sec| requests per second| requests a second| req/s|"
    " rps| requests/s| reqs/s>]"
)
"""A rate's unit, written after its value: it says what rate() gives, so it changes nothing."""
_NOTHING = (
    "<returns nothing|returns no result|returns no results|is empty|gives nothing|gives no "
    "result|gives no results|returns no data|has no data|has no results|returns no series|"
    "returns an empty result|gives an empty result|returns an empty vector|comes back empty|"
    "finds nothing|matches nothing|selects nothing|has no series>"
)
_GIVES = (
    "<returns|gives|is|equals|evaluates to|yields|comes out at|comes out as|comes back as|"
    "comes to|works out to|works out at|reads|comes out|shows|reports|sits at|is at|returns a "
    "value of|has a value of|should be|should equal|should return|must be|≈|~>[ <about|"
    "approximately|roughly|around|close to|near|at about|at around|somewhere around>]"
)
"""Verbs that say what a query gives; "about", "around" (…) match at the decimals written,
as every number in a Then does."""


def _said(rest: str) -> tuple[str, ...]:
    """The variants of a phrase about a quoted query: each other subject, then ``rest``."""
    return tuple(subject + rest for subject in _SUBJECTS)


def _now(world: World, expr: str) -> None:
    """Evaluate EXPR now; an expression the engine rejects fails this step."""
    evaluate(world, expr, None)
    if world.error is not None:
        raise world.fail(f'"{expr}" to evaluate', str(world.take_error()))


@then(
    _QUERY + " " + _GIVES + " {value:number}" + _PER_SECOND,
    "the query 'sum(rate(http_requests_total[5m]))' returns 50",
    'the query "up" is 1',
    "the PromQL expression `sum(up)` evaluates to 2",
    'rate(jobs_total{queue="emails"}[5m]) is 10',
    "the query rate(jobs_total[5m]) returns 10",
    "the value of up{job='web'} is 1",
    "the gauge queue_depth is about 5",
    "the rate of jobs_total over 5m is 10 per second",
    variants=_said(" " + _GIVES + " {value:number}" + _PER_SECOND),
)
def query_returns(world: World, expr: str, value: str) -> None:
    """EXPR, evaluated now, gives one number equal to VALUE (rounded to the decimals written)."""
    _now(world, expr)
    _, got = single_value(world, value)
    if not matches(value, got):
        raise world.fail(
            f'"{expr}" = {value}',
            show(got) + query_note(world, expr),
            FailedCheck("query", expr, "", parse_number(value), got),
        )


@then(
    _QUERY + " " + _GIVES + " [a value ]between {low:number} and {high:number}",
    "the query 'histogram_quantile(0.99, sum by (le) (rate(x_bucket[5m])))' is between "
    "0.25 and 0.5",
    "histogram_quantile(0.9, sum by (le) (rate(x_bucket[5m]))) is between 0.25 and 0.5",
    variants=_said(" " + _GIVES + " [a value ]between {low:number} and {high:number}"),
)
def query_between(world: World, expr: str, low: str, high: str) -> None:
    """EXPR, evaluated now, gives one number from LOW to HIGH (both included)."""
    _now(world, expr)
    _, got = single_value(world, f"between {low} and {high}")
    if not parse_number(low) <= got <= parse_number(high):
        below = got < parse_number(low)
        bound, op = (parse_number(low), ">=") if below else (parse_number(high), "<=")
        raise world.fail(
            f'"{expr}" between {low} and {high}',
            show(got) + query_note(world, expr),
            FailedCheck("query", expr, "", bound, got, op),
        )


@then(
    _QUERY + " " + _NOTHING,
    "the query 'up{job=\"gone\"}' returns nothing",
    'up{job="gone"} returns nothing',
    variants=_said(" " + _NOTHING),
)
def query_empty(world: World, expr: str) -> None:
    """EXPR, evaluated now, gives an empty vector."""
    _now(world, expr)
    result_is_empty(world)


@then(
    _QUERY + " is {bound:comparison} {value:number}" + _PER_SECOND,
    "the query 'job:errors:ratio5m' is above 0.05",
    "rate(jobs_total[5m]) is greater than 5",
    "the gauge queue_depth is at most 10",
    "histogram_quantile(0.99, rate(x_bucket[5m])) < 0.5",
    variants=(
        *_said(" is {bound:comparison} {value:number}" + _PER_SECOND),
        *_said(" <does not exceed|doesn't exceed|is not more than> {value:number}" + _PER_SECOND),
        "{expr:barepromql} {bound:operator} {value:number}",
        "{expr:quotedpromql} {bound:operator} {value:number}",
    ),
)
def query_compares(world: World, expr: str, value: str, bound: str = "<=") -> None:
    """EXPR, evaluated now, gives one number above, below, at least or at most VALUE ("does
    not exceed": at most)."""
    _now(world, expr)
    _, got = single_value(world, f"{bound} {value}")
    holds = matches(value, got) if bound == "==" else compare(got, bound, parse_number(value))
    if not holds:
        raise world.fail(
            f'"{expr}" {bound} {value}',
            show(got) + query_note(world, expr),
            FailedCheck("query", expr, "", parse_number(value), got, bound),
        )


@then(
    _QUERY + " is {bound:comparison} {limit:timevalue}",
    "histogram_quantile(0.5, sum by (le) (rate(x_bucket[5m]))) is under 100ms",
    "the query 'histogram_quantile(0.99, sum by (le) (rate(x_bucket[5m])))' is below 1.5s",
    variants=(
        *_said(" is {bound:comparison} {limit:timevalue}"),
        _QUERY + " is between {low:timevalue} and {high:timevalue}",
        *_said(" is between {low:timevalue} and {high:timevalue}"),
    ),
)
def query_time(
    world: World,
    expr: str,
    bound: str = "",
    limit: float | None = None,
    low: float | None = None,
    high: float | None = None,
) -> None:
    """EXPR, evaluated now, gives one number of seconds (a latency written with its unit:
    100ms is 0.1) above, below, at least or at most LIMIT, or from LOW to HIGH."""
    _now(world, expr)
    _, got = single_value(world, "a latency in seconds")
    if limit is not None and not compare(got, bound, limit):
        raise world.fail(f'"{expr}" {bound} {show(limit)} seconds', f"{show(got)} seconds")
    if low is not None and high is not None and not low <= got <= high:
        raise world.fail(
            f'"{expr}" between {show(low)} and {show(high)} seconds', f"{show(got)} seconds"
        )


@then(
    _QUERY + " <returns|gives|is>:",
    "the query 'sum by (code) (rate(http_requests_total[5m]))' returns:",
    "sum by (code) (rate(http_requests_total[5m])) returns:",
    variants=_said(" <returns|gives|is>:"),
)
def query_table(world: World, expr: str) -> None:
    """EXPR, evaluated now, gives exactly the elements of the table | series | value |."""
    _now(world, expr)
    result_table(world)


_BELOW = (
    "<the query|the PromQL query|the expression|the PromQL expression|this query|the query below|"
    "the expression below>"
)
"""The query named without its PromQL, which is the doc string under the step."""


@then(
    _BELOW + " " + _GIVES + " {value:number}" + _PER_SECOND + "[:]",
    "the query returns about 0.25",
    "the expression below evaluates to 2:",
    variants=(
        _BELOW + " is {bound:comparison} {value:number}" + _PER_SECOND + "[:]",
        _BELOW + " " + _GIVES + " [a value ]between {low:number} and {high:number}[:]",
    ),
)
def docstring_query_returns(
    world: World,
    value: str | None = None,
    bound: str = "==",
    low: str | None = None,
    high: str | None = None,
) -> None:
    """The PromQL of the doc string under the step, evaluated now, gives one number equal to
    VALUE (at the decimals written), compared with it, or from LOW to HIGH: the checks a
    query said inline makes, for a query too long for one line."""
    expr = require_docstring(world, "the PromQL query").strip()
    if low is not None and high is not None:
        query_between(world, expr, low, high)
    elif bound == "==" and value is not None:
        query_returns(world, expr, value)
    elif value is not None:
        query_compares(world, expr, value, bound)
