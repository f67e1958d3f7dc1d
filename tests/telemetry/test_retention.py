"""Retention: how far back an expression reads, and a store that stays bounded."""

from __future__ import annotations

import pytest

from kubeloop.telemetry.promql import parse
from kubeloop.telemetry.retention import DEFAULT_RETENTION_MS, TRIM_EVERY_MS, Retention, reach_ms
from kubeloop.telemetry.series import Labels, SeriesStore
from kubeloop.telemetry.telemetry import Telemetry

MINUTE, HOUR, DAY = 60_000, 3_600_000, 86_400_000


@pytest.mark.parametrize(
    ("expr", "reach"),
    [
        ("up", 5 * MINUTE),
        ("up offset 1h", HOUR + 5 * MINUTE),
        ("up offset -10m", 0),
        ("rate(x[5m])", 5 * MINUTE),
        ("sum_over_time(x[30d] offset 1d)", 31 * DAY),
        ("max_over_time(rate(x[5m])[1h:1m])", HOUR + MINUTE + 5 * MINUTE),
        ("max_over_time(rate(x[5m])[1h:])", HOUR + MINUTE + 5 * MINUTE),
        ("a / on() group_left sum(b offset 1h) or vector(1)", HOUR + 5 * MINUTE),
        ("sum(count_over_time(b[2h] offset 1h))", 3 * HOUR),
        ("time()", 0),
        ("up @ 100", None),
        ("rate(x[5m] @ end())", None),
        ("max_over_time(up[1h:] @ start())", None),
    ],
)
def test_reach_is_the_longest_look_back(expr: str, reach: int | None) -> None:
    assert reach_ms(parse(expr)) == reach


@pytest.mark.slow
def test_a_long_run_keeps_what_the_rules_reach_and_no_more() -> None:
    t = Telemetry(scrape_interval=600, evaluation_interval=600)
    t.add_service("api", 5, 0)
    t.add_recording("job:requests:sum20d", "sum_over_time(http_requests_total[20d])")
    assert t.retention.keep_ms == 20 * DAY
    t.clock.run_for(40 * 86_400)
    now = t.clock.now * 1000
    for labels in t.store.series():
        oldest = t.store.points(labels)[0].t_ms
        assert now - 20 * DAY - TRIM_EVERY_MS <= oldest <= now - 20 * DAY + 600_000, labels


def test_without_long_rules_prometheus_default_15_days_stay() -> None:
    t = Telemetry(scrape_interval=3600, evaluation_interval=3600)
    t.add_service("api", 1, 0)
    t.add_alert("Slow", "rate(http_requests_total[5m]) > 100", 0)
    assert t.retention.keep_ms == DEFAULT_RETENTION_MS
    t.clock.run_for(20 * 86_400)
    assert len(t.store.points(t.store.series()[0])) in range(15 * 24, 15 * 24 + 2)


def test_an_at_modifier_keeps_everything() -> None:
    t = Telemetry(scrape_interval=3600, evaluation_interval=3600)
    t.add_service("api", 1, 0)
    t.add_recording("first", "up @ 0")
    assert t.retention.keep_ms is None
    t.clock.run_for(20 * 86_400)
    assert t.store.points(t.store.series()[0])[0].t_ms == 0
    assert t.scalar("first") == 1


PAST = [
    "count_over_time(http_requests_total[40d])",
    "sum_over_time(http_requests_total[40d])",
    "http_requests_total offset 20d",
    "rate(http_requests_total[25d])",
    "increase(http_requests_total[17d])",
]


def world() -> Telemetry:
    t = Telemetry(scrape_interval=900, evaluation_interval=900)
    t.add_service("api", 5, 0.1)
    t.add_recording("job:requests:rate5m", "sum(rate(http_requests_total[5m]))")
    return t


def seen(t: Telemetry) -> list[object]:
    """What reads reaching back past the retention find: the series' own readers first (a
    query settles the store), then queries, then the samples."""
    now = t.clock.now * 1000
    found: list[object] = []
    for labels in t.store.series():
        series = t.store.get(labels)
        assert series is not None
        found.append(series.window(0, now))
        found += [
            series.latest(now - back, DAY) for back in (15 * DAY + HOUR // 2, 15 * DAY + 12 * HOUR)
        ]
    found += [repr(t.query(expr)) for expr in PAST]
    found += [t.store.points(labels) for labels in t.store.series()]
    return found


def test_samples_held_in_blocks_are_out_of_sight_as_if_dropped_each_hour() -> None:
    """Retention drops expired samples from memory a day at a time; anything that reads
    them — a series' own readers, a query, the samples — finds what dropping them every hour
    left (the reference: a block of 0)."""
    blocked, hourly = world(), world()
    assert blocked.retention.keep_ms == DEFAULT_RETENTION_MS
    holding = 0
    for hours in [24 * 15, 7, 7, 3, 11, 24, 5, 30, 2]:
        blocked.clock.run_for(hours * 3600)
        held = blocked.store.get(blocked.store.series()[0])
        assert held is not None
        now = blocked.clock.now * 1000
        assert held.ts[0] >= now - DEFAULT_RETENTION_MS - DAY - TRIM_EVERY_MS  # memory bound
        holding += held.ts[0] <= held.expired_ms
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("kubeloop.telemetry.series.store.TRIM_BLOCK_MS", 0)
            hourly.clock.run_for(hours * 3600)
            expected = seen(hourly)
        assert seen(blocked) == expected
    assert holding >= 5  # (expired samples were held when they were read)


@pytest.mark.parametrize("step", [15_000, 60_000, 420_000, 3_600_000, 5_400_000])
@pytest.mark.parametrize("start", [0, 1_000, 3_599_000])
def test_ticking_through_a_stretch_trims_when_ticking_each_instant_does(
    step: int, start: int
) -> None:
    trims: dict[str, list[int]] = {"each": [], "through": []}
    for how, found in trims.items():
        store = SeriesStore()
        store.trim = found.append  # type: ignore[method-assign,assignment]
        retention = Retention(store)
        for first in range(start, start + 40 * HOUR, 7 * HOUR):
            times = range(first, first + 7 * HOUR, step)
            if how == "each":
                for t in times:
                    retention.tick(t)
            else:
                retention.tick_through(times)
    assert trims["through"] == trims["each"] and len(trims["each"]) >= 5


def test_expiring_before_the_first_sample_hides_nothing_and_at_it_hides_it() -> None:
    store = SeriesStore()
    store.append(Labels.of(__name__="x"), 1000, 1.0)
    store.append(Labels.of(__name__="x"), 2000, 2.0)
    series = store.get(Labels.of(__name__="x"))
    assert series is not None
    assert series.expire(999) == 0 and series.window(0, 3000) == ([1000, 2000], [1.0, 2.0])
    assert series.expired_ms == 999
    assert series.expire(1000) == 1 and series.window(0, 3000) == ([2000], [2.0])
    assert series.latest(1500, 300_000) is None
