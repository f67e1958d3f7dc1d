"""A service's latency percentiles in words: "the p99 latency of web is 0.25 seconds".

The sentence stands for the query an SRE would write over the service's histogram,
``histogram_quantile(q, sum by (le) (rate(http_request_duration_seconds_bucket{job="web"}
[5m])))``, evaluated now; the window is 5 minutes unless the sentence gives one.
"""

from __future__ import annotations

import itertools
import math

from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .counters import DEFAULT_BUCKETS
from .series import evaluate, single_value
from .services import the_named
from .telemetry_part import matches, parse_number, show

_OF = (
    "[ <latency|response time|request latency|request duration|latencies|response times>]"
    "[ <of|for> {service:service}][ over [the last ]{window:duration}]"
)
_SUBJECTS = (
    "[the ]p{percentile:decimal}" + _OF,
    "[the ]{percentile:decimal}th percentile" + _OF,
    "[the ]median" + _OF,
    "{service:service}'s p{percentile:decimal}[ <latency|response time>][ over [the last ]"
    "{window:duration}]",
    "{service:service}'s median <latency|response time>[ over [the last ]{window:duration}]",
    *(
        f"[the ]{which} of {{service:service}}{whose} <latency|response time|request latency|"
        "latencies|response times|requests>[ over [the last ]{window:duration}]"
        for which in ("p{percentile:decimal}", "{percentile:decimal}th percentile")
        for whose in ("", "'s")
    ),
)
"""p99, the 99th percentile, the median (p50); over the last 5 minutes unless a window is said."""
_IS = " is [{about:about} ]{value:latency}"
_COMPARES = " is {bound:comparison} {value:latency}"
_DEFAULT_WINDOW = 300


def _quantile(
    world: World,
    percentile: float | None,
    service: str | None,
    window: int | None,
    at: int | None = None,
) -> float:
    """The latency quantile, in seconds, evaluated now (the median without a percentile);
    without a service, of the one named last (or the only one)."""
    service = the_named(world, service)
    share = 50.0 if percentile is None else percentile
    if not 0 < share < 100:
        raise world.fail("a percentile between 0 and 100, e.g. p99 or p99.9", f"p{share:g}")
    seconds = window or _DEFAULT_WINDOW
    expr = (
        f"histogram_quantile({round(share / 100, 12)!r}, sum by (le) "
        f'(rate(http_request_duration_seconds_bucket{{job="{service}"}}[{seconds}s])))'
    )
    evaluate(world, expr, at)
    if world.error is not None:
        raise world.fail(f'"{expr}" to evaluate', str(world.take_error()))
    return single_value(world, "a latency")[1]


@then(
    _SUBJECTS[0] + _IS,
    "the p99 latency of web is 0.25 seconds",
    'the p99.9 latency of "web" is 0.95 s',
    "the median latency of web is 50 ms",
    "the 90th percentile latency of web over the last 10 minutes is 0.1",
    variants=tuple(subject + _IS for subject in _SUBJECTS[1:]),
)
def latency_is(
    world: World,
    value: tuple[str, float],
    service: str | None = None,
    percentile: float | None = None,
    window: int | None = None,
    about: str | None = None,
) -> None:
    """The service's latency at that percentile (the median: p50), by histogram_quantile over
    its request histogram, is VALUE (seconds unless ms), to the decimals written; "about",
    "around": within a tenth of it."""
    service = the_named(world, service)
    got = _quantile(world, percentile, service, window)
    written, factor = value
    expected = parse_number(written)
    close = about is not None and abs(got * factor - expected) <= expected / 10
    if not (close or matches(written, got * factor)):
        seen = _seen(got, factor) + _bucket_hint(expected / factor, got, service, percentile)
        raise world.fail(_said(percentile, service, f"= {written}", factor), seen)


