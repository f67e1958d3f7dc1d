"""The service's integer totals against exact Fraction bookkeeping, step by step.

The oracle serves each interval with Fractions and floors the running totals, the way the
counters are defined (whole requests of the exact accumulated totals; a bucket, the whole
requests of the exact total at or under its bound); the service computes
them as linear functions of the time since its last change. Random rates, error ratios,
latency profiles, outages and scrape times must give the same samples, bit for bit.
"""

from __future__ import annotations

import math
import struct
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop.telemetry.traffic import BUCKETS, DEFAULT_LATENCY, Service, format_le

RATES = st.sampled_from([0, 1, 0.3, 2.5, 50, 200, 333.333, 1_000_000])
RATIOS = st.sampled_from([0, 0.001, 0.02, 1 / 3, 0.5, 1])
PROFILES = st.sampled_from(
    [
        ((0.05, 0.5), (0.1, 0.4), (0.25, 0.09), (1.0, 0.01)),
        ((0.3, 1.0),),
        ((0.007, 0.25), (12.0, 0.75)),
    ]
)


def fractions(profile: tuple[tuple[float, float], ...]) -> tuple[tuple[Fraction, Fraction], ...]:
    return tuple((Fraction(str(s)), Fraction(str(p))) for s, p in profile)


class Oracle:
    def __init__(self, rate: float, ratio: float) -> None:
        self.rate, self.ratio = Fraction(str(rate)), Fraction(str(ratio))
        self.profile = fractions(DEFAULT_LATENCY)
        self.since, self.up = 0, True
        self.served, self.failed = Fraction(0), Fraction(0)
        self.observed: dict[Fraction, Fraction] = {}

    def serve(self, now: int) -> None:
        if now <= self.since:
            return
        served = self.rate * (now - self.since) if self.up else Fraction(0)
        self.served += served
        self.failed += served * self.ratio
        for seconds, share in self.profile:
            self.observed[seconds] = self.observed.get(seconds, Fraction(0)) + served * share
        self.since = now

    def samples(self, now: int) -> dict[str, bytes]:
        self.serve(now)
        errors = math.floor(self.failed)
        out = {"ok": float(math.floor(self.served) - errors), "error": float(errors)}
        bounds = [Fraction(repr(b)) for b in BUCKETS]
        cumulative = 0
        for bound, name in [*zip(bounds, map(format_le, BUCKETS), strict=True), (None, "+Inf")]:
            under = (o for s, o in self.observed.items() if bound is None or s <= bound)
            cumulative = math.floor(sum(under, Fraction(0)))
            out[name] = float(cumulative)
        seconds, before, total = Fraction(0), 0, Fraction(0)
        for latency in sorted(self.observed):
            total += self.observed[latency]
            seconds += (math.floor(total) - before) * latency
            before = math.floor(total)
        out["sum"], out["count"] = float(seconds), float(cumulative)
        return {k: struct.pack("<d", v) for k, v in out.items()}


def observed(service: Service, now: int) -> dict[str, bytes]:
    by_name: dict[str, bytes] = {}
    for labels, value in service.samples(now).items():
        name = labels.name.removeprefix("http_request_duration_seconds_")
        key = {"200": "ok", "500": "error"}.get(labels.get("code")) or labels.get("le") or name
        by_name[key] = struct.pack("<d", value)
    return by_name


CHANGES = st.one_of(
    st.tuples(st.just("rate"), RATES),
    st.tuples(st.just("ratio"), RATIOS),
    st.tuples(st.just("latency"), PROFILES),
    st.tuples(st.just("up"), st.booleans()),
    st.tuples(st.just("scrape"), st.none()),
)
WAITS = st.one_of(st.sampled_from([0, 0, 1, 15, 60, 3600]), st.integers(0, 5000))


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(RATES, RATIOS, st.lists(st.tuples(WAITS, CHANGES), max_size=30))
def test_scrapes_match_exact_bookkeeping(
    rate: float, ratio: float, steps: list[tuple[int, tuple[str, object]]]
) -> None:
    service, oracle = Service("api", rate, ratio), Oracle(rate, ratio)
    now = 0
    for wait, (kind, value) in steps:
        now += wait
        if kind == "scrape":
            assert observed(service, now) == oracle.samples(now)
            continue
        oracle.serve(now)
        if kind == "rate":
            service.set_rate(value, now)  # type: ignore[arg-type]
            oracle.rate = Fraction(str(value))
        elif kind == "ratio":
            service.set_error_ratio(value, now)  # type: ignore[arg-type]
            oracle.ratio = Fraction(str(value))
        elif kind == "latency":
            service.set_latency(value, now)  # type: ignore[arg-type]
            oracle.profile = fractions(value)  # type: ignore[arg-type]
        else:
            service.set_up(bool(value), now)
            oracle.up = bool(value)
        view = service.view(now)
        assert (view.requests, view.errors) == (
            math.floor(oracle.served),
            math.floor(oracle.failed),
        )
    assert observed(service, now + 60) == oracle.samples(now + 60)
