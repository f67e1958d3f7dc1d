"""A service's request rate and error rate, said in words.

"the error rate of web is 2%" stands for the query an SRE writes over the service's
counters (the share of ``http_requests_total`` answered with a 5xx over the last 5
minutes), evaluated now; "… stayed under 1%" (or "… the whole time") evaluates it at every
minute since the service's first scrape and holds only if every one agrees.
"""

from __future__ import annotations

import math

from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import then
from kubeloop.harness.telemetry_nouns import error_ratio_query
from kubeloop.harness.world import World

from .assumed_traffic import NORMAL, assumed_note
from .services import _service, the_named
from .telemetry_part import matches, scalar, show

_ERROR_RATE = (
    "the [<5xx|HTTP 5xx|HTTP 500|server|500> ]<error|failure|5xx|500|HTTP 500|HTTP 5xx> "
    "<rate|ratio|percentage>[ <of|for> {service:service}]"
)
_ERROR_RATIO = (
    "the [{window:duration} ]<5xx|error|failure|5xx error> ratio"
    "[ <of|for> {service:service}][ over [the last ]{span:duration}]"
)
_ERROR_RATIO_WORDS = (
    "the [<5xx|HTTP 5xx|500|server> ]<error|failure|5xx|500> ratio[ <of|for> {service:service}]"
)
_STAYED = "<stayed|stays|remained|remains|has stayed|has remained|was|has been>"
_WHOLE_TIME = "[ <the whole time|throughout|all along|the entire time|all the time>]"
_MOST_POINTS = 10_000
"""Most minutes a "stayed" check evaluates (a week); beyond that it samples evenly."""


def _value(world: World, expr: str, at: int | None = None) -> float:
    return scalar(world, expr, at)


def _said(bound: str, limit: float) -> str:
    words = {"<": "below", ">": "above", "<=": "at most", ">=": "at least", "==": ""}
    return f"{words[bound]} {show(limit)}".strip()


@then(
    _ERROR_RATE + " is [{bound:comparison} ]{percent:percent}",
    "the error rate of web is 2%",
    "the 5xx error rate of web is below 1%",
    "the error rate of web is about 2%",
    variants=(
        _ERROR_RATE + " is {about:about} {percent:percent}",
        _ERROR_RATE + " is <0|zero|nil|nothing>",
        _ERROR_RATE + " is still [{bound:comparison} ]{percent:percent}",
        _ERROR_RATE + " is still <0|zero|nil|nothing>",
        _ERROR_RATIO_WORDS + " is [{bound:comparison} ]{percent:percent}",
        _ERROR_RATIO_WORDS + " is {about:about} {percent:percent}",
        "{service:service} is <failing|returning errors for|returning 500s for|erroring on|"
        "returning HTTP 500 for> [{bound:comparison} ]{percent:percent} of [its ]requests",
        "[{bound:comparison} ]{percent:percent} of [<its|the> ][{service:service} ]requests "
        "<are failing|fail|are returning errors|return errors|are erroring>",
        "[{bound:comparison} ]{percent:percent} of {service:service}'s requests "
        "<are failing|fail|are returning errors|return errors|are erroring>",
        "{service:service} <errors on|fails|fails on|returns errors for|returns 5xx for> "
        "[{bound:comparison} ]{percent:percent} of [its ]requests",
        "{service:service} <has no errors|is error-free|is not failing|isn't failing|"
        "is no longer failing|has stopped failing|is not returning errors|"
        "isn't returning errors|is returning no errors|is serving no errors|has zero errors>"
        "[ <now|any more|anymore>]",
    ),
)
def error_rate_is(
    world: World,
    percent: float = 0.0,
    service: str | None = None,
    bound: str = "==",
    about: str | None = None,
) -> None:
    """The share of SERVICE's requests answered with a 5xx over the last 5 minutes, now
    (without a service: the one named last); "about": within a tenth of it; "has no errors",
    "is no longer failing": none (the same query, so 5 minutes after the last failure)."""
    service = the_named(world, service)
    _service(world, service)
    seen = round(100 * _value(world, error_ratio_query(service)), 9)
    close = about is not None and abs(seen - percent) <= percent / 10
    if math.isnan(seen) or not (close or (about is None and compare(seen, bound, percent))):
        raise world.fail(
            f"the error rate of {service} {_said(bound, percent)}%",
            "no requests in the last 5 minutes" if math.isnan(seen) else f"{show(seen)}%",
        )