def _bucket_hint(wanted: float, got: float, service: str, percentile: float | None) -> str:
    """Why a latency said as a percentile reads back as another number in the same bucket:
    histogram_quantile estimates inside the bucket that holds it (linear interpolation, as
    Prometheus does), so the check to write is the bucket's range."""
    bounds = (0.0, *DEFAULT_BUCKETS)
    for low, high in itertools.pairwise(bounds):
        if low < wanted < high and low <= got <= high:
            share = "median" if percentile is None else f"p{percentile:g}"
            low_ms, high_ms = show(low * 1000), show(high * 1000)
            span = f"{low_ms}ms and {high_ms}ms"
            return (
                f"; Prometheus estimates a percentile inside the histogram bucket that holds it "
                f"(client_golang's bucket from {low_ms}ms to {high_ms}ms), so "
                f"{show(wanted * 1000)} ms reads back as {show(got * 1000)} ms: check the "
                f"bucket ({service}'s {share} is between {span}), see docs/telemetry.md"
            )
    return ""


@then(
    _SUBJECTS[0] + _COMPARES,
    "the p99 latency of web is below 0.5 seconds",
    "the p99.9 latency of web is under 1000 ms",
    variants=tuple(subject + _COMPARES for subject in _SUBJECTS[1:]),
)
def latency_compares(
    world: World,
    bound: str,
    value: tuple[str, float],
    service: str | None = None,
    percentile: float | None = None,
    window: int | None = None,
) -> None:
    """The service's latency at that percentile is above, below, at least or at most VALUE."""
    service = the_named(world, service)
    got = _quantile(world, percentile, service, window)
    written, factor = value
    if not compare(got * factor, bound, parse_number(written)):
        wanted = f"{bound} {written}"
        raise world.fail(_said(percentile, service, wanted, factor), _seen(got, factor))


_BETWEEN = " is between {low:latency} and {high:latency}"


@then(
    _SUBJECTS[0] + _BETWEEN,
    'the p99 latency of "payments" is between 250ms and 1.2s',
    variants=tuple(subject + _BETWEEN for subject in _SUBJECTS[1:]),
)
def latency_between(
    world: World,
    low: tuple[str, float],
    high: tuple[str, float],
    service: str | None = None,
    percentile: float | None = None,
    window: int | None = None,
) -> None:
    """The service's latency at that percentile is from LOW to HIGH (both included; each
    in seconds unless it says ms)."""
    service = the_named(world, service)
    got = _quantile(world, percentile, service, window)
    least, most = (parse_number(n) / per_second for n, per_second in (low, high))
    if least > most:
        raise world.fail("a range from low to high", f"{show(least)} s … {show(most)} s")
    if not least <= got <= most:
        wanted = f"between {show(least)} and {show(most)}"
        raise world.fail(_said(percentile, service, wanted, 1.0), _seen(got, 1.0))


_STAYED = (
    " <stayed|stays|has stayed|remained|remains|has remained|was|has been> {bound:comparison} "
    "{value:latency}"
    "[ <the whole time|throughout|all along|the entire time|all the time>]"
)


@then(
    _SUBJECTS[0] + _STAYED,
    "the median latency of web has stayed under 100 milliseconds the whole time",
    variants=tuple(subject + _STAYED for subject in _SUBJECTS[1:]),
)
def latency_stayed(
    world: World,
    bound: str,
    value: tuple[str, float],
    service: str | None = None,
    percentile: float | None = None,
    window: int | None = None,
) -> None:
    """The latency (as above) agreed at every minute so far (minutes without requests
    are skipped)."""
    written, factor = value
    now = world.clock.now
    step = max(60, now // 10_000)
    for at in range(step, now + 1, step):
        got = _quantile(world, percentile, service, window, at)
        if not math.isnan(got) and not compare(
            got * factor, bound, parse_number(written)
        ):  # NaN: none
            wanted = f"{bound} {written}"
            seen = f"{_seen(got, factor)} at {at // 60} minutes"
            raise world.fail(_said(percentile, service, wanted, factor) + " the whole time", seen)


def _said(percentile: float | None, service: str | None, wanted: str, factor: float) -> str:
    share = "p50" if percentile is None else f"p{percentile:g}"
    return f'the {share} latency of "{service}" {wanted} {"ms" if factor > 1 else "s"}'


def _seen(seconds: float, factor: float) -> str:
    return (
        f"{show(seconds * factor)} ms ({show(seconds)} s)" if factor > 1 else f"{show(seconds)} s"
    )
