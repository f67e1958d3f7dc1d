"""Checks and past facts SREs state with a window, a range or a past tense: "the error rate
over the last 5 minutes is about 8%", "the 6h burn rate is somewhere between 6 and 14.4",
"the p95 for web went above 1.5s", "the service web is healthy", "web has been failing 2% of
its requests for the last 3 hours", "web was completely down for 5 minutes last week".

"Went above" is at some evaluation minute so far (the 5-minute quantile at every minute,
``max_over_time`` of a subquery); "goes above" is now. A service is healthy when its target
answers scrapes (``up`` 1) and none of its requests failed over the last 5 minutes.
"Completely down" is what customers see, every request failing (not the scrape target going
away, which the SLO cannot see): that long, then it answers again; "last week" (yesterday,
3 days ago) then lets that much time pass.
"""

from __future__ import annotations

import math

from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import given, then
from kubeloop.harness.telemetry_nouns import error_ratio_query, latency_query
from kubeloop.harness.world import World

from .budget_measure import so_far_note
from .latency_profile import _ABOUT, _TAKE, share_of_service_takes
from .services import _lasting, _ratio, _service, the_named
from .slo_names import find_slo, slo_named
from .telemetry_part import call, matches, parse_number, scalar, show

_DAY = 86_400
_RATE = "<5xx|error|failure|5xx error> <rate|ratio|percentage>"


def _scalar(world: World, expr: str) -> float:
    return scalar(world, expr)


@then(
    "the " + _RATE + "[ <of|for> {service:service}] over [the last ]{span:duration} is "
    "[{bound:comparison} ]{percent:percent}",
    "the error rate over the last 5 minutes is about 8%",
    "the 5xx ratio of web over 1h is below 2%",
    variants=(
        "the " + _RATE + "[ <of|for> {service:service}] over [the last ]{span:duration} is "
        "{about:about} {percent:percent}",
    ),
)
def error_percent_over(
    world: World,
    span: int,
    percent: float,
    service: str | None = None,
    bound: str = "==",
    about: str | None = None,
) -> None:
    """The share of the service's requests answered with a 5xx over the window, now;
    "about": within a tenth of it."""
    service = the_named(world, service)
    _service(world, service)
    seen = round(100 * _scalar(world, error_ratio_query(service, f"{span}s")), 9)
    agrees = abs(seen - percent) <= percent / 10 if about else compare(seen, bound, percent)
    if math.isnan(seen) or not agrees:
        said = about or ("" if bound == "==" else bound)
        raise world.fail(
            f"the error rate of {service} over {span}s {said} {show(percent)}%",
            "no requests in the window" if math.isnan(seen) else f"{show(seen)}%",
        )


@then(
    "the [{window:duration} ]burn rate[ <of|for> {name:sloname}] is [somewhere ]between "
    "{low:number} and {high:number}",
    "the 6h burn rate is somewhere between 6 and 14.4",
    "the 1h burn rate of checkout is between 1 and 10",
    variants=(
        "the burn rate[ <of|for> {name:sloname}] over [the last ]{window:duration} is "
        "[somewhere ]between {low:number} and {high:number}",
    ),
)
def burn_between(
    world: World, low: str, high: str, window: int = 300, name: str | None = None
) -> None:
    """The SLO's burn rate over the window (5 minutes unless said), now, is within LOW and
    HIGH, both included."""
    name = slo_named(world, name)
    find_slo(world, name)
    got = float(call(world, "burn_rate", name, window))
    if math.isnan(got) or not parse_number(low) <= got <= parse_number(high):
        raise world.fail(f"a {window}s burn rate of {name} between {low} and {high}", show(got))


_QUANTILE = "[the ]p{percentile:decimal}[ latency][ <of|for> {service:service}]"


def _beyond(
    world: World,
    percentile: float,
    side: str,
    value: tuple[str, float],
    service: str | None,
    ever: bool,
) -> None:
    service = the_named(world, service)
    _service(world, service)
    if not 0 < percentile < 100:
        raise world.fail("a percentile between 0 and 100, e.g. p95", f"p{percentile:g}")
    number, per_second = value
    limit = float(number) / per_second
    query = latency_query(service, round(percentile / 100, 12))
    now = world.clock.now
    if ever and now >= 60:
        extreme = "max_over_time" if side == ">" else "min_over_time"
        query = f"{extreme}(({query})[{now}s:60s])"
    seen = _scalar(world, query)
    if math.isnan(seen) or not compare(seen, side, limit):
        when = "at some minute so far" if ever else "now"
        raise world.fail(f"p{percentile:g} of {service} {side} {limit:g}s {when}", f"{show(seen)}s")


