"""Time said to pass with a bound on the errors meanwhile: "an hour passes with errors under
0.05%", "2 hours go by with the error rate of checkout below 1%".

The bound says what the hour was like, not what to make it: no error rate is chosen to fit
it (any value under 0.05% would, so picking one would be a guess). The time passes, then the
service's error ratio over that time is read, and a ratio the bound does not hold for (or
no requests at all) fails at the line that said it.
"""

from __future__ import annotations

import math

from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import when
from kubeloop.harness.telemetry_nouns import error_ratio_query
from kubeloop.harness.world import World

from .services import _service, the_named
from .telemetry_part import scalar, show

_PASS = "<pass|passes|go by|goes by|elapse|elapses|went by|passed>"
_ERRORS = "<errors|the errors|the error rate|the failures|failures|5xx errors|the 5xx rate>"


@when(
    "{duration:duration} " + _PASS + " with " + _ERRORS + "[ <of|for> {service:service}] "
    "{bound:comparison} {percent:percent}",
    "an hour passes with errors under 0.05%",
    "2 hours go by with the error rate of checkout below 1%",
    "30 minutes pass with fewer than 0.1% errors",
    variants=(
        "{duration:duration} " + _PASS + " with {bound:comparison} {percent:percent} "
        "<errors|of requests failing|failing requests|failures|5xx errors>",
    ),
)
def time_passes_with_errors(
    world: World, duration: int, bound: str, percent: float, service: str | None = None
) -> None:
    """DURATION passes; the service's (said, else named last) error ratio over it is then
    BOUND PERCENT, or the step fails."""
    name = the_named(world, service)
    _service(world, name)
    world.advance(duration)
    seen = 100 * scalar(world, error_ratio_query(name, f"{duration}s"))
    if math.isnan(seen) or not compare(round(seen, 9), bound, percent):
        raise world.fail(
            f"the error rate of {name} over those {duration}s {bound} {show(percent)}%",
            "no requests in that time" if math.isnan(seen) else f"{show(round(seen, 9))}%",
        )
