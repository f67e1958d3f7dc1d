"""Steady runs (``span/runs.py``) and the replay's proof obligations (``span/replay.py``), each
against an oracle that does not use the code under test: brute-force periods, the stored
samples themselves, and the same world evaluating every rule every time."""

from __future__ import annotations

import struct
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop.telemetry.linear import floor_at
from kubeloop.telemetry.series import Labels
from kubeloop.telemetry.span.runs import Runs, period_scrapes
from kubeloop.telemetry.telemetry import Telemetry

ERRORS = Labels.of(__name__="http_requests_total", job="api", service="api", code="500")


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from([1, -1]),
            st.tuples(st.integers(0, 10**6), st.integers(0, 10**4), st.integers(1, 24)),
        ),
        max_size=3,
    ),
    st.sampled_from([1, 10, 15, 60, 120]),
)
def test_the_period_is_the_least_number_of_scrapes_after_which_increments_repeat(
    lines: list[tuple[int, tuple[int, int, int]]], interval: int
) -> None:
    period = period_scrapes(lines, interval)

    def value(e: int) -> int:
        return sum(sign * floor_at(line, e) for sign, line in lines)

    step = period * interval
    gains = {value(e + step) - value(e) for e in range(0, 3 * step + 7 * interval, interval)}
    assert len(gains) == 1  # every sample is the one a period earlier plus one constant
    smallest = next(
        p for p in range(1, period + 1) if all(s * interval * p % d == 0 for _, (_, s, d) in lines)
    )
    assert period == smallest


def telemetry(rate: float, ratio: float, scrape: int = 60) -> Telemetry:
    t = Telemetry(scrape_interval=scrape)
    t.add_service("api", rate, ratio)
    return t


def update(runs: Runs, t: Telemetry) -> int:
    return runs.update([t.service("api")], t.scrape_interval, 0)


def test_a_run_is_steady_only_while_its_samples_are_exactly_the_scrapes() -> None:
    t = telemetry(10, 0.1)
    runs = Runs()
    epoch = update(runs, t)
    t.clock.run_for(600)
    series = t.store.get(ERRORS)
    assert series is not None
    run = runs.steady(series, 600_000)
    assert run is not None and (run.first_ms, run.interval_ms, run.period_ms) == (0, 60_000, 60_000)
    assert runs.steady(series, 660_000) is None  # the scrape at 660 s has not happened
    t.add_series(ERRORS.as_dict(), [(720_000, 1e3)])  # someone else writes into it, ahead
    assert runs.steady(series, 600_000) is None
    t.add_series(ERRORS.as_dict(), [(720_001, 1e3)])
    assert runs.steady(series, 720_001) is None
    assert update(runs, t) == epoch  # nothing about the service changed


def test_a_change_to_the_service_starts_a_new_epoch_and_a_new_run() -> None:
    t = telemetry(10, 0.1)
    runs = Runs()
    epoch = update(runs, t)
    t.clock.run_for(600)
    t.service("api").set_error_ratio(0.2, t.clock.now)
    assert update(runs, t) == epoch + 1
    series = t.store.get(ERRORS)
    assert series is not None
    run = runs.steady(series, 600_000)
    assert run is not None and run.first_ms == 600_000
    t.clock.run_for(90)
    run = runs.steady(series, 660_000)
    assert run is not None and run.first_number == 10  # samples 0..9 before the change


def test_fractional_rates_step_unevenly_and_the_period_says_when_they_repeat() -> None:
    t = telemetry(7, 0.001)  # 0.42 errors a scrape: the counter repeats every 50 scrapes
    runs = Runs()
    update(runs, t)
    t.clock.run_for(3600)
    series = t.store.get(ERRORS)
    assert series is not None
    run = runs.steady(series, 3_600_000)
    assert run is not None and run.period_ms == 50 * 60_000
    gains = {b - a for a, b in zip(series.vs, series.vs[50:], strict=False)}
    assert gains == {21.0}


def world(replay: bool, build: Any, span: int) -> tuple[dict[str, list[Any]], int]:
    t = build()
    t.replay = replay
    t.clock.run_for(span)
    series = {
        str(labels): [(p.t_ms, struct.pack("<d", p.value)) for p in t.store.points(labels)]
        for labels in t.store.series()
    }
    return series, sum(r.replayed for entry in t._groups for r in entry.replays)


def test_a_rate_cut_at_the_counters_zero_point_is_not_replayed() -> None:
    def build() -> Telemetry:
        t = telemetry(0.7, 0.5, scrape=15)  # 10 requests at 15 s, 21 at 30 s, …
        t.add_recording("job:rate30s", "rate(http_requests_total[30s])")
        t.add_recording("job:increase5m", "increase(http_requests_total[5m])")
        return t

    reference, _ = world(False, build, 3600)
    replayed, count = world(True, build, 3600)
    assert replayed == reference
    assert count > 0


def test_a_window_holding_a_decrease_is_not_replayed() -> None:
    def build() -> Telemetry:
        t = telemetry(0.05, 0.9, scrape=15)  # "200" = ⌊0.05 t⌋ - ⌊0.045 t⌋ sometimes drops
        t.add_recording("job:ok5m", 'rate(http_requests_total{code="200"}[5m])')
        t.add_recording("job:errors5m", 'increase(http_requests_total{code="500"}[5m])')
        return t

    reference, _ = world(False, build, 3 * 3600)
    replayed, count = world(True, build, 3 * 3600)
    assert replayed == reference
    assert count > 0


@pytest.mark.slow
def test_a_30_day_slo_replays_and_answers_as_evaluating_every_minute() -> None:
    def build() -> Telemetry:
        t = Telemetry()
        t.add_service("api", 50, 0.001)
        t.add_slo("api-availability", 99.5, 30 * 86_400, "api")
        t.add_alert("ApiErrors", 'sum(rate(http_requests_total{code="500"}[5m])) > 1', 300)
        return t

    span = 3 * 86_400 + 7200  # past the 3-day window, so every rate rule replays
    reference, _ = world(False, build, span)
    replayed, count = world(True, build, span)
    assert replayed == reference
    assert count > 15 * 7200 // 60