@then(
    _QUANTILE + " <went|climbed|rose|got|jumped|spiked|shot|has gone> {side:side} "
    "{value:latency}[ at some point]",
    "the p95 for web went above 1.5s",
    "the p99 latency of search rose above 500ms at some point",
    "the p95 has been above 1.5s at some point",
    variants=(_QUANTILE + " has been {side:side} {value:latency} at some point",),
)
def latency_went(
    world: World,
    percentile: float,
    side: str,
    value: tuple[str, float],
    service: str | None = None,
) -> None:
    """The service's 5-minute latency quantile was beyond VALUE at some evaluation minute so
    far."""
    _beyond(world, percentile, side, value, service, ever=True)


@then(
    _QUANTILE + " <goes|climbs|rises|gets|jumps|spikes|is going> {side:side} {value:latency}",
    "the p95 for web goes above 1.5s",
)
def latency_goes(
    world: World,
    percentile: float,
    side: str,
    value: tuple[str, float],
    service: str | None = None,
) -> None:
    """The service's 5-minute latency quantile is beyond VALUE now."""
    _beyond(world, percentile, side, value, service, ever=False)


@then(
    "the service {name:name} is healthy",
    "the service web is healthy",
    "every service is healthy",
    variants=(
        "the {name:name} service is healthy",
        "<every service is|all services are|all the services are|each service is> healthy",
    ),
)
def healthy(world: World, name: str | None = None) -> None:
    """The service (every one, without a name) answers scrapes and failed no request in the
    last 5 minutes."""
    names = [name] if name is not None else sorted(str(s) for s in call(world, "services"))
    if not names:
        raise world.fail("services to check", "there are none")
    for each in names:
        _service(world, each)
        up = _scalar(world, f'max(up{{job="{each}"}})')
        failing = _scalar(world, error_ratio_query(each))
        if up != 1 or (not math.isnan(failing) and failing > 0):
            seen = "not answering scrapes" if up != 1 else f"{show(100 * failing)}% failing"
            raise world.fail(f"{each} healthy (up, no failed requests)", seen)


@then(
    "{name:sloname} has some [error ]budget <left|remaining>",
    "checkout has some error budget left",
    "orders-availability still has budget left",
    variants=(
        "there is some [error ]budget left[ <for|of> {name:sloname}]",
        "{name:sloname} still has [some ][error ]budget <left|remaining>",
        "the [error ]budget[ <of|for> {name:sloname}] <is not|isn't> [<fully|completely|entirely|"
        "totally|yet> ]<exhausted|used up|gone|spent|depleted|burned through>",
    ),
)
def some_budget_left(world: World, name: str | None = None) -> None:
    """Some of the SLO's budget is left: less than 100% spent (Sloth's measure)."""
    name = slo_named(world, name)
    period = find_slo(world, name).objective.period
    spent = 100 * float(call(world, "burn_rate", name, period))
    if math.isnan(spent) or spent >= 100:
        raise world.fail(
            f"some of the budget of {name} left", f"{show(spent)}% spent" + so_far_note(world, name)
        )


@given(
    "{share:share} of {name:service} requests " + _TAKE + " " + _ABOUT + "{latency:latency}"
    "[ for [the next ]{duration:duration}]",
    "10% of web requests take 2 seconds for 10 minutes",
)
def share_of_named_service_takes(
    world: World,
    share: float,
    name: str,
    latency: tuple[str, float],
    duration: int | None = None,
) -> None:
    """That share of the service's requests take that long (as "of the requests to web")."""
    share_of_service_takes(world, share, name, latency, duration)


@given(
    "{name:service} has been <failing|erroring on|returning errors for> {errors:share} of [its ]"
    "requests for [the <last|past> ]{duration:duration}",
    "web has been failing 2% of its requests for the last 3 hours",
)
def has_been_failing(world: World, name: str, errors: float, duration: int) -> None:
    """The service fails that share from now, and that much time passes: it still fails."""
    _lasting(world, the_named(world, name), "set_error_ratio", _ratio(errors), None)
    if world.error is None:
        world.advance(duration)


