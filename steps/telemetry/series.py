"""Series written in promtool's notation, and PromQL evaluated over them."""

from __future__ import annotations

from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World
from kubeloop.render.checks import FailedCheck

from .telemetry_part import (
    MAX_SAMPLES,
    MAX_STEPS,
    call,
    matches,
    parse_number,
    require_docstring,
    require_table,
    result_rows,
    series_text,
    show,
    show_result,
)

LAST_RESULT = "telemetry.result"


def _load_series(world: World, interval: int) -> None:
    # promtool's notation brings all of PromQL with it: loaded when a step reads a series
    from kubeloop.telemetry.promtool.notation import (  # noqa: PLC0415
        STALE,
        NotationError,
        expand_values,
        parse_metric,
    )

    budget = MAX_SAMPLES
    for row in require_table(world, ("series", "values")):
        try:
            labels = parse_metric(row["series"])
        except NotationError as error:
            raise world.fail(
                'a series such as http_requests_total{job="api", code="200"}',
                f"{row['series']!r}: {error}",
            ) from None
        try:
            expanded = expand_values(row["values"], min(MAX_STEPS, budget))
        except NotationError as error:
            if budget < MAX_STEPS and "expands the series" in str(error):
                raise world.fail(
                    f"a table of at most {MAX_SAMPLES:,} samples in all", "more than that"
                ) from None
            raise world.fail(
                "values in promtool's notation, such as 0+10x10 _ stale",
                f"{row['values']!r}: {error}",
            ) from None
        budget -= expanded.steps
        samples = [
            (step * interval * 1000, None if value is STALE else float(value))  # type: ignore[arg-type]
            for step, value in expanded.points
        ]
        call(world, "add_series", labels, samples)


@given("the series:", "the series:")
def the_series(world: World) -> None:
    """Series of the table | series | values |, one sample a minute from time 0.

    Values use promtool's notation: ``0+10x10`` (0, 10, …, 100), ``1x5``, ``_`` (no
    sample), ``stale`` (a staleness marker).
    """
    _load_series(world, 60)


@given("the series every {interval:duration}:", "the series every 15 seconds:")
def the_series_every(world: World, interval: int) -> None:
    """Series of the table | series | values |, one sample every INTERVAL from time 0."""
    if interval <= 0:
        raise world.fail("a sample interval of at least 1 second", f"{interval} seconds")
    _load_series(world, interval)


def evaluate(world: World, expr: str, at: int | None) -> None:
    world.parts[LAST_RESULT] = None
    result = world.attempt(lambda: call(world, "query", expr, at))
    if world.error is None:
        try:
            world.parts[LAST_RESULT] = (expr, at, result_rows(result))
        except ValueError as error:
            raise world.fail(
                f'"{expr}" to give an instant vector or a scalar', str(error)
            ) from None


@when(
    "I evaluate {expr:promql} at {time:duration}",
    'I evaluate "rate(http_requests_total[5m])" at 50 minutes',
)
def evaluate_at(world: World, expr: str, time: int) -> None:
    """Run an instant PromQL query at a time since the series began (label values in '…')."""
    evaluate(world, expr, time)


@when("I evaluate at {time:duration}:", "I evaluate at 50 minutes:")
def evaluate_docstring_at(world: World, time: int) -> None:
    """Run the PromQL query of the doc string at a time since the series began."""
    evaluate(world, require_docstring(world, "a PromQL expression").strip(), time)


@when("I evaluate {expr:promql}", 'I evaluate "sum by (code) (rate(http_requests_total[5m]))"')
def evaluate_now(world: World, expr: str) -> None:
    """Run an instant PromQL query now, on the scenario's clock."""
    evaluate(world, expr, None)


def _result(world: World) -> tuple[str, list[tuple[dict[str, str], float]] | float]:
    found = world.parts.get(LAST_RESULT)
    if found is None:
        raise world.fail('an earlier "When I evaluate …" step', "no query was evaluated")
    expr, _, rows = found
    return expr, rows


def single_value(world: World, wanted: str) -> tuple[str, float]:
    """The last query's one number: a scalar, or the value of a one-element vector."""
    expr, rows = _result(world)
    if isinstance(rows, float):
        return expr, rows
    if len(rows) != 1:
        raise world.fail(f'"{expr}" to give the single value {wanted}', show_result(rows))
    return expr, rows[0][1]


@then(
    "the result is {value:number}", "the result is 0.9", "the result is NaN", "the result is +Inf"
)
def result_is(world: World, value: str) -> None:
    """The query gave one number: a scalar, or a vector of exactly one element.

    The value matches when rounded to the decimals written: 0.1682 matches 0.168182….
    """
    expr, got = single_value(world, value)
    if not matches(value, got):
        raise world.fail(
            f'"{expr}" = {value}',
            show(got),
            FailedCheck("query", expr, "", parse_number(value), got),
        )


@then("the result is empty", "the result is empty")
def result_is_empty(world: World) -> None:
    """The query gave an empty vector (no series matched, or all were filtered out)."""
    expr, rows = _result(world)
    if isinstance(rows, float) or rows:
        raise world.fail(f'"{expr}" to give no result', show_result(rows))


@then("the result is:", "the result is:")
def result_table(world: World) -> None:
    """The query gave exactly the elements of the table | series | value |, no more.

    Series are written as Prometheus prints them: {job="api"} or name{job="api"};
    each value matches when rounded to the decimals written.
    """
    from kubeloop.telemetry.promtool.notation import NotationError, parse_metric  # noqa: PLC0415

    expr, rows = _result(world)
    wanted = require_table(world, ("series", "value"))
    if isinstance(rows, float):
        raise world.fail(f'"{expr}" to give {len(wanted)} series', show_result(rows))
    got = {series_text(labels): value for labels, value in rows}
    problems = []
    expected_keys = []
    for row in wanted:
        try:
            key = series_text(parse_metric(row["series"]))
        except NotationError as error:
            raise world.fail(
                'a series such as {job="api"}', f"{row['series']!r}: {error}"
            ) from None
        expected_keys.append(key)
        if key not in got:
            problems.append(f"missing {key}")
        elif not matches(row["value"], got[key]):
            problems.append(f"{key} is {show(got[key])}, not {row['value']}")
    problems += [f"unexpected {key} {show(got[key])}" for key in got if key not in expected_keys]
    if problems:
        raise world.fail(
            f'"{expr}" to give exactly the {len(wanted)} rows of the table',
            "; ".join(problems) + f"\n     got: {show_result(rows)}",
        )
