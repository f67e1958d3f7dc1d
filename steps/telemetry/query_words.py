"""A query held against a bound over time, said as SREs say it: "'up{job="web"}' stays at
or above 1", "'sum(rate(x[5m]))' stayed under 100 the whole time", "… never goes above
0.05", "… never dropped below 1".

"Stays under" (and "never goes above") is a claim about every evaluation so far, not only
now: the query is evaluated at every minute since the clock started, minutes where it gives
nothing (its range not filled yet) skipped, and every value must agree. "Never goes above
N" is "stays at most N"; "never drops below N" is "stays at least N". A query that never
gave a value fails rather than passing on nothing.
"""

from __future__ import annotations

import math

from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .queries import _SUBJECTS
from .series import LAST_RESULT, evaluate
from .telemetry_part import parse_number, show

_WHOLE_TIME = "[ <the whole time|throughout|all along|the entire time|all the time|so far>]"
_STAYS = "<stays|stayed|remains|remained|has stayed|has remained|kept|keeps|has kept>"
_NEVER_ABOVE = "never <goes|went|gets|got|rises|rose|climbs|climbed|has gone|has been> <above|over>"
_NEVER_BELOW = (
    "never <goes|went|gets|got|drops|dropped|falls|fell|dips|dipped|has gone|has been> "
    "<below|under>"
)
_MOST_POINTS = 10_000
"""Most minutes a check evaluates; beyond that it samples evenly."""


def _values(world: World, expr: str) -> list[tuple[int, float]]:
    """EXPR's one value at every minute so far (minutes where it gives nothing skipped)."""
    now = world.clock.now
    step = max(60, (now // _MOST_POINTS) // 60 * 60)
    seen: list[tuple[int, float]] = []
    for at in (*range(step, now, step), now):
        evaluate(world, expr, at)
        if world.error is not None:
            raise world.fail(f'"{expr}" to evaluate', str(world.take_error()))
        found = world.parts.get(LAST_RESULT)
        rows = None if found is None else found[2]
        if isinstance(rows, float):
            value = rows
        elif rows and len(rows) == 1:
            value = rows[0][1]
        elif rows:
            raise world.fail(f'"{expr}" to give one value', f"{len(rows)} series at {at}s")
        else:
            continue
        if not math.isnan(value):
            seen.append((at, value))
    return seen


def _held(world: World, expr: str, bound: str, value: str) -> None:
    limit = parse_number(value)
    seen = _values(world, expr)
    if not seen:
        raise world.fail(f'"{expr}" {bound} {value} at every minute so far', "no value yet")
    for at, got in seen:
        if not compare(got, bound, limit):
            raise world.fail(
                f'"{expr}" {bound} {value} at every minute so far',
                f"{show(got)} at {at // 60} minutes",
            )


@then(
    "{expr:quotedpromql} " + _STAYS + " {bound:comparison} {value:number}" + _WHOLE_TIME,
    "'sum(rate(http_requests_total[5m]))' stays under 100",
    "'up{job=\"web\"}' stayed at least 1 the whole time",
    variants=tuple(
        subject + " " + _STAYS + " {bound:comparison} {value:number}" + _WHOLE_TIME
        for subject in _SUBJECTS[:-1]
    ),
)
def query_stays(world: World, expr: str, bound: str, value: str) -> None:
    """EXPR agreed with the bound at every minute so far (see the module's docstring)."""
    _held(world, expr, bound, value)


@then(
    "{expr:quotedpromql} " + _NEVER_ABOVE + " {value:number}" + _WHOLE_TIME,
    "'sum(rate(http_requests_total{code=\"500\"}[5m]))' never goes above 2",
    variants=tuple(
        subject + " " + _NEVER_ABOVE + " {value:number}" + _WHOLE_TIME for subject in _SUBJECTS[:-1]
    ),
)
def query_never_above(world: World, expr: str, value: str) -> None:
    """EXPR was at most VALUE at every minute so far."""
    _held(world, expr, "<=", value)


@then(
    "{expr:quotedpromql} " + _NEVER_BELOW + " {value:number}" + _WHOLE_TIME,
    "'up{job=\"web\"}' never drops below 1",
    variants=tuple(
        subject + " " + _NEVER_BELOW + " {value:number}" + _WHOLE_TIME for subject in _SUBJECTS[:-1]
    ),
)
def query_never_below(world: World, expr: str, value: str) -> None:
    """EXPR was at least VALUE at every minute so far."""
    _held(world, expr, ">=", value)
