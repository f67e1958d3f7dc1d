"""Where a latency said in a scenario sits in its service's histogram.

Prometheus's advice for histograms ("Histograms and summaries": put a bucket boundary at the
latency you care about, e.g. your SLO's target) is what the team's instrumentation follows:
every latency a scenario gives a service's requests before the service is first scraped is
a bucket bound of its histogram, besides client_golang's DefBuckets. So a p99 said as 180ms
reads back as 180ms: ``histogram_quantile`` lands on the bound, not inside a wider bucket.
The bounds are fixed from the first scrape on: a latency said later adds none, as real
instrumentation's buckets never change mid-run (such a time is read inside its bucket, and a
failed check says so: bucket_note.py).

A percentile says how many requests take at most that long, so the ones above the last
percentile said are strictly slower: they take ``slower_than`` it. The read is exact when
each share is whole requests at every scrape (1% of 100 requests a second); counts are whole
requests, so at a few requests a second the tail's counts round and the estimate moves.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from kubeloop.harness.world import World
from kubeloop.telemetry.traffic import BUCKETS

LONGEST = 3600.0
"""The longest a request takes here (the engine's bound on a latency), in seconds."""


def slower_than(seconds: float) -> float:
    """The time the requests above a percentile of SECONDS take: the next of client_golang's
    DefBuckets above it (a bound already, so the percentile stays exact), or, above the
    last (10 s), twice SECONDS (at most an hour)."""
    return next((bound for bound in BUCKETS if bound > seconds), min(seconds * 2, LONGEST))


def bound_latencies(world: World, service: Any, times: Iterable[float]) -> None:
    """Give the service's histogram a bucket bound at each of TIMES (seconds) while its
    buckets are not yet fixed (before its first scrape); afterwards, nothing. An engine
    without ``add_buckets`` keeps its own buckets."""
    if not hasattr(service, "add_buckets") or world.attribute(service, "buckets_fixed"):
        return
    bounds = sorted({float(seconds) for seconds in times if seconds > 0})
    add = world.capability(service, "add_buckets")
    world.attempt(lambda: add(bounds))
