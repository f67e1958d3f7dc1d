"""Counters and histograms that grow on the clock: "the counter X grows by 600 every minute".

A series named in PromQL notation grows at a steady rate from the moment it is declared;
it is scraped as services are (every scrape interval, 1 minute by default) through the
engine's public ``add_series``, so rate(), increase() and rules read it as Prometheus
would read a scraped counter. "stops growing" keeps its value, "is reset" drops it to 0
(rate() reads through the reset), "grows by N per second" changes its rate from now on.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from kubeloop.core.clock import ORDER_SCRAPE
from kubeloop.harness.registry import given, when
from kubeloop.harness.world import World

from .telemetry_part import (
    call,
    parse_number,
    require_table,
    series_text,
    show,
    telemetry,
)

COUNTERS = "telemetry.counters"
DEFAULT_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)
"""client_golang's DefBuckets: the buckets of a histogram given as observed values."""
MAX_RATE = 1e12
_GROW = "<grows|increases|goes up|rises|is growing|is increasing> <by|at>[ a rate of]"
_GROWING = "<a|the> counter {series:series} <growing|increasing|that grows|that increases> <by|at>"


@dataclass
class _Counter:
    labels: dict[str, str]
    per_second: float
    base: float
    since: int
    last_written: int | None = None

    def value(self, now: int) -> float:
        return self.base + self.per_second * (now - self.since)

    def change(self, now: int, per_second: float, base: float | None = None) -> None:
        self.base = self.value(now) if base is None else base
        self.since, self.per_second = now, per_second


def _counters(world: World) -> dict[str, _Counter]:
    found: dict[str, _Counter] = world.parts.setdefault(COUNTERS, {})
    return found


def _labels(world: World, series: str) -> dict[str, str]:
    # promtool's notation brings all of PromQL with it: loaded when a step reads a series
    from kubeloop.telemetry.promtool.notation import NotationError, parse_metric  # noqa: PLC0415

    try:
        labels = parse_metric(series)
    except NotationError as error:
        raise world.fail(
            'a series such as jobs_total{queue="emails"}', f"{series!r}: {error}"
        ) from None
    if "__name__" not in labels:
        raise world.fail('a series with a metric name, such as jobs_total{queue="emails"}', series)
    return labels


def _write(world: World, counter: _Counter, now: int) -> None:
    if counter.last_written is not None and now <= counter.last_written:
        return
    call(world, "add_series", counter.labels, [(now * 1000, counter.value(now))])
    counter.last_written = now


def _declare(world: World, labels: dict[str, str], per_second: float, base: float = 0.0) -> None:
    key = series_text(labels)
    counters = _counters(world)
    if key in counters:
        raise world.fail(f"one declaration of the counter {key}", "it was declared already")
    engine = telemetry(world)
    now = world.clock.now
    counter = counters[key] = _Counter(labels, per_second, base, now)
    interval = int(getattr(engine, "scrape_interval", 60))
    world.clock.every(
        interval, lambda t: _write(world, counter, t), name=f"counter:{key}", order=ORDER_SCRAPE
    )
    _write(world, counter, now)


def _per_second(world: World, amount: float, every: int) -> float:
    if every <= 0:
        raise world.fail("an interval of at least 1 second", f"{every} seconds")
    rate = amount / every
    if not math.isfinite(rate) or rate > MAX_RATE:
        raise world.fail(f"a growth of at most {MAX_RATE:g} a second", show(rate))
    return rate


def _known(world: World, series: str) -> _Counter:
    key = series_text(_labels(world, series))
    counters = _counters(world)
    if key not in counters:
        names = ", ".join(sorted(counters)) or "none"
        raise world.fail(f"a counter {key} declared by a Given", f"the counters are {names}")
    return counters[key]


@given(
    "[the ][counter ]{series:series} " + _GROW + " {amount:decimal}[ ]{every:every}",
    'the counter jobs_processed_total{queue="emails"} grows by 600 every minute',
    'the counter http_requests_total{job="web",code="200"} grows by 180 per second',
    "jobs_total increases by 50 per 5m",
    "the counter jobs_total grows at 10/s",
    "a counter jobs_total growing by 10 per second",
    variants=(_GROWING + " {amount:decimal}[ ]{every:every}",),
)
def counter_grows(world: World, series: str, amount: float, every: int) -> None:
    """A counter growing steadily from now, scraped every scrape interval (from 0, or from
    its value now if declared already: then its rate changes from now on)."""
    per_second = _per_second(world, amount, every)
    labels = _labels(world, series)
    found = _counters(world).get(series_text(labels))
    if found is None:
        _declare(world, labels, per_second)
    else:
        found.change(world.clock.now, per_second)


