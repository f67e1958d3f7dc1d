"""A latency percentile said as a fact to set up: "mobile-api serves 100 requests per second
with a p95 latency of 220ms", "search answers in 120ms at the 99th percentile", "the p99
latency of search is 300ms", "95% of search requests take 80ms and the other 5% take 1.2
seconds".

"A p95 of 220ms" is read as "95% of the requests take at most 220ms": 95% take 220ms and
the other 5% are strictly slower, taking the next of client_golang's DefBuckets above it
(250ms; latency_bounds.py). Said before the service is first scraped, 220ms is a bucket
bound of its histogram too (Prometheus's advice: a bound at the latency you care about), so
the p95 a Then measures with the SRE's query (latency.py) is 220ms exactly. Said later, the
buckets are fixed and the p95 reads inside the bucket that holds 220ms, as Prometheus would.
"""

from __future__ import annotations

import kubeloop.harness.latency_words  # noqa: F401  (registers latencies and percentiles)
from kubeloop.harness.registry import given, when
from kubeloop.harness.world import World

from .latency_bounds import slower_than
from .latency_profile import _apply, _before, profile
from .services import _ERRORS, _NO_ERRORS, _SERVES, the_service

_PERCENTILE = "[a ]p{percentile:decimal}[ <latency|response time>]"
_FOR = "[ for [the next ]{duration:duration}]"


@given(
    "{name:service} "
    + _SERVES
    + " {rate:rps}"
    + _ERRORS
    + " <with|and> "
    + _PERCENTILE
    + " of {latency:latency}",
    "mobile-api serves 100 requests per second with a p95 latency of 220ms",
    "checkout handles 300 rps with 1% errors and a p99 of 400ms",
    variants=(
        "{name:service} "
        + _SERVES
        + " {rate:rps}"
        + _NO_ERRORS
        + " <with|and> "
        + _PERCENTILE
        + " of {latency:latency}",
    ),
)
def serves_with_percentile(
    world: World,
    name: str,
    rate: float,
    percentile: float,
    latency: tuple[str, float],
    errors: float = 0,
) -> None:
    """The service serving RATE requests a second, PERCENTILE% of them in LATENCY and the rest
    slower (see the module's docstring)."""
    the_service(world, name, rate, errors)
    if world.error is None:
        _percentile(world, name, percentile, latency, None)


def _percentile(
    world: World,
    name: str | None,
    percentile: float,
    latency: tuple[str, float],
    duration: int | None,
) -> None:
    if not 0 < percentile < 100:
        raise world.fail("a percentile between 0 and 100, e.g. p95 or p99.9", f"p{percentile:g}")
    number, per_second = latency
    seconds = float(number) / per_second
    parts = ((percentile, seconds), (round(100 - percentile, 9), slower_than(seconds)))
    _apply(world, name, profile(parts, _before(world, name)), duration)


@when(
    "{name:service} <answers|responds|replies> in {latency:latency} at the "
    "{percentile:decimal}th percentile" + _FOR,
    "search answers in 120ms at the 99th percentile",
    "the p99 latency of search goes to 2 seconds for 5 minutes",
    "search's p95 latency is 300ms",
    variants=(
        "[the ]p{percentile:decimal} <latency|response time> <of|for> {name:service} <is|becomes|"
        "goes to|jumps to|rises to|climbs to|drops to|falls to|goes back to|is back to> "
        "{latency:latency}" + _FOR,
        "{name:service}'s p{percentile:decimal} <latency|response time> <is|becomes|goes to|"
        "jumps to|rises to|climbs to|drops to|falls to|goes back to|is back to> "
        "{latency:latency}" + _FOR,
        "{name:service} has a p{percentile:decimal}[ latency] of {latency:latency}" + _FOR,
    ),
)
def answers_at_percentile(
    world: World,
    name: str,
    latency: tuple[str, float],
    percentile: float,
    duration: int | None = None,
) -> None:
    """PERCENTILE% of the service's requests take LATENCY (from now, or for that long)."""
    _percentile(world, name, percentile, latency, duration)


@when(
    "{share:share} of {name:service} requests <take|finish in|complete in|respond in> "
    "[<around|about|roughly|under|in under|within> ]{latency:latency}[,] <and|but> "
    "{parts:latencies}" + _FOR,
    "95% of search requests take 80ms and the other 5% take 1.2 seconds",
    "90% of checkout requests finish in 50ms but the slowest 1% take 2 seconds",
)
def service_requests_take(
    world: World,
    share: float,
    name: str,
    latency: tuple[str, float],
    parts: tuple[tuple[float | None, float], ...],
    duration: int | None = None,
) -> None:
    """Each share of the service's requests takes its time, the first share said with the
    service's name ("95% of search requests")."""
    number, per_second = latency
    said = ((share, float(number) / per_second), *parts)
    _apply(world, name, profile(said, _before(world, name)), duration)


@when(
    "<drops|goes|falls|comes|settles|gets> back [down ]to {seconds:timevalue}" + _FOR,
    "drops back to 50ms",
    "goes back down to 80ms for 5 minutes",
)
def latency_back_to(world: World, seconds: float, duration: int | None = None) -> None:
    """Said with no subject after a latency change ("and then drops back to 50ms"): every
    request to the service named last takes that long (a time with its unit, so a rate or a
    share never reads this way)."""
    _apply(world, None, [(seconds, 1.0)], duration)
