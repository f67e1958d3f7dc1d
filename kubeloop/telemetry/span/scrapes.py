"""Many scrapes of a service at once: the values ``Service.scrape`` would write at each of a
run of instants, computed as ``Service.samples`` computes one (the same integer floors, the
same conversions), a list per series instead of one scrape at a time.

It reads the service's exact totals (its private lines), as a part of ``traffic.py`` would.
"""

from __future__ import annotations

from kubeloop.telemetry.linear import Line
from kubeloop.telemetry.series import Labels
from kubeloop.telemetry.traffic import Service


def scrape_values(service: Service, times: range) -> dict[Labels, list[float]] | None:
    """What scrapes at ``times`` (seconds, none before the service's last change) write, per
    series (``up`` included); None if the first of them would write staleness markers (the
    service went down since its last scrape), or if its traffic is split by version (its
    pods' versions write their own series: ``traffic_versions.py``), which is not leapt."""
    if service.versions is not None:
        return None
    up = [1.0 if service.up else 0.0] * len(times)
    if not service.up:
        return None if service._written else {service._series_up: up}
    if service._growth is None:
        service._growth = service._linear()
    served, failed, observed = service._growth
    elapsed = [max(0, t - service.since) for t in times]

    def floors(line: Line) -> list[int]:
        base, slope, den = line
        return [(base + slope * e) // den for e in elapsed]

    requests, errors = floors(served), floors(failed)
    out = {
        service._series_up: up,
        service._series_ok: [float(r - e) for r, e in zip(requests, errors, strict=True)],
        service._series_error: [float(e) for e in errors],
    }
    per_bucket = [[0] * len(times) for _ in service._series_buckets]
    seconds = [0] * len(times)
    for (bucket, weight), line in zip(service._latencies, observed, strict=True):
        counts = floors(line)
        per_bucket[bucket] = [a + c for a, c in zip(per_bucket[bucket], counts, strict=True)]
        seconds = [s + c * weight for s, c in zip(seconds, counts, strict=True)]
    cumulative = [0] * len(times)
    for (_, labels), counts in zip(service._series_buckets, per_bucket, strict=True):
        cumulative = [a + c for a, c in zip(cumulative, counts, strict=True)]
        out[labels] = [float(c) for c in cumulative]
    out[service._series_sum] = [s / service._seconds_denominator for s in seconds]
    out[service._series_count] = [float(c) for c in cumulative]
    return out


def note_scraped(service: Service) -> None:
    """A leap wrote the service's scrapes (``scrape_values``): it now holds what the last of
    them, by ``Service.scrape``, would have left — the series a scrape while it is down
    marks stale."""
    if service.up:
        service._written = set(service._order)
