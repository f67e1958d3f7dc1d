"""Synthetic traffic: a service that serves requests and exposes what a client library would.

A ``Service`` serves ``rate`` requests per second, fails ``error_ratio`` of them, and
answers within a latency profile. Each scrape writes, at the scrape's instant:

* ``http_requests_total{job, service, code="200"}`` and ``{…, code="500"}`` — counters of the
  requests served so far (both exist from the first scrape, as an exporter that
  pre-initializes its label values writes them);
* ``http_request_duration_seconds_bucket{job, service, le}`` (cumulative, ``le`` written in
  Prometheus 3's normalized float form: ``0.1``, ``1.0``, ``+Inf``), ``_sum`` and
  ``_count``;
* ``up{job, service}`` — 1, or 0 while the service is down; then the other series get
  staleness markers, as Prometheus writes them when a target stops answering.

Arithmetic is exact (``Fraction``): counts are whole requests, the integer part of the
exact accumulated totals, so a run is the same on every machine and 100 requests per
second at 2% errors is exactly 2 errors per second. A bucket counts the whole requests of
the exact total at or under its bound, as a client that observes each request once does:
``_count`` and the ``+Inf`` bucket are the requests served, and a band's fraction of a
request never moves a bucket below it (``observed``: the latencies' counts are the
differences of those cumulative floors).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from kubeloop.errors import InvalidSpecError
from kubeloop.telemetry.linear import Line as _Line
from kubeloop.telemetry.linear import exact_bound, exact_number, floor_at, format_le, line_of
from kubeloop.telemetry.series import Labels, SeriesStore

BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""client_golang's DefBuckets."""
DEFAULT_LATENCY = ((0.05, 0.5), (0.1, 0.4), (0.25, 0.09), (1.0, 0.01))
"""Half the requests take 50 ms, 40% 100 ms, 9% 250 ms, 1% one second."""
MAX_RATE = 1_000_000
OK, ERROR = "200", "500"
_NAME = re.compile(r"[A-Za-z0-9][-A-Za-z0-9_.]{0,62}")


_Growth = tuple[_Line, _Line, list[_Line]]


@dataclass(frozen=True)
class TrafficView:
    """What a service has served so far (a snapshot)."""

    name: str
    rate: float
    error_ratio: float
    requests: int
    errors: int
    up: bool


def target_labels(name: str) -> dict[str, str]:
    """The labels a service's scrape target gives every series it exposes: its name as
    ``job`` and as ``service``, as the Prometheus Operator's ServiceMonitor relabeling
    writes them (``service`` from ``__meta_kubernetes_service_name``, and ``job`` from the
    same unless a ``jobLabel`` says otherwise). The per-pod target labels (``pod``,
    ``instance``, ``container``, ``endpoint``) are left out: a service here is one target,
    not one per pod."""
    return {"job": name, "service": name}


class Versions(Protocol):
    """A split service's versions (``traffic_versions.VersionedTraffic``), as the service
    asks them: follow its changes, answer its totals and counters, write their series."""

    def follow(self, now: int) -> None: ...

    def counter_lines(self) -> dict[Labels, list[tuple[int, _Line]]]: ...

    def totals(self, now: int, requests: int, errors: int) -> tuple[int, int]: ...

    def scrape(self, store: SeriesStore, now: int, unversioned: set[Labels]) -> None: ...


