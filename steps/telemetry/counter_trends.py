"""A counter's trend in words: "the request counter for api keeps going up", "jobs_total
has stopped growing".

"Keeps going up" is: the counter's total (summed over its series) is higher at every
minute of the last 5 than the minute before; "has stopped growing" (flat): the same at
each of them. A service's counters are ``http_requests_total{job="api"}`` (requests) and
the same with ``code=~"5.."`` (errors).
"""

from __future__ import annotations

import math
from itertools import pairwise

from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .services import _service, the_named
from .telemetry_part import scalar, show

_SPAN = 5
"""Minutes a trend is read over."""
_UP = (
    "<keeps going up|keeps increasing|keeps growing|keeps rising|keeps climbing|is increasing|"
    "is growing|is going up|is rising|is climbing|goes up|grows|increases>"
)
_FLAT = (
    "<has stopped growing|has stopped increasing|stopped growing|stopped increasing|is flat|"
    "stays flat|is not increasing|is not growing|does not grow|doesn't grow|no longer grows>"
)
_COUNTER = "[the ]{kind:counterkind} counter[ <of|for> {service:service}]"


def _series(world: World, kind: str | None, service: str | None, series: str | None) -> str:
    if series is not None:
        return series
    name = the_named(world, service)
    _service(world, name)
    errors = ',code=~"5.."' if kind == "errors" else ""
    return f'http_requests_total{{job="{name}"{errors}}}'


def _totals(world: World, series: str) -> list[tuple[int, float]]:
    """(second, the counter's total) at each minute of the span, as far back as there is time."""
    now = world.clock.now
    points = [now - 60 * back for back in range(_SPAN, -1, -1) if now - 60 * back >= 0]
    return [(at, scalar(world, f"sum({series})", at)) for at in points]


@then(
    _COUNTER + " " + _UP,
    "the request counter for api keeps going up",
    'http_requests_total{job="web"} keeps increasing',
    "the counter jobs_total is growing",
    variants=("[the ][<counter|metric|series> ]{series:series} " + _UP,),
)
def keeps_going_up(
    world: World, kind: str | None = None, service: str | None = None, series: str | None = None
) -> None:
    """The counter's total rose at every minute of the last 5 (at least one minute of data)."""
    expr = _series(world, kind, service, series)
    totals = _totals(world, expr)
    if len(totals) < 2 or any(math.isnan(v) for _, v in totals):
        raise world.fail(f"{expr} measured over the last minutes", "no samples yet")
    for (_, before), (at, after) in pairwise(totals):
        if not after > before:
            raise world.fail(
                f"{expr} going up every minute",
                f"{show(before)} then {show(after)} at {at // 60} minutes",
            )


@then(
    _COUNTER + " " + _FLAT,
    "the error counter for web has stopped growing",
    "jobs_total is flat",
    variants=("[the ][<counter|metric|series> ]{series:series} " + _FLAT,),
)
def stopped_growing(
    world: World, kind: str | None = None, service: str | None = None, series: str | None = None
) -> None:
    """The counter's total was the same at every minute of the last 5."""
    expr = _series(world, kind, service, series)
    totals = _totals(world, expr)
    if len(totals) < 2 or any(math.isnan(v) for _, v in totals):
        raise world.fail(f"{expr} measured over the last minutes", "no samples yet")
    values = {v for _, v in totals}
    if len(values) > 1:
        shown = ", ".join(show(v) for _, v in totals)
        raise world.fail(f"{expr} flat over the last {_SPAN} minutes", shown)