@then(
    _ERROR_RATE + " <is back|has gone back|went back|has dropped back|dropped back|drops back|"
    "goes back|is back down|has returned|returned|returns> to normal",
    "the error rate drops back to normal",
    "the error rate of web is back to normal",
    variants=(
        "{service:service}'s error rate <is back|has gone back|went back|has dropped back|"
        "dropped back|drops back|goes back|is back down|has returned|returned|returns> to normal",
    ),
)
def error_rate_normal(world: World, service: str | None = None) -> None:
    """The error rate over the last 5 minutes is the share the service was declared with
    (without a service: the one named last)."""
    named = the_named(world, service)
    normal = world.parts.get(NORMAL, {})
    if named not in normal:
        raise world.fail(f"{named} declared earlier with its errors", "it never was")
    error_rate_is(world, round(100 * normal[named][1], 9), named)


@then(
    _ERROR_RATIO + " is [{bound:comparison} ]{ratio:number}",
    "the error ratio over the last 5 minutes is 0.02",
    "the 5m error ratio for web is 0.04",
    "the 5xx ratio of web over 1h is below 0.05",
    variants=(_ERROR_RATIO + " is {about:about} {ratio:number}",),
)
def error_ratio_is(
    world: World,
    ratio: str,
    service: str | None = None,
    window: int | None = None,
    span: int | None = None,
    bound: str = "==",
    about: str | None = None,
) -> None:
    """The error ratio written as a fraction (0.02 for 2%): the share of SERVICE's requests
    answered with a 5xx over the window (5 minutes unless it says "5m …" or "over 1h"),
    now; "about": within a tenth of it."""
    service = the_named(world, service)
    _service(world, service)
    seconds = window or span or 300
    seen = round(_value(world, error_ratio_query(service, f"{seconds}s")), 9)
    limit = float(ratio)
    if about is not None:
        agrees = abs(seen - limit) <= limit / 10
    elif bound == "==":
        agrees = matches(ratio, seen)
    else:
        agrees = compare(seen, bound, limit)
    if math.isnan(seen) or not agrees:
        raise world.fail(
            f"the error ratio of {service} over {seconds // 60 or seconds} "
            f"{'minutes' if seconds >= 60 else 'seconds'} {_said(bound, limit)}",
            "no requests in the window" if math.isnan(seen) else show(seen),
        )


