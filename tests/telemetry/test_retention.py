"""Retention: how far back an expression reads, and a store that stays bounded."""

from __future__ import annotations

import pytest

from kubeloop.telemetry.promql import parse
from kubeloop.telemetry.retention import DEFAULT_RETENTION_MS, TRIM_EVERY_MS, reach_ms
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
