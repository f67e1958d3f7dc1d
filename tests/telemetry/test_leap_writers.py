"""Leaps over worlds where two rules record one series, and over range functions with long
windows, against every instant evaluated (``Telemetry.replay`` off): the same samples bit
for bit, and leaps that cover whole stretches instead of stopping at their first instant.

A 3-day SLO's generator once recorded its period ratio under the same name and labels as its
3-day window's (``slo:sli_error:ratio_rate3d``); the world below keeps that second writer as
a scenario rule: the window's rule, earlier in the order, writes first, and the store refuses
the period rule's other value at the same instant. Once the window's rule was answered as
columns, the period rule evaluated at each instant used to stop every leap at its first
instant (the leap's cost then paid per instant: a day took minutes of CPU). Two rules that
both wrote one series last time are left to the instants, both of them
(``plan.shared_writers``).
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kubeloop.telemetry import telemetry as facade
from kubeloop.telemetry.series import STALE_NAN, Labels, repeats
from kubeloop.telemetry.span.plan import shared_writers
from kubeloop.telemetry.telemetry import Telemetry

Build = Callable[[Telemetry], None]
RATE = 'sum(rate(http_requests_total{code="500"}[%s]))'
FIVE = 'slo:sli_error:ratio_rate5m{sloth_id="api-api-availability"}[3d]'
PERIOD_RATIO = (
    f"label_replace(sum_over_time({FIVE}) / ignoring (sloth_window) count_over_time({FIVE}),"
    ' "sloth_window", "3d", "", "")'
)
"""The 3-day period's ratio, written where the 3-day window's is (a second writer)."""


def slo(t: Telemetry) -> None:
    t.add_service("api", 50, 0.0013)  # errors a scrape: no whole number, so the SLIs vary
    t.add_slo("api-availability", 99.5, 3 * 86_400, "api")
    t.add_recording("job:errors:sum1d", 'sum_over_time(up{job="api"}[1d])')
    t.add_recording("slo:sli_error:ratio_rate3d", PERIOD_RATIO)


def recorded_twice(first: str, second: str) -> Build:
    def build(t: Telemetry) -> None:
        t.add_service("api", 50, 0.0013)
        t.add_recording("job:x", first)
        t.add_recording("job:x", second)

    return build


def run(build: Build, replay: bool, seconds: int, interval: int = 60) -> tuple[Any, list[int]]:
    """Every sample of every series, bit for bit, and how far each leap went."""
    t = Telemetry(scrape_interval=interval, evaluation_interval=interval)
    t.replay = replay
    build(t)
    leapt: list[int] = []
    original = facade.leap

    def counted(tel: Telemetry, now: int, horizon: int) -> int:
        reached = original(tel, now, horizon)
        leapt.append(reached - now)
        return reached

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(facade, "leap", counted)  # (the façade calls it by the name it imported)
        t.clock.run_for(seconds)
    seen = {
        "series": {
            str(labels): [(p.t_ms, struct.pack("<d", p.value)) for p in t.store.points(labels)]
            for labels in t.store.series()
        },
        "timelines": {name: t.timeline(name).changes for name in t.alert_names()},
        "failures": t.rule_failures(),
        "previous": [  # (what each rule wrote last: which series it marks stale next)
            sorted(map(str, entry.group.previous(i)))
            for entry in t._groups
            for i in range(len(entry.group.rules))
        ],
    }
    return seen, leapt


def test_a_3_day_slo_leaps_whole_stretches_though_two_rules_record_its_3_day_ratio() -> None:
    seconds = 36 * 3600
    reference, _ = run(slo, replay=False, seconds=seconds)
    fast, leapt = run(slo, replay=True, seconds=seconds)
    assert fast == reference
    assert sum(leapt) >= seconds - 10 * 60, leapt[:20]  # (leaps of one instant, or none)
    assert len(leapt) <= 14, leapt[:20]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("sum(up)", "sum(up)"),  # both proven, the same value: the second rewrites it
        (RATE % "5m", RATE % "5m"),  # both varying, the same value
        (RATE % "5m", RATE % "1h"),  # another value: the store refuses the second's
        ("sum(up)", RATE % "1h"),
        (RATE % "1h", "sum(up)"),
        (RATE % "5m", f"{RATE % '5m'} and on () (vector(time() % 7200) >= 3600)"),  # at times
        ("sum(up)", "vector(time()) % 3600 == bool 1800"),  # the same value on the half hour
    ],
)
def test_two_rules_recording_one_series_leap_as_every_instant_gives(
    first: str, second: str
) -> None:
    seconds = 12 * 3600 - 1800  # (ends on a half hour)
    build = recorded_twice(first, second)
    reference, _ = run(build, replay=False, seconds=seconds)
    fast, leapt = run(build, replay=True, seconds=seconds)
    assert fast == reference
    assert sum(leapt) >= seconds - 2 * 60, leapt[:20]
    assert len(leapt) <= 24, leapt[:20]


RANGE_FUNCTIONS = ["sum", "count", "avg", "max", "min", "last", "stddev", "present"]
SOURCES = ['up{job="api"}', "job:ratio", "http_requests_total"]
WINDOWS = ["1h", "1d", "3d", "7d"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(
            st.sampled_from(RANGE_FUNCTIONS),
            st.sampled_from(SOURCES),
            st.sampled_from(WINDOWS),
            st.integers(0, 2),
        ),
        min_size=1,
        max_size=4,
        unique=True,
    )
)
@example([("count", 'up{job="api"}', "1d", 0), ("count", 'up{job="api"}', "3d", 0)])  # equal
@example([("sum", "job:ratio", "1d", 1), ("avg", "job:ratio", "7d", 1)])  # the second refused
def test_range_functions_over_long_windows_leap_as_every_instant_gives(
    shapes: list[tuple[str, str, str, int]],
) -> None:
    """Range functions over ``up`` (a constant), over a recorded ratio that varies and over
    counters, with windows longer than the run, some recorded under one name (two writers
    of one series): each leap covers its stretch."""

    def build(t: Telemetry) -> None:
        t.add_service("api", 50, 0.0013)
        t.add_recording("job:ratio", RATE % "5m")
        for function, source, window, name in shapes:
            t.add_recording(f"job:shape{name}", f"{function}_over_time({source}[{window}])")

    seconds = 6 * 3600
    reference, _ = run(build, replay=False, seconds=seconds)
    fast, leapt = run(build, replay=True, seconds=seconds)
    assert fast == reference
    assert sum(leapt) >= seconds - 2 * 60, leapt[:20]
    assert len(leapt) <= 12, leapt[:20]


def test_rules_that_wrote_one_series_are_shared_writers() -> None:
    lx, ly = Labels.of(__name__="x"), Labels.of(__name__="y")
    assert shared_writers([{lx}, {ly}, set(), {lx, ly}, {ly}]) == {0, 1, 3, 4}
    assert shared_writers([{lx}, {ly}, set()]) == set()


@pytest.mark.parametrize(
    ("stored", "value", "expected"),
    [
        (1.0, 1.0, True),
        (1.0, 2.0, False),
        (0.0, -0.0, True),  # (equal as floats: the store takes it as the same sample)
        (float("nan"), float("nan"), True),
        (STALE_NAN, STALE_NAN, True),
        (STALE_NAN, float("nan"), False),
        (float("nan"), STALE_NAN, False),
        (1.0, STALE_NAN, False),
    ],
)
def test_a_sample_at_the_newest_time_repeats_only_its_value(
    stored: float, value: float, expected: bool
) -> None:
    assert repeats(stored, value) is expected