@given(
    "{name:service} was <completely down|down for customers|hard down|fully down|failing every "
    "request> for {duration:duration}[ {ago:ago}]",
    "web was completely down for 5 minutes last week",
    "checkout was down for customers for 10 minutes yesterday",
)
def was_completely_down(world: World, name: str, duration: int, ago: int | None = None) -> None:
    """Every request to the service failed for that long, then it answered again; "last
    week" (in days): that much time has passed since."""
    _lasting(world, the_named(world, name), "set_error_ratio", 1.0, duration)
    if world.error is None and ago is not None:
        world.advance(ago * _DAY)


_FAILING = " with {errors:share} of [<its|the|all> ]requests failing"


def _runs_failing(world: World, name: str | None, errors: float, seconds: int) -> None:
    _lasting(world, the_named(world, name), "set_error_ratio", _ratio(errors), None)
    if world.error is None:
        world.advance(seconds)


@given(
    "{name:service} runs for {window:window}" + _FAILING,
    "checkout runs for 2 days with 0.05% of requests failing",
    "it runs for a week with 0.1% of its requests failing",
    variants=("it runs for {window:window}" + _FAILING,),
)
def runs_for_failing(world: World, window: int, errors: float, name: str | None = None) -> None:
    """The service (it: the one named last) fails that share from now while that much time
    passes; it still fails after."""
    _runs_failing(world, name, errors, window)


@given(
    "{name:service} runs all week" + _FAILING,
    "checkout runs all week with 0.05% of requests failing",
    variants=("it runs all week" + _FAILING,),
)
def runs_all_week_failing(world: World, errors: float, name: str | None = None) -> None:
    """The service fails that share from now while a week passes."""
    _runs_failing(world, name, errors, 7 * _DAY)


@given(
    "{name:service} runs all day" + _FAILING,
    "checkout runs all day with 1% of requests failing",
    variants=("it runs all day" + _FAILING,),
)
def runs_all_day_failing(world: World, errors: float, name: str | None = None) -> None:
    """The service fails that share from now while a day passes."""
    _runs_failing(world, name, errors, _DAY)


@then(
    "{name:service} has served {bound:comparison} {count:n} requests",
    "payments has served more than 1000000 requests",
    "web has served at least 60000 requests",
    variants=("{name:service} <served|has handled|handled> {bound:comparison} {count:n} requests",),
)
def served_bound(world: World, name: str, bound: str, count: int) -> None:
    """Requests the service served since it started, until now, against COUNT."""
    service = _service(world, name)
    view = world.capability(service, "view")(world.clock.now)
    if not compare(view.requests, bound, count):
        raise world.fail(f"{name} served {bound} {count} requests", f"{view.requests} requests")


@then(
    "[the ]{name:service}[ service] <has been|was|stayed|remained|has stayed> up <the whole time|"
    "all along|throughout|all the time>",
    "the api service has been up the whole time",
    "web stayed up all along",
    variants=("{name:service} <was never|has never been|never went> down",),
)
def up_the_whole_time(world: World, name: str) -> None:
    """Every scrape of the service so far answered: the least ``up`` ever written is 1."""
    _service(world, name)
    now = world.clock.now
    lowest = _scalar(world, f'min(min_over_time(up{{job="{name}"}}[{max(now, 1)}s]))')
    if lowest != 1:
        raise world.fail(
            f"{name} up at every scrape so far",
            "no scrape yet" if math.isnan(lowest) else "it was down",
        )


@then(
    "{expr:barepromql} <has been|stayed|was|remained|has stayed> {value:number} <for|over|during|"
    "throughout> the <last|past> {span:duration}",
    'up{job="api"} has been 1 for the last 10 minutes',
    "job:errors:ratio5m stayed 0 over the past 30 minutes",
)
def query_held(world: World, expr: str, value: str, span: int) -> None:
    """EXPR had one value, VALUE (at the decimals written), at every 15 seconds of the
    window: its lowest and its highest there (a subquery) both match."""
    low = _scalar(world, f"min(min_over_time(({expr})[{span}s:15s]))")
    high = _scalar(world, f"max(max_over_time(({expr})[{span}s:15s]))")
    if not (matches(value, low) and matches(value, high)):
        raise world.fail(
            f'"{expr}" = {value} for the last {span}s', f"between {show(low)} and {show(high)}"
        )