class Service:
    def __init__(
        self,
        name: str,
        rate: float | Fraction,
        error_ratio: float | Fraction = 0,
        *,
        start: int = 0,
        latency: Sequence[tuple[float, float]] = DEFAULT_LATENCY,
        buckets: Sequence[float] = BUCKETS,
        labels: Mapping[str, str] | None = None,
    ) -> None:
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise InvalidSpecError(
                f"a service name is a job label value: letters, digits, '.', '_' and '-', "
                f"at most 63 characters, starting with a letter or digit, not {name!r}"
            )
        self.name = name
        self._rate = exact_number(rate, f'service "{name}": requests per second', 0, MAX_RATE)
        self._ratio = exact_number(error_ratio, f'service "{name}": the error ratio', 0, 1)
        if list(buckets) != sorted(set(buckets)) or not buckets or math.isinf(buckets[-1]):
            raise InvalidSpecError(f'service "{name}": buckets must be finite and increasing')
        self._buckets = tuple(buckets)
        self._scraped_at: int | None = None
        """When the service was first scraped: its buckets are fixed from then on."""
        self._latency = self._profile(latency)
        self._since = start
        self._served = Fraction(0)
        self._failed = Fraction(0)
        self._observed: dict[Fraction, Fraction] = {}
        """Requests served so far, by latency (exact)."""
        self.up = True
        self._written: set[Labels] = set()
        target = target_labels(name)
        extra = {**target, **(labels or {})}  # and a version's labels (traffic_versions.py)
        self.versions: Versions | None = None
        self._series_ok = Labels.of(__name__="http_requests_total", code=OK, **extra)
        self._series_error = Labels.of(__name__="http_requests_total", code=ERROR, **extra)
        self._series_up = Labels.of(__name__="up", **target)
        self._extra = extra
        base = "http_request_duration_seconds"
        self._series_sum = Labels.of(__name__=f"{base}_sum", **extra)
        self._series_count = Labels.of(__name__=f"{base}_count", **extra)
        self._growth: _Growth | None = None
        self.revision = 0
        """Counts the changes a scenario made (rate, errors, latency, up/down, buckets)."""
        self._latencies: list[tuple[int, int]] = []
        """(bucket, latency × the common denominator) of each latency ever observed, fastest
        first: the order of ``_growth``'s cumulative lines."""
        self._seconds_denominator = 1
        self._histogram_series()

    def _histogram_series(self) -> None:
        """The bucket series of ``self._buckets`` (and +Inf), and every series in order."""
        self._series_buckets = tuple(
            (
                None if math.isinf(b) else exact_bound(b),
                Labels.of(
                    __name__="http_request_duration_seconds_bucket", le=format_le(b), **self._extra
                ),
            )
            for b in (*self._buckets, math.inf)
        )
        self._bucket_index: dict[Fraction, int] = {}
        self._order = sorted(
            [self._series_ok, self._series_error, self._series_sum, self._series_count]
            + [labels for _, labels in self._series_buckets]
        )

    @property
    def buckets(self) -> tuple[float, ...]:
        """The bucket bounds of the request histogram (+Inf left out)."""
        return self._buckets

    @property
    def buckets_fixed(self) -> bool:
        """Whether the bucket bounds can no longer change: the service has been scraped (a
        histogram's buckets are the instrumentation's, the same for the whole run), or its
        traffic is split by version (each version's histogram took the bounds then)."""
        return self._scraped_at is not None or self.versions is not None

    def add_buckets(self, bounds: Iterable[float]) -> None:
        """Bucket bounds besides the ones the histogram has, as instrumentation configured
        with the latencies its team cares about has them (Prometheus's advice: a bound at
        the latency of interest, so ``histogram_quantile`` reads it exactly). Given before
        the first scrape; afterwards refused, with nothing changed."""
        what = f'service "{self.name}": a bucket bound'
        exact = {exact_number(b, what, 0, 3600) for b in bounds}
        if 0 in exact:
            raise InvalidSpecError(f"{what} must be above 0 seconds, not 0")
        if self.buckets_fixed:
            when = "it was split by version"
            if self._scraped_at is not None:
                when = f"its first scrape (at {self._scraped_at} s)"
            raise InvalidSpecError(
                f'service "{self.name}": the buckets of its histogram are fixed since {when}, '
                "as real instrumentation's are; give bucket bounds before time passes"
            )
        known = {exact_bound(b) for b in self._buckets}
        added = sorted(b for b in exact if b not in known)
        if not added:
            return
        self._buckets = tuple(sorted((*self._buckets, *(float(b) for b in added))))
        self._histogram_series()
        self._growth = None
        self.revision += 1

    def _profile(
        self, latency: Sequence[tuple[float, float]]
    ) -> tuple[tuple[Fraction, Fraction], ...]:
        what = f'service "{self.name}": latency'
        profile = tuple(
            (exact_number(s, what, 0, 3600), exact_number(share, what + " share", 0, 1))
            for s, share in latency
        )
        if not profile or sum(share for _, share in profile) != 1:
            raise InvalidSpecError(f"{what} shares must add up to 100%")
        return profile

    # --- changes a scenario makes ------------------------------------------------------

    def set_error_ratio(self, ratio: float | Fraction, now: int) -> None:
        exact = exact_number(ratio, f'service "{self.name}": the error ratio', 0, 1)
        self._serve_until(now)
        self._ratio = exact
        self._changed()

    def set_rate(self, rate: float | Fraction, now: int) -> None:
        exact = exact_number(rate, f'service "{self.name}": requests per second', 0, MAX_RATE)
        self._serve_until(now)
        self._rate = exact
        self._changed()

    def set_latency(self, latency: Sequence[tuple[float, float]], now: int) -> None:
        profile = self._profile(latency)
        self._serve_until(now)
        self._latency = profile
        self._changed()

    def set_up(self, up: bool, now: int) -> None:
        self._serve_until(now)
        self.up = up
        self._changed()

    def _changed(self) -> None:
        self._growth = None
        self.revision += 1
        if self.versions is not None:
            self.versions.follow(self._since)

    @property
    def since(self) -> int:
        """When the traffic last changed (seconds): the start of the current steady run."""
        return self._since

    def counter_lines(self) -> dict[Labels, list[tuple[int, _Line]]]:
        """Each whole-number series a scrape writes, as ``Σ sign × (b + s × e) // d`` over
        lines ``(b, s, d)`` in the seconds ``e`` since ``since`` (``up``: a constant, no
        lines). Only ``up`` while the service is down (the rest then go stale)."""
        lines: dict[Labels, list[tuple[int, _Line]]] = {self._series_up: []}
        if self.versions is not None:
            return {**lines, **self.versions.counter_lines()} if self.up else lines
        if not self.up:
            return lines
        if self._growth is None:
            self._growth = self._linear()
        served, failed, observed = self._growth
        lines[self._series_ok] = [(1, served), (-1, failed)]
        lines[self._series_error] = [(1, failed)]
        cumulative: list[tuple[int, _Line]] = []
        for index, (_, labels) in enumerate(self._series_buckets):
            under = [o for (b, _), o in zip(self._latencies, observed, strict=True) if b <= index]
            cumulative = [(1, under[-1])] if under else []
            lines[labels] = cumulative
        lines[self._series_count] = cumulative
        return lines

    # --- serving and scraping ------------------------------------------------------------

    def _serve_until(self, now: int) -> None:
        """Serve the requests of (since, now]; a service that is down serves nothing."""
        if now <= self._since:
            return
        serving = self.up and self.versions is None  # split: the versions serve
        served = self._rate * (now - self._since) if serving else Fraction(0)
        self._served += served
        self._failed += served * self._ratio
        for seconds, share in self._latency:
            self._observed[seconds] = self._observed.get(seconds, Fraction(0)) + served * share
        self._since = now
        self._growth = None

    def view(self, now: int) -> TrafficView:
        requests, errors, _ = self._totals(now)
        if self.versions is not None:
            requests, errors = self.versions.totals(now, requests, errors)
        return TrafficView(
            self.name, float(self._rate), float(self._ratio), requests, errors, self.up
        )

    def samples(self, now: int) -> dict[Labels, float]:
        """The values a scrape at ``now`` reads (without ``up``)."""
        requests, errors, observed = self._totals(now)
        out = {self._series_ok: float(requests - errors), self._series_error: float(errors)}
        observed = differences(observed)
        per_bucket = [0] * len(self._series_buckets)
        seconds = 0
        for (bucket, weight), count in zip(self._latencies, observed, strict=True):
            per_bucket[bucket] += count
            seconds += count * weight
        cumulative = 0
        for (_, labels), count in zip(self._series_buckets, per_bucket, strict=True):
            cumulative += count
            out[labels] = float(cumulative)
        out[self._series_sum] = seconds / self._seconds_denominator
        out[self._series_count] = float(cumulative)
        return out

    def _totals(self, now: int) -> tuple[int, int, list[int]]:
        """Whole requests served and failed by ``now``, and observed at or under each
        latency (fastest first; ``differences`` gives each latency's own): the floors of the
        exact totals, in integer arithmetic (each total grows linearly in time from
        the last change, so it is ``(base + slope × elapsed) // denominator``)."""
        if self._growth is None:
            self._growth = self._linear()
        served, failed, observed = self._growth
        elapsed = max(0, now - self._since)
        return (
            floor_at(served, elapsed),
            floor_at(failed, elapsed),
            [floor_at(o, elapsed) for o in observed],
        )

    def _linear(self) -> _Growth:
        """The totals as ``(base, slope, denominator)`` integers since the last change."""
        rate = self._rate if self.up and self.versions is None else Fraction(0)
        profile = dict(self._latency)
        for seconds in profile:
            self._observed.setdefault(seconds, Fraction(0))
        fastest_first = sorted(self._observed)
        denominator = math.lcm(*(s.denominator for s in fastest_first))
        self._seconds_denominator = denominator
        self._latencies = [
            (self._bucket_of(s), s.numerator * (denominator // s.denominator))
            for s in fastest_first
        ]
        under: list[_Line] = []
        total, share = Fraction(0), Fraction(0)
        for seconds in fastest_first:
            total += self._observed[seconds]
            share += profile.get(seconds, Fraction(0))
            under.append(line_of(total, rate * share))
        return line_of(self._served, rate), line_of(self._failed, rate * self._ratio), under

    def note_scraped(self, now: int) -> None:
        """A scrape read the service at ``now`` (by ``scrape`` or a leap over many)."""
        if self._scraped_at is None:
            self._scraped_at = now

    def _bucket_of(self, latency: Fraction) -> int:
        """The first bucket whose bound holds ``latency`` (le is inclusive), remembered."""
        found = self._bucket_index.get(latency)
        if found is None:
            found = next(
                i for i, (b, _) in enumerate(self._series_buckets) if b is None or latency <= b
            )
            self._bucket_index[latency] = found
        return found

    def scrape(self, store: SeriesStore, now: int) -> None:
        """Write one scrape at ``now`` (seconds): the samples, or staleness markers if down."""
        t_ms = now * 1000
        self.note_scraped(now)
        store.append(self._series_up, t_ms, 1.0 if self.up else 0.0)
        if self.versions is not None:
            self.versions.scrape(store, now, self._written)
            return
        samples = self.samples(now)
        if not self.up:
            for labels in sorted(self._written):
                store.append_stale(labels, t_ms)
            self._written.clear()
            return
        for labels in self._order:
            store.push(labels, t_ms, samples[labels])
        self._written = set(samples)


def differences(under: Sequence[int]) -> list[int]:
    """Each latency's own whole requests, from the whole requests at or under each."""
    return [b - a for a, b in zip([0, *under], under, strict=False)]


def latency_profile(shares: Mapping[float, float]) -> tuple[tuple[float, float], ...]:
    """``{0.1: 0.9, 1.0: 0.1}`` → a profile sorted by latency."""
    return tuple(sorted(shares.items()))
