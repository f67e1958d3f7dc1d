"""Which stored series are a service's steady counters, and since when.

Between two changes a scenario makes to a service, each of its whole-number series
(``http_requests_total``, the histogram's buckets and ``_count``, ``up``) is a sum of
floored lines in time, ``Σ sign × (b + s × e) // d``, sampled at every scrape instant (a
multiple of the scrape interval ``I``). A line gains exactly ``s × I × p / d`` — a whole
number — every ``p = d / gcd(s × I, d)`` scrapes, so after ``P`` scrapes (the least common
multiple over the series' lines) every sample is the one ``P`` scrapes earlier plus one
constant. A window of such samples, moved by a multiple of ``P × I``, holds the same
timestamps relative to its end and the same differences between values (whole numbers below
2**53 are exact floats), which is what ``span/replay.py`` builds on.

A run is trusted only while the series' samples are exactly the scrapes: every scrape
instant from the run's first sample to the newest, nothing else (counted per evaluation).
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from kubeloop.telemetry.series import Labels, StoredSeries
from kubeloop.telemetry.traffic import Service

MAX_PERIOD_SCRAPES: Final = 1440
"""A series whose increments repeat less often than this is not treated as steady."""
EXACT: Final = 2.0**53
"""Whole numbers below this are exact floats (their differences too)."""


@dataclass(frozen=True, slots=True)
class Run:
    """A series' samples from ``first_ms`` on: one per scrape, repeating every period."""

    first_ms: int
    first_number: int
    """The number (``base + index``) of the sample at ``first_ms`` in its series."""
    interval_ms: int
    period_ms: int


def period_scrapes(lines: Iterable[tuple[int, tuple[int, int, int]]], interval: int) -> int:
    """How many scrapes every ``interval`` seconds it takes each line to gain a whole
    number."""
    period = 1
    for _, (_, slope, den) in lines:
        period = math.lcm(period, den // math.gcd(slope * interval, den))
    return period


class Runs:
    """The steady runs of every service's series, rebuilt whenever a service changes."""

    def __init__(self) -> None:
        self.epoch = 0
        """Changes whenever any run may have changed: records made under another epoch are
        not to be trusted."""
        self._key: object = None
        self._lines: dict[Labels, tuple[int, int, int]] = {}
        """Series → (first scrape instant of the run ms, interval ms, period ms)."""
        self._runs: dict[Labels, Run] = {}

    def update(self, services: Iterable[Service], interval: int, interval_since: int) -> int:
        """Bring the runs up to date with the services (called before each evaluation);
        returns the epoch."""
        services = list(services)
        key = (interval, interval_since, [(id(s), s.revision) for s in services])
        if key == self._key:
            return self.epoch
        self._key = key
        self.epoch += 1
        self._runs = {}
        self._lines = {}
        step_ms = interval * 1000
        for service in services:
            since_ms = max(service.since, interval_since) * 1000
            first_ms = -(-since_ms // step_ms) * step_ms
            for labels, lines in service.counter_lines().items():
                period = period_scrapes(lines, interval)
                if period <= MAX_PERIOD_SCRAPES:
                    self._lines[labels] = (first_ms, step_ms, period * step_ms)
        return self.epoch

    def steady(self, series: StoredSeries, end_ms: int) -> Run | None:
        """The run ``series`` is in, if its samples are exactly the run's scrapes up to the
        newest and the newest is no older than the last scrape instant at or before
        ``end_ms``; None otherwise."""
        run = self._runs.get(series.labels)
        if run is None:
            run = self._start(series)
        if run is None or not self.intact([series], (run,), end_ms):
            return None
        return run

    @staticmethod
    def intact(chosen: list[StoredSeries], runs: tuple[Run, ...], end_ms: int) -> bool:
        """Whether each series still holds exactly its run's scrapes, up to ``end_ms``."""
        for series, run in zip(chosen, runs, strict=True):
            ts = series.ts
            last = ts[-1]
            step = run.interval_ms
            if (
                last % step
                or last < end_ms - end_ms % step
                or series.base + len(ts) - run.first_number != (last - run.first_ms) // step + 1
                or not series.vs[-1] < EXACT
            ):
                return False
        return True

    def _start(self, series: StoredSeries) -> Run | None:
        found = self._lines.get(series.labels)
        if found is None:
            return None
        first_ms, step, period = found
        index = bisect_left(series.ts, first_ms)
        if index == len(series.ts) or series.ts[index] != first_ms:
            return None
        run = Run(first_ms, series.base + index, step, period)
        self._runs[series.labels] = run
        return run