@when(
    "[the ][counter ]{series:series} "
    "<stops growing|stops increasing|stops incrementing|stays flat|stops>",
    'the counter http_requests_total{job="web",code="500"} stops growing',
)
def counter_stops(world: World, series: str) -> None:
    """The counter keeps the value it has now (still scraped, so rate() falls to 0)."""
    _known(world, series).change(world.clock.now, 0.0)


@when(
    "[the ][counter ]{series:series} <is reset|resets|restarts>[ <to 0|to zero|from 0>]",
    "the counter jobs_total is reset",
    "jobs_total resets",
)
def counter_resets(world: World, series: str) -> None:
    """The counter drops to 0 now (a process restart) and keeps growing at its rate."""
    counter = _known(world, series)
    counter.change(world.clock.now, counter.per_second, base=0.0)


@given(
    "[the ]gauge {series:series} <is|is set to|reads|starts at|becomes|drops to|rises to> "
    "{value:number}",
    "the gauge queue_depth is 5",
    'the gauge temperature_celsius{room="a"} drops to 18.5',
)
def gauge_is(world: World, series: str, value: str) -> None:
    """A gauge reading VALUE from now on, scraped every scrape interval (said again, it
    changes from now)."""
    number = parse_number(value)
    if math.isnan(number) or abs(number) > MAX_RATE:
        raise world.fail(f"a gauge value from -{MAX_RATE:g} to {MAX_RATE:g}", value)
    labels = _labels(world, series)
    found = _counters(world).get(series_text(labels))
    if found is None:
        _declare(world, labels, 0.0, base=number)
    else:
        found.change(world.clock.now, 0.0, base=number)


@given(
    "the histogram {series:series} <observes|records|receives> per second:",
    'the histogram http_request_duration_seconds{job="web"} observes per second:',
)
def histogram_observes(world: World, series: str) -> None:
    """Observations a second, from now: a table | le | count | of cumulative bucket counts
    (as Prometheus writes them; +Inf defaults to the largest), or | value | count | of
    observed values, counted into client_golang's default buckets.

    It writes NAME_bucket{…, le} and NAME_count (and NAME_sum for values) as counters.
    """
    labels = _labels(world, series)
    header = [c.strip().lower() for c in (world.step.datatable or [[""]])[0]]
    total: float | None = None
    if header == ["value", "count"]:
        buckets, total = _from_values(world, require_table(world, ("value", "count")))
    else:
        buckets, total = _from_buckets(world, require_table(world, ("le", "count")))
    name = labels["__name__"]
    for le, count in buckets:
        _declare(world, {**labels, "__name__": f"{name}_bucket", "le": le}, count)
    _declare(world, {**labels, "__name__": f"{name}_count"}, buckets[-1][1])
    if total is not None:
        _declare(world, {**labels, "__name__": f"{name}_sum"}, total)


def _count(world: World, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or not 0 <= value <= MAX_RATE:
        raise world.fail(f"a count a second from 0 to {MAX_RATE:g}", repr(text))
    return value


def _bound(world: World, text: str) -> float:
    try:
        value = math.inf if text.lower() in ("+inf", "inf") else float(text)
    except ValueError:
        value = math.nan
    if math.isnan(value) or value == -math.inf:
        raise world.fail("a bucket bound such as 0.25 or +Inf", repr(text))
    return value


def _from_buckets(world: World, rows: list[dict[str, str]]) -> tuple[list[tuple[str, float]], None]:
    pairs = sorted((_bound(world, r["le"]), r["le"], _count(world, r["count"])) for r in rows)
    for (low, low_text, low_count), (_, high_text, high_count) in itertools.pairwise(pairs):
        if high_count < low_count:
            raise world.fail(
                "cumulative bucket counts (each le counts every observation at or below it)",
                f"le {high_text} counts {show(high_count)}, fewer than le {low_text}",
            )
        if low == math.inf:
            raise world.fail("one +Inf bucket", "two")
    buckets = [(text, count) for _, text, count in pairs]
    if pairs[-1][0] != math.inf:
        buckets.append(("+Inf", pairs[-1][2]))
    return buckets, None


def _from_values(world: World, rows: list[dict[str, str]]) -> tuple[list[tuple[str, float]], float]:
    observed = [(_bound(world, r["value"]), _count(world, r["count"])) for r in rows]
    if any(v == math.inf for v, _ in observed):
        raise world.fail("finite observed values", "+Inf")
    buckets = [
        (f"{le:g}", sum(c for v, c in observed if v <= le)) for le in (*DEFAULT_BUCKETS, math.inf)
    ]
    buckets[-1] = ("+Inf", buckets[-1][1])
    return buckets, sum(v * c for v, c in observed)