@then(
    _ERROR_RATE + " " + _STAYED + " {bound:comparison} {percent:percent}" + _WHOLE_TIME,
    "the error rate of web stayed under 1%",
    "the error rate of web was below 5% the whole time",
    "the error rate of web stays at 0%",
    variants=(
        _ERROR_RATE + " " + _STAYED + " at {percent:percent}" + _WHOLE_TIME,
        _ERROR_RATE + " " + _STAYED + " at <0|zero>" + _WHOLE_TIME,
        _ERROR_RATE + " never <went|got|rose|climbed|was> {bound:above} {percent:percent}",
    ),
)
def error_rate_stayed(
    world: World, percent: float = 0.0, bound: str = "==", service: str | None = None
) -> None:
    """The error rate (as above) agreed at every minute since the service's first scrape
    ("stays at 0%": equal to it; "never went above 5%": at most 5%)."""
    service = the_named(world, service)
    _service(world, service)
    expr = error_ratio_query(service)
    now = world.clock.now
    step = max(60, now // _MOST_POINTS)
    for at in range(step, now + 1, step):
        seen = round(100 * _value(world, expr, at), 9)
        if not math.isnan(seen) and not compare(seen, bound, percent):
            raise world.fail(
                f"the error rate of {service} {_said(bound, percent)}% the whole time",
                f"{show(seen)}% at {at // 60} minutes",
            )


_MOVES_NOW = (
    "<climbs|rises|goes|gets|jumps|spikes|shoots|is going|is climbing|is rising|drops|falls|"
    "is dropping|is falling>"
)
_MOVED = (
    "<climbed|rose|went|got|jumped|spiked|shot|has climbed|has risen|has gone|has gotten|"
    "has jumped|has spiked|dropped|fell|has dropped|has fallen>"
)


@then(
    _ERROR_RATE + " " + _MOVES_NOW + " {side:side} {percent:percent}",
    "the error percentage of web climbs above 20%",
    "the error rate of web drops below 1%",
)
def error_rate_moves(world: World, side: str, percent: float, service: str | None = None) -> None:
    """The error rate (as above) is past the value now: what "climbs above 20%" says."""
    error_rate_is(world, percent, service, side)


@then(
    _ERROR_RATE + " " + _MOVED + " {side:side} {percent:percent}[ at some point]",
    "the error rate of web rose above 20%",
    "the error rate of web has fallen under 1% at some point",
)
def error_rate_moved(world: World, side: str, percent: float, service: str | None = None) -> None:
    """The error rate (as above) was past the value at some minute so far."""
    service = the_named(world, service)
    _service(world, service)
    expr = error_ratio_query(service)
    now = world.clock.now
    step = max(60, now // _MOST_POINTS)
    for at in range(step, now + 1, step):
        seen = round(100 * _value(world, expr, at), 9)
        if not math.isnan(seen) and compare(seen, side, percent):
            return
    raise world.fail(
        f"the error rate of {service} {_said(side, percent)}% at some minute so far",
        f"never: {show(round(100 * _value(world, expr), 9))}% now",
    )


_REQUEST_RATE = (
    "the [total ]<request rate|throughput|traffic|rps|RPS|QPS|qps|request volume|requests per "
    "second>[ <of|for|to|on> {service:service}] is "
)
_PER_SECOND = "[ <requests per second|per second|rps|req/s|requests a second>]"


@then(
    _REQUEST_RATE + "[{bound:comparison} ]{rate:decimal}" + _PER_SECOND,
    "the request rate of web is 200 per second",
    "the request rate for web is above 100 rps",
    "the total request rate for web is about 100 per second",
    "web is serving 100 requests per second",
    variants=(
        _REQUEST_RATE + "{about:about} {rate:decimal}" + _PER_SECOND,
        "{service:service} <serves|is serving|gets|is getting|receives|is receiving|handles|"
        "is handling|sees|is seeing|is taking|takes> [{bound:comparison} ]{rate:rps}",
        "{service:service} <serves|is serving|gets|is getting|receives|is receiving|handles|"
        "is handling|sees|is seeing|is taking|takes> {about:about} {rate:rps}",
    ),
)
def request_rate_is(
    world: World,
    rate: float,
    service: str | None = None,
    bound: str = "==",
    about: str | None = None,
) -> None:
    """Requests a second SERVICE served over the last 5 minutes, now (every code);
    "about": within a tenth of it."""
    service = the_named(world, service)
    _service(world, service)
    expr = f'sum(rate(http_requests_total{{job="{service}"}}[5m]))'
    seen = round(_value(world, expr), 9)
    close = about is not None and abs(seen - rate) <= rate / 10
    if math.isnan(seen) or not (close or (about is None and compare(seen, bound, rate))):
        raise world.fail(
            f"{service} serving {_said(bound, rate)} requests per second",
            ("no requests in the last 5 minutes" if math.isnan(seen) else f"{show(seen)}")
            + assumed_note(world, [service]),
        )


_ERRORS_PER_SECOND = (
    "the [<HTTP|server> ]<5xx|500|error|failure|HTTP 500|5xx error|server error> rate"
    "[ <of|for|on> {service:service}] is "
)
_PER_SECOND_SAID = " <per second|a second|errors per second|errors a second|/s>"
_FAILED_REQUESTS = (
    "<errors|5xx|5xxs|500s|5xx errors|server errors|failed requests|failures|HTTP 500s>"
)


@then(
    _ERRORS_PER_SECOND + "[{bound:comparison} ]{rate:decimal}" + _PER_SECOND_SAID,
    "the 5xx rate for cart is 4 per second",
    "the error rate of cart is about 4 errors per second",
    "cart is returning about 4 errors a second",
    variants=(
        _ERRORS_PER_SECOND + "{about:about} {rate:decimal}" + _PER_SECOND_SAID,
        "{service:service}'s <5xx|500|error|failure> rate is [{bound:comparison} ]{rate:decimal}"
        + _PER_SECOND_SAID,
        "{service:service}'s <5xx|500|error|failure> rate is {about:about} {rate:decimal}"
        + _PER_SECOND_SAID,
        "{service:service} is <returning|serving|throwing|failing with> [{bound:comparison} ]"
        "{rate:decimal} " + _FAILED_REQUESTS + " <per second|a second>",
        "{service:service} is <returning|serving|throwing|failing with> {about:about} "
        "{rate:decimal} " + _FAILED_REQUESTS + " <per second|a second>",
    ),
)
def errors_per_second(
    world: World,
    rate: float,
    service: str | None = None,
    bound: str = "==",
    about: str | None = None,
) -> None:
    """5xx responses a second SERVICE served over the last 5 minutes, now; "about": within
    a tenth of it."""
    service = the_named(world, service)
    _service(world, service)
    seen = round(
        _value(world, f'sum(rate(http_requests_total{{job="{service}",code=~"5.."}}[5m]))'), 9
    )
    close = about is not None and abs(seen - rate) <= rate / 10
    if math.isnan(seen) or not (close or (about is None and compare(seen, bound, rate))):
        raise world.fail(
            f"{service} answering {_said(bound, rate)} requests a second with a 5xx",
            ("no 5xx series in the last 5 minutes" if math.isnan(seen) else f"{show(seen)}")
            + assumed_note(world, [service]),
        )


_SUCCESS = (
    "the <availability|success rate|success ratio|success percentage|share of successful "
    "requests|request success rate|request availability> <of|for> {service:service} is "
)


@then(
    _SUCCESS + "[{bound:comparison} ]{percent:percent}",
    "the availability of web is 100%",
    "the success rate of web is at least 99.9%",
    "the success rate for web is about 98%",
    variants=(
        _SUCCESS + "{about:about} {percent:percent}",
        "the <availability|success rate|success ratio> is [{bound:comparison} ]{percent:percent}",
    ),
)
def availability_is(
    world: World,
    percent: float,
    service: str | None = None,
    bound: str = "==",
    about: str | None = None,
) -> None:
    """The share of SERVICE's requests not answered with a 5xx over the last 5 minutes,
    now: 100% − the error rate; "about": within a tenth of it."""
    service = the_named(world, service)
    _service(world, service)
    seen = round(100 - 100 * _value(world, error_ratio_query(service)), 9)
    close = about is not None and abs(seen - percent) <= percent / 10
    if math.isnan(seen) or not (close or (about is None and compare(seen, bound, percent))):
        raise world.fail(
            f"the availability of {service} {_said(bound, percent)}%",
            "no requests in the last 5 minutes" if math.isnan(seen) else f"{show(seen)}%",
        )


@then(
    "{service:service} is <returning errors|failing|erroring|returning 500s|serving errors>",
    "web is returning errors",
)
def returning_errors(world: World, service: str) -> None:
    """Some of SERVICE's requests are answered with a 5xx: its error rate over the last 5
    minutes is above 0, now."""
    error_rate_is(world, 0.0, service, ">")


@then(
    "the service {name:name} is {up:updown}",
    "the service search is up",
    "the search service is down",
    variants=("the {name:name} service is {up:updown}",),
)
def service_up(world: World, name: str, up: bool) -> None:
    """Prometheus' ``up`` for the service at the last scrape: 1 (up) or 0 (down)."""
    _service(world, name)
    seen = _value(world, f'up{{job="{name}"}}')
    if math.isnan(seen) or bool(seen) is not up:
        said = "not scraped yet" if math.isnan(seen) else f"up is {show(seen)}"
        raise world.fail(f"{name} {'up' if up else 'down'} (up is {int(up)})", said)


@then(
    _ERROR_RATE + " <has been|has stayed|has remained> {bound:comparison} {percent:percent} "
    "for the <last|past> {span:duration}",
    "the error rate of search has been above 40% for the last 30 minutes",
    "the error rate of web was above 40% for 30 minutes",
    variants=(
        _ERROR_RATE + " <was|stayed|remained> {bound:comparison} {percent:percent} for "
        "{stretch:duration}",
    ),
)
def error_rate_for(
    world: World,
    percent: float,
    bound: str,
    service: str | None = None,
    span: int | None = None,
    stretch: int | None = None,
) -> None:
    """The error rate (as above) agreed at every minute of the last SPAN; "was above 40% for
    30 minutes": at every minute of some stretch that long so far."""
    service = the_named(world, service)
    _service(world, service)
    expr = error_ratio_query(service)
    now = world.clock.now
    length = span or stretch or 0
    run = best = 0
    for at in range(60, now + 1, 60):
        seen = round(100 * _value(world, expr, at), 9)
        agrees = not math.isnan(seen) and compare(seen, bound, percent)
        run = run + 60 if agrees else 0
        best = max(best, run)
    enough = run >= length if span is not None else best >= length
    if length < 60 or not enough:
        where = "up to now" if span is not None else "at some point"
        raise world.fail(
            f"the error rate of {service} {_said(bound, percent)}% for {length // 60} minutes "
            f"{where}",
            f"{(run if span is not None else best) // 60} minutes",
        )
