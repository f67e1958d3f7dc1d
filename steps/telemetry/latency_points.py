"""Latency said as several percentiles at once, as SREs read them off a dashboard: "search
answers in 120ms at p50 and 900ms at p99", "checkout has a p50 of 80ms and a p99 of 1.2s",
"the latency of search is 100ms at the median and 2s at the 99th percentile", "search serves
80 rps with a p50 of 120ms and a p99 of 900ms".

Each percentile says how many requests take at most that long, the rule one percentile
alone follows (latency_said.py: "a p95 of 220ms" is 95% of requests taking 220ms): the
share up to the first percentile takes its time, each share between two percentiles takes
the later one's, and the requests above the last percentile are strictly slower: they take
the next of client_golang's DefBuckets above it (latency_bounds.py). Said before the
service is first scraped, every time said is a bucket bound of its histogram, so the p50 and
p99 a Then reads with ``histogram_quantile`` are exactly the times said.
"""

from __future__ import annotations

import kubeloop.harness.latency_words  # noqa: F401  (registers latencies and percentiles)
from kubeloop.harness.registry import given, when
from kubeloop.harness.world import World

from .latency_bounds import slower_than
from .latency_profile import _apply, _before, profile
from .service_waits import later
from .services import _ERRORS, _NO_ERRORS, _SERVES, the_service

_FOR = "[ for [the next ]{duration:duration}]"
_TAKE = "<take|took|complete in|finish in|are served in|are answered in|come back in>"
"""What requests do in the time said: "requests to payments take 80ms at the median"."""
_LATENCY_IS = (
    "<latency is|latencies are|response time is|response times are|latency sits at|"
    "latency comes in at>"
)


def _bands(world: World, points: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
    """(share in percent, seconds) of each band up to a percentile said, and of the requests
    above the last one (``slower_than`` its time)."""
    ordered = sorted(points)
    percentiles = [p for p, _ in ordered]
    if len(set(percentiles)) != len(percentiles) or not all(0 < p < 100 for p in percentiles):
        said = ", ".join(f"p{p:g}" for p, _ in points)
        raise world.fail("different percentiles between 0 and 100, e.g. p50 and p99", said)
    times = [t for _, t in ordered]
    if times != sorted(times):
        said = ", ".join(f"p{p:g} {t * 1000:g}ms" for p, t in ordered)
        raise world.fail("a higher percentile no faster than a lower one", said)
    bands = []
    below = 0.0
    for percentile, seconds in ordered:
        bands.append((round(percentile - below, 9), seconds))
        below = percentile
    return [*bands, (round(100.0 - below, 9), slower_than(times[-1]))]


def _answer(
    world: World,
    name: str | None,
    points: tuple[tuple[float, float], ...],
    duration: int | None,
) -> None:
    parts: tuple[tuple[float | None, float], ...] = tuple(_bands(world, points))
    _apply(world, name, profile(parts, _before(world, name)), duration)


@when(
    "{name:service} <answers|responds|replies|serves requests|serves> <in|with> "
    "{points:percentiles}" + _FOR,
    "search answers in 120ms at p50 and 900ms at p99",
    "checkout has a p50 of 80ms and a p99 of 1.2s",
    "the latency of search is 100ms at the median and 2s at the 99th percentile",
    "search's response times are a p50 of 40ms, a p95 of 200ms and a p99 of 600ms",
    variants=(
        "{name:service} has {points:percentiles}" + _FOR,
        "[the ]<latency|latencies|response time|response times> <of|for> {name:service} "
        "<is|are> {points:percentiles}" + _FOR,
        "{name:service}'s " + _LATENCY_IS + " {points:percentiles}" + _FOR,
        "[the ]<requests|calls> <to|for|on> {name:service} "
        + _TAKE
        + " {points:percentiles}"
        + _FOR,
        "{name:service}['s] <requests|calls> " + _TAKE + " {points:percentiles}" + _FOR,
        "its <requests|calls|responses> " + _TAKE + " {points:percentiles}" + _FOR,
        "its <latency|response time|response times> <is|are> {points:percentiles}" + _FOR,
        "its {points:percentiles}" + _FOR,
        "{name:service}'s {points:percentiles}" + _FOR,
    ),
)
def answers_at_percentiles(
    world: World,
    points: tuple[tuple[float, float], ...],
    name: str | None = None,
    duration: int | None = None,
) -> None:
    """The service's requests ("its": the service named last) take the times said at each
    percentile (see the module's docstring), from now or for that long; a service said
    before its traffic waits for it (service_waits)."""
    if not later(world, name, lambda: _answer(world, name, points, duration)):
        _answer(world, name, points, duration)


@given(
    "{name:service} " + _SERVES + " {rate:rps}" + _ERRORS + " <with|and> {points:percentiles}",
    "search serves 80 rps with a p50 of 120ms and a p99 of 900ms",
    "checkout handles 300 rps with 1% errors and 50ms at p50 and 400ms at p99",
    variants=(
        "{name:service} " + _SERVES + " {rate:rps}" + _NO_ERRORS + " <with|and> "
        "{points:percentiles}",
    ),
)
def serves_with_percentiles(
    world: World,
    name: str,
    rate: float,
    points: tuple[tuple[float, float], ...],
    errors: float = 0,
) -> None:
    """The service serving RATE requests a second, its latency at each percentile said."""
    the_service(world, name, rate, errors)
    if world.error is None:
        _answer(world, name, points, None)
