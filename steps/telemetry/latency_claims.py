"""Latency claimed as a fact about requests, the way SLOs are written: "99% of checkout
requests complete in under 1 second", "95% of requests to search finish within 300ms",
"checkout responds in under 1 second at p99", "at the 99th percentile search answers within
250ms".

"N% of requests complete within T" is the service's pN latency at most T: the SRE's
``histogram_quantile`` over the last 5 minutes (latency.py), evaluated now. Only a bound
("within", "in under", "in less than", "in at most") is read here; a Then saying one exact
time per share is not, since the quantile a histogram gives lands inside a bucket.
"""

from __future__ import annotations

from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .latency import latency_compares

_ANSWERS = "<responds|answers|replies|serves requests|is served>"
_DONE = (
    "<complete|completes|finish|finishes|are served|are answered|respond|responds|return|"
    "returns|come back|comes back|answer|answers|replies|reply|take|takes>"
)
_SHARE = "{percentile:decimal}% of "
_WHOSE = (
    "[the ]{service:service} requests",
    "[the ]<requests|calls> <to|for|on|of> {service:service}",
    "<its|the|all> <requests|calls>",
    "<requests|calls>",
)
"""Whose requests: a service's, else the one named last's."""
_BOUNDS = (" [in ]{bound:comparison} {value:latency}", " <within|in> {value:latency}")
"""In under, less than, at most (any comparison), or within (at most)."""
_AT = (" at p{percentile:decimal}", " at the {percentile:decimal}th percentile")


def _check(
    world: World, percentile: float, bound: str, value: tuple[str, float], service: str | None
) -> None:
    """The latency at PERCENTILE is below (at most …) VALUE; a share said slower ("5% take
    more than 2s") is the latency at the rest of the requests' percentile beyond VALUE."""
    if bound in (">", ">="):
        percentile = round(100 - percentile, 9)
    latency_compares(world, bound, value, service, percentile, None)


@then(
    _SHARE + _WHOSE[0] + " " + _DONE + _BOUNDS[0],
    "99% of checkout requests complete in under 1 second",
    "95% of requests to search finish within 300ms",
    "99.9% of its requests take less than 2 seconds",
    "1% of requests take more than 2 seconds",
    variants=tuple(
        _SHARE + whose + " " + _DONE + bounds
        for whose in _WHOSE
        for bounds in _BOUNDS
        if (whose, bounds) != (_WHOSE[0], _BOUNDS[0])
    ),
)
def share_completes_within(
    world: World,
    percentile: float,
    value: tuple[str, float],
    bound: str = "<=",
    service: str | None = None,
) -> None:
    """The service's (else the one named last's) requests: that share within VALUE."""
    _check(world, percentile, bound, value, service)


@then(
    "{service:service} " + _ANSWERS + _BOUNDS[0] + _AT[0],
    "checkout responds in under 1 second at p99",
    "search answers within 250ms at the 95th percentile",
    variants=tuple(
        "{service:service} " + _ANSWERS + bounds + at
        for bounds in _BOUNDS
        for at in _AT
        if (bounds, at) != (_BOUNDS[0], _AT[0])
    ),
)
def responds_within_at(
    world: World,
    service: str,
    value: tuple[str, float],
    percentile: float,
    bound: str = "<=",
) -> None:
    """The service's latency at that percentile is within (below, at most …) VALUE."""
    _check(world, percentile, bound, value, service)
