"""How long after the errors began something paged or fired, bounded: "it started paging
less than 5 minutes after the errors began", "HighErrorRate fired within 10 minutes of the
errors starting", "the page went out no more than 3 minutes after the outage began".

Both moments are read from the engine: when the errors began is the first scrape step at
which the service's failed-request counter is above zero (a counter only grows, so the
first such step is found by halving the time so far); when it paged is the first time the
SLO's page alert (or the alert named) went to firing, from its state timeline. Neither
seen is a failure that says which.
"""

from __future__ import annotations

from kubeloop.harness.comparisons import compare
from kubeloop.harness.params import TYPES, ParamType
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .services import _service
from .slo_names import find_slo, slo_named
from .telemetry_part import call, result_rows, telemetry

_BEGAN = (
    " after <the errors|errors|the failures|failures|the outage|the incident|the error spike|"
    "the 5xx errors|the 500s> <began|started|begun|set in|hit|showed up>"
)
_OF_BEGINNING = (
    " of <the errors|errors|the failures|failures|the outage|the incident|the error spike|"
    "the 5xx errors|the 500s> <beginning|starting|setting in|showing up>"
)
_PAGED = (
    "<started paging|began paging|first paged|paged|started firing|began firing|fired|went off>"
)


def _errors_began(world: World, service: str) -> int | None:
    """The first scrape step at which SERVICE's failed-request counter is above zero."""
    expr = f'sum(http_requests_total{{job="{service}",code=~"5.."}}) > 0'
    step = int(getattr(telemetry(world), "scrape_interval", 60))

    def seen(at: int) -> bool:
        rows = result_rows(call(world, "query", expr, at, keep=False))
        return bool(rows) if isinstance(rows, list) else rows > 0

    low, high = 0, world.clock.now // step
    if high == 0 or not seen(high * step):
        return None
    while low < high:
        middle = (low + high) // 2
        if seen(middle * step):
            high = middle
        else:
            low = middle + 1
    return low * step


def _first_firing(world: World, name: str) -> tuple[str, int | None, str]:
    """The alert that pages for NAME (an SLO: its page alert; else the alert NAME), the
    first time it went to firing (None: never), and the service its errors are counted on."""
    if name in list(call(world, "slos")):
        slo = find_slo(world, name)
        alert = str(slo.alert)
        changes = call(world, "severity_timeline", alert, "page").changes
        service = str(slo.service)
        what = f"the SLO {name}'s page"
    else:
        changes = call(world, "timeline", name).changes
        service = world.declared.mentioned.get("service") or ""
        what = f"the alert {name}"
    first = next((time for time, state in changes if state == "firing"), None)
    return what, first, service


@then(
    "[{name:sloname} ]" + _PAGED + " {bound:comparison} {duration:duration}" + _BEGAN,
    "it started paging less than 5 minutes after the errors began",
    "HighErrorRate fired within 10 minutes of the errors starting",
    "the page went out no more than 3 minutes after the outage began",
    variants=(
        "[{name:sloname} ]" + _PAGED + " within {duration:duration}" + _OF_BEGINNING,
        "[{name:sloname} ]" + _PAGED + " within {duration:duration}" + _BEGAN,
        "the <page|first page|alert|first alert> <came|went out|fired|arrived|came in|went off> "
        "{bound:comparison} {duration:duration}" + _BEGAN,
        "<we|the on-call|on-call|someone> <got|was|were> paged {bound:comparison} "
        "{duration:duration}" + _BEGAN,
    ),
)
def paged_soon_after_errors(
    world: World, duration: int, bound: str = "<=", name: str | None = None
) -> None:
    """The time from the errors' start to the first page (or the alert's first firing) is
    BOUND DURATION ("within": at most)."""
    said = slo_named(world, name) if name is None or name in list(call(world, "slos")) else name
    what, fired, service = _first_firing(world, said)
    if fired is None:
        raise world.fail(
            f"{what} firing {bound} {duration}s after the errors began", "it never did"
        )
    if not service:
        raise world.fail(f"a service whose errors {what} is about", "none was named")
    _service(world, service)
    began = _errors_began(world, service)
    if began is None:
        raise world.fail(f"errors of {service} before {what}", "its requests never failed")
    delay = fired - began
    if not compare(delay, bound, duration):
        raise world.fail(
            f"{what} {bound} {duration}s after the errors of {service} began",
            f"errors from {began}s, firing from {fired}s: {delay}s after",
        )


_QUIET_FOR = (
    "<did not page|didn't page|does not page|doesn't page|never pages|never paged|did not fire|"
    "didn't fire|does not fire|doesn't fire|never fires|never fired|never went off|"
    "did not go off|didn't go off> <in|within|during|for> the first "
)
"""A page (a firing) said not to have come early ("did not page in the first hour")."""
_UNIT = {"minute": 60, "hour": 3600, "day": 86400}
TYPES["oneunit"] = ParamType(
    "|".join(_UNIT), str.lower, "one unit of time said alone: minute, hour, day"
)


@then(
    "{name:sloname} " + _QUIET_FOR + "{duration:duration}",
    'the SLO "availability" did not page in the first 30 minutes',
    "SlowBurn never fired during the first 2 hours",
    variants=("{name:sloname} " + _QUIET_FOR + "{unit:oneunit}",),
)
def quiet_at_first(world: World, name: str | None, duration: int = 0, unit: str = "") -> None:
    """No page (or firing of the alert NAME) in the first DURATION ("the first hour": one)
    after the errors began, or after the scenario began when no request has failed; a page
    later, or none at all, holds."""
    duration = duration or _UNIT[unit]
    said = slo_named(world, name) if name is None or name in list(call(world, "slos")) else name
    what, fired, service = _first_firing(world, said)
    if fired is None:
        return
    began = None
    if service:
        _service(world, service)
        began = _errors_began(world, service)
    start = began or 0
    if fired - start <= duration:
        raise world.fail(
            f"no firing of {what} in the first {duration}s after {start}s",
            f"it fired at {fired}s, {fired - start}s after",
        )
