"""Alert rules whose condition is said in words about the service named last: "an alert
SearchSlow fires when p99 latency over 5 minutes stays above 500ms for 10 minutes", "… when
the error rate is above 5% for 5 minutes", "… when more than 5% of requests fail", "… when
search is down for 1 minute".

Each condition is the PromQL an SRE would write (telemetry_nouns.latency_query,
error_ratio_query, ``up{job="search"} == 0``) over the service the sentence names, else the
one named last, else the only one; a sentence naming the service in the condition ("the p99
latency of web …") is the condition type of alerts.py.
"""

from __future__ import annotations

from kubeloop.harness.registry import given
from kubeloop.harness.telemetry_nouns import error_ratio_query, latency_query
from kubeloop.harness.world import World

from .alerts import HAVE, an_alert
from .service_waits import later
from .services import _service, the_named

_RULE = (
    HAVE + "<an|the|a> <alert|alert rule|alerting rule|rule> {name:name} <fires|that fires|firing|"
    "which fires|"
    "goes off|triggers|should fire> <when|if|whenever> "
)
_ON = HAVE + "<an|the> <alert|alert rule|alerting rule> {name:name} <on|over|watching> "
"""An alert said with what it watches and no verb: "an alert PayErrors on the 5xx ratio above
5% for 5m"."""
_HOLD = "[[,] <for|lasting|holding for> {hold:duration}]"
_MOVES = "<stays|is|goes|rises|climbs|gets|remains>"
_EXCEEDS = "<exceeds|goes over|crosses|tops>"
"""A verb that is the comparison itself: above."""
_OPERATOR = {">": ">", "<": "<"}


def _named(world: World, service: str | None) -> str:
    named = the_named(world, service)
    _service(world, named)
    return named


@given(
    _RULE
    + "[the ]p{percentile:decimal} latency[ over [the last ]{window:duration}] "
    + _MOVES
    + " {side:side} {value:latency}"
    + _HOLD,
    'an alert "SearchSlow" fires when p99 latency over 5 minutes stays above 500ms for 10 minutes',
    "an alert SlowCheckout fires when the p95 latency goes above 1s",
    'an alert "ApiSlow" fires if the p95 latency exceeds 1s for 10 minutes',
    variants=(
        _RULE
        + "[the ]p{percentile:decimal} latency[ over [the last ]{window:duration}] "
        + _EXCEEDS
        + " {value:latency}"
        + _HOLD,
        _ON + "the p{percentile:decimal} latency[ over [the last ]{window:duration}][ being] "
        "{side:side} {value:latency}" + _HOLD,
    ),
)
def latency_alert(
    world: World,
    name: str,
    percentile: float,
    value: tuple[str, float],
    side: str = ">",
    window: int = 300,
    hold: int = 0,
) -> None:
    """An alert on the latency quantile of the service named last over the window (5 minutes
    unless said), beyond VALUE, for HOLD ("of web": the condition type of alerts.py)."""
    if not 0 < percentile < 100:
        raise world.fail("a percentile between 0 and 100, e.g. p99", f"p{percentile:g}")
    number, per_second = value
    query = latency_query(_named(world, None), round(percentile / 100, 12), f"{window}s")
    an_alert(world, name, f"{query} {_OPERATOR[side]} {float(number) / per_second:g}", hold)


_FAIL = (
    "<fail|are failing|error|are errors|return errors|are 5xx|are 5xxs|return 5xx|return 5xxs|"
    "return a 5xx|come back as 5xx|come back as errors|get a 5xx|get 5xx|get errors|"
    "are answered with a 5xx|are answered with 5xx>"
)
"""Requests failing, said as SREs say it: a failure is a 5xx (the error ratio's numerator)."""
_RATIO = "<error|5xx|failure|5xx error> <rate|ratio>"
_OF_SERVICE = " <of|for> {service:service}"
"""A service named in a ratio with a window ("the 1m error ratio of payments"); without a
window it is alerts.py's condition ("the error rate of web is above 5%")."""
_OVER = "[ over [the last ]{span:duration}] "


@given(
    _RULE
    + "the [{window:duration} ]"
    + _RATIO
    + _OVER
    + _MOVES
    + " {side:side} {percent:percent}"
    + _HOLD,
    'an alert "SearchErrors" fires when the error rate is above 5% for 5 minutes',
    "an alert HighErrors fires when the 5m error ratio goes above 2%",
    'the alert "PayErrors" fires when the 1m error ratio of payments stays over 2% for 5 minutes',
    'the alert "CheckoutErrors" fires when more than 2% of checkout requests are 5xx for 5 minutes',
    "an alert PaymentsDown fires when over 20% of requests to payments fail for 2m",
    variants=(
        _RULE + "<more than|over> {percent:percent} of [<the|its|all> ]requests " + _FAIL + _HOLD,
        _RULE
        + "<more than|over> {percent:percent} of [<the|all> ]{service:service}['s] requests "
        + _FAIL
        + _HOLD,
        _RULE + "<more than|over> {percent:percent} of [<the|all> ]requests <to|for|on> "
        "{service:service} " + _FAIL + _HOLD,
        _RULE + "{service:service} <fails|is failing|errors on|returns 5xx for|returns errors "
        "for> <more than|over> {percent:percent} of [its ]requests" + _HOLD,
        _RULE
        + "the {window:duration} "
        + _RATIO
        + _OF_SERVICE
        + _OVER
        + _MOVES
        + " {side:side} {percent:percent}"
        + _HOLD,
        _RULE
        + "the [{window:duration} ]"
        + _RATIO
        + _OVER
        + _EXCEEDS
        + " {percent:percent}"
        + _HOLD,
        _RULE
        + "the {window:duration} "
        + _RATIO
        + _OF_SERVICE
        + _OVER
        + _EXCEEDS
        + " {percent:percent}"
        + _HOLD,
        _ON
        + "the [{window:duration} ]"
        + _RATIO
        + "[ <of|for> {service:service}]"
        + _OVER
        + "[being ]{side:side} {percent:percent}"
        + _HOLD,
    ),
)
def error_alert(
    world: World,
    name: str,
    percent: float,
    side: str = ">",
    window: int | None = None,
    span: int | None = None,
    hold: int = 0,
    service: str | None = None,
) -> None:
    """An alert on the share of the service's (else the one named last's) requests failing
    over the window (5 minutes unless said), beyond PERCENT, for HOLD; a service said before
    its traffic waits for it (service_waits)."""
    if later(
        world, service, lambda: error_alert(world, name, percent, side, window, span, hold, service)
    ):
        return
    seconds = window or span or 300
    query = error_ratio_query(_named(world, service), f"{seconds}s")
    an_alert(world, name, f"{query} {_OPERATOR[side]} {percent / 100:g}", hold)


@given(
    _RULE + "{service:service} is <down|unreachable|not answering>" + _HOLD,
    'an alert "SearchDown" fires when search is down for 1 minute',
    "an alert TargetDown fires when the target is down",
    variants=(_RULE + "the [scrape ]target is <down|unreachable|not answering>" + _HOLD,),
)
def down_alert(world: World, name: str, service: str | None = None, hold: int = 0) -> None:
    """An alert on the service's scrape target not answering: ``up{job="…"} == 0``."""
    an_alert(world, name, f'up{{job="{_named(world, service)}"}} == 0', hold)
