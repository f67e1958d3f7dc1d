"""Many scrapes of a service at once: the values ``Service.scrape`` would write at each of a
run of instants, computed as ``Service.samples`` computes one (the same integer floors, the
same conversions), a list per series instead of one scrape at a time.

Each total is a floored line in the seconds since the service's last change, so over ``P``
scrapes (``runs.period_scrapes``) every whole-number series gains one constant: a long run
is its first ``P + 1`` scrapes computed as one scrape is, the rest continued by adding the
same increments again (whole numbers below 2**53 add exactly, so the floats are the ones
each scrape gives). ``plain`` is the reference that ``tests/telemetry/test_scrapes.py``
holds the continued columns to.

It reads the service's exact totals (its private lines), as a part of ``traffic.py`` would.
"""

from __future__ import annotations

import math
from itertools import accumulate, cycle, islice, pairwise, repeat
from operator import truediv

from kubeloop.telemetry.linear import Line
from kubeloop.telemetry.series import Labels
from kubeloop.telemetry.span.runs import EXACT
from kubeloop.telemetry.traffic import Service

Whole = tuple[dict[Labels, list[int]], list[int]]
"""Each whole-number series' totals at each instant, and the latency seconds' numerators."""


def scrape_values(service: Service, times: range) -> dict[Labels, list[float]] | None:
    """What scrapes at ``times`` (seconds, none before the service's last change) write, per
    series (``up`` included); None if the first of them would write staleness markers (the
    service went down since its last scrape), if its traffic is split by version (its
    pods' versions write their own series: ``traffic_versions.py``), which is not leapt, or
    if a value reaches 2**53 (the runs' whole numbers stay exact: ``span/runs.py``)."""
    if service.versions is not None:
        return None
    up = [1.0 if service.up else 0.0] * len(times)
    if not service.up:
        return None if service._written else {service._series_up: up}
    out = _continuing(service, times)
    if out is None:
        out = _floats(service, _whole(service, times))
        if not all(max(column) < EXACT for column in out.values()):
            return None
    out[service._series_up] = up
    return {labels: out[labels] for labels in (service._series_up, *service._order)}


def plain(service: Service, times: range) -> dict[Labels, list[float]]:
    """``scrape_values`` of a service that is up, each instant's totals floored as one
    scrape floors them (the reference the continued columns are held to)."""
    out = _floats(service, _whole(service, times))
    out[service._series_up] = [1.0] * len(times)
    return {labels: out[labels] for labels in (service._series_up, *service._order)}


def _continuing(service: Service, times: range) -> dict[Labels, list[float]] | None:
    """The samples of ``times`` but ``up``, continued from their first period; None if the
    run is too short for that to pay, or a value could reach 2**53."""
    period = _period(service, times)
    if period is None:
        return None
    whole, seconds = _whole(service, times[: period + 1])
    out: dict[Labels, list[float]] = {}
    done: dict[tuple[int, ...], list[float]] = {}  # (buckets above every latency: one column)
    for labels, head in whole.items():
        key = tuple(head)
        column = done.get(key)
        if column is None:
            column = _continued(list(map(float, head)), period, len(times))
            if column is None:
                return None
            done[key] = column
        out[labels] = column[:]
    increments = [b - a for a, b in pairwise(seconds)]
    numerators = accumulate(islice(cycle(increments), len(times) - 1), initial=seconds[0])
    sums = list(map(truediv, numerators, repeat(service._seconds_denominator)))
    if not max(sums) < EXACT:
        return None
    out[service._series_sum] = sums
    return out


def _period(service: Service, times: range) -> int | None:
    """After how many scrapes every total gains a constant, if the run is long enough for
    continuing to pay (and no instant comes before the last change)."""
    if times[0] < service.since:
        return None
    if service._growth is None:
        service._growth = service._linear()
    served, failed, observed = service._growth
    period = 1
    for _, slope, den in (served, failed, *observed):
        period = math.lcm(period, den // math.gcd(slope * times.step, den))
    return period if 2 * (period + 1) <= len(times) else None


def _continued(head: list[float], period: int, count: int) -> list[float] | None:
    """``head`` (a series' first ``period + 1`` values) continued to ``count`` values, each
    ``period`` later the one before plus the same gain; None if a value could reach 2**53
    (where adding whole floats stops being exact)."""
    increments = [b - a for a, b in pairwise(head)]
    if not any(increments):
        return [head[0]] * count
    gain = head[-1] - head[0]
    if max(map(abs, head)) + abs(gain) * (count // period + 1) >= EXACT:
        return None
    return list(accumulate(islice(cycle(increments), count - 1), initial=head[0]))


def _whole(service: Service, times: range) -> Whole:
    """The whole-number totals at ``times`` as ``Service.samples`` floors them."""
    if service._growth is None:
        service._growth = service._linear()
    served, failed, observed = service._growth
    elapsed = [max(0, t - service.since) for t in times]

    def floors(line: Line) -> list[int]:
        base, slope, den = line
        return [(base + slope * e) // den for e in elapsed]

    requests, errors = floors(served), floors(failed)
    out = {
        service._series_ok: [r - e for r, e in zip(requests, errors, strict=True)],
        service._series_error: errors,
    }
    per_bucket = [[0] * len(times) for _ in service._series_buckets]
    seconds = [0] * len(times)
    before = [0] * len(times)
    for (bucket, weight), line in zip(service._latencies, observed, strict=True):
        under = floors(line)
        counts = [b - a for a, b in zip(before, under, strict=True)]
        before = under
        per_bucket[bucket] = [a + c for a, c in zip(per_bucket[bucket], counts, strict=True)]
        seconds = [s + c * weight for s, c in zip(seconds, counts, strict=True)]
    cumulative = [0] * len(times)
    for (_, labels), counts in zip(service._series_buckets, per_bucket, strict=True):
        cumulative = [a + c for a, c in zip(cumulative, counts, strict=True)]
        out[labels] = cumulative
    out[service._series_count] = cumulative
    return out, seconds


def _floats(service: Service, whole: Whole) -> dict[Labels, list[float]]:
    """The samples of ``_whole``'s totals (the latency seconds divided as a scrape does)."""
    totals, seconds = whole
    out = {labels: [float(c) for c in column] for labels, column in totals.items()}
    out[service._series_sum] = [s / service._seconds_denominator for s in seconds]
    return out


def note_scraped(service: Service, first: int) -> None:
    """A leap wrote the service's scrapes (``scrape_values``), the first at ``first``
    (seconds): it now holds what they, by ``Service.scrape``, would have left — its buckets
    fixed, and the series a scrape while it is down marks stale."""
    service.note_scraped(first)
    if service.up:
        service._written = set(service._order)
