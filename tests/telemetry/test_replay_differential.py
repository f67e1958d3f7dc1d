"""Replayed rule answers (``kubeloop/telemetry/span/``) against evaluating every rule at every
evaluation, over random traffic.

The reference is the same world with ``Telemetry.replay`` off. Random services (whole and
fractional rates, error ratios that make counters step unevenly), random rule sets (counter
functions over windows with offsets, ratios of sums, rules reading recorded series, window
sums, alerts with ``for:`` and ``keep_firing_for``, a group with a query offset and its own
interval, an SLO's generated rules), random scrape and evaluation intervals, and changes at
random times (error ratio, rate, latency, down and up, the scrape interval, a sample written
into a service's own series). Every stored sample bit for bit, every alert timeline and alert
snapshot, and every rule failure must be the same; and replay must have happened.
"""

from __future__ import annotations

import math
import struct
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from kubeloop.telemetry.span.runs import period_scrapes
from kubeloop.telemetry.telemetry import Telemetry

RULES = [
    ("job:rate5m", 'sum by (job) (rate(http_requests_total{code="500"}[5m]))'),
    ("job:ratio30m", 'sum(rate(http_requests_total{code="500"}[30m]))'
                     " / sum(rate(http_requests_total[30m]))"),
    ("job:increase10m", "increase(http_requests_total[10m])"),
    ("job:delta7m", 'delta(http_request_duration_seconds_count[7m] offset 2m)'),
    ("job:irate", 'irate(http_request_duration_seconds_bucket{le="0.1"}[3m])'),
    ("job:idelta", "idelta(up[5m])"),
    ("job:rate1h", "rate(http_requests_total[1h])"),
    ("job:copy", "job:rate5m * 2"),
    ("job:sum2h", "sum_over_time(job:rate5m[2h])"),
    ("job:time", "time() - 0 * count(up)"),
    ("job:avg", "avg_over_time(up[15m])"),
]  # fmt: skip
REPLAYABLE = (
    "sum by (job) (rate(",
    "sum(rate(",
    "increase(",
    "delta(",
    "irate(",
    "idelta(",
    "rate(",
)
"""The rules over counters alone: a world holding one of them must replay (the others —
``sum_over_time``, ``time()``, a recorded series — may legitimately never be replayed)."""
ALERTS = [
    ("Errors", 'sum(rate(http_requests_total{code="500"}[5m])) > 0.05', 300, 0),
    ("Ratio", "job:ratio30m > 0.01", 600, 900),
    ("Down", "up == 0", 120, 600),
    ("Steady", "job:copy >= 0", 0, 0),
]
GROUP = """
groups:
  - name: offset
    interval: {interval}s
    query_offset: {offset}s
    rules:
      - record: job:offset_rate
        expr: sum(rate(http_requests_total[10m]))
      - alert: OffsetErrors
        expr: sum(rate(http_requests_total{{code="500"}}[5m])) > 0.1
        for: 5m
"""
NUMBERS = st.sampled_from([0, 0.001, 0.013, 0.2, 0.5, 1.0])
RATES = st.sampled_from([0, 1, 7, 10, 0.7, 50, 123.4])
CHANGES = st.lists(
    st.tuples(
        st.integers(60, 3 * 3600),
        st.sampled_from(["errors", "rate", "latency", "down", "up", "scrape", "write"]),
        st.integers(0, 1),
        st.integers(0, 6),
    ),
    max_size=5,
)
WORLDS = st.fixed_dictionaries(
    {
        "scrape": st.sampled_from([15, 30, 60, 120]),
        "evaluation": st.sampled_from([30, 60, 120, 300]),
        "services": st.lists(st.tuples(RATES, NUMBERS), min_size=1, max_size=2),
        "rules": st.lists(st.sampled_from(range(len(RULES))), unique=True, min_size=1, max_size=6),
        "alerts": st.lists(st.sampled_from(range(len(ALERTS))), unique=True, max_size=3),
        "group": st.none() | st.tuples(st.sampled_from([60, 90, 180]), st.sampled_from([0, 45])),
        "slo": st.booleans(),
        "changes": CHANGES,
    }
)


def bits(value: float) -> bytes:
    return struct.pack("<d", value)


def run(spec: dict[str, Any], replay: bool) -> tuple[dict[str, Any], int]:
    t = Telemetry(scrape_interval=spec["scrape"], evaluation_interval=spec["evaluation"])
    t.replay = replay
    names = [f"svc{i}" for i in range(len(spec["services"]))]
    for name, (rate, ratio) in zip(names, spec["services"], strict=True):
        t.add_service(name, rate, ratio)
    for index in sorted(spec["rules"]):
        t.add_recording(*RULES[index])
    for index in sorted(spec["alerts"]):
        name, expr, hold, keep = ALERTS[index]
        t.add_alert(name, expr, hold, keep_firing_for=keep)
    if spec["group"] is not None:
        interval, offset = spec["group"]
        t.load_rules(GROUP.format(interval=interval, offset=offset))
    if spec["slo"]:
        t.add_slo("availability", 99.0, 3 * 86_400, names[0])
    for wait, kind, which, value in spec["changes"]:
        t.clock.run_for(wait)
        now = t.clock.now
        service = t.service(names[which % len(names)])
        if kind == "errors":
            service.set_error_ratio([0, 0.001, 0.013, 0.2, 0.5, 1.0, 0.07][value], now)
        elif kind == "rate":
            service.set_rate([0, 1, 7, 10, 0.7, 50, 3.3][value], now)
        elif kind == "latency":
            service.set_latency(((0.05, 0.5), (0.3 + value, 0.5)), now)
        elif kind in ("down", "up"):
            service.set_up(kind == "up", now)
        elif kind == "scrape":
            t.set_scrape_interval([15, 30, 60, 120, 45, 20, 10][value])
        else:  # a sample written into a service's own counter, between scrapes
            labels = {"__name__": "http_requests_total", "job": service.name, "code": "500"}
            t.add_series(labels, [(now * 1000 + 1, 1e6 * value)])
    t.clock.run_for(4 * 3600)
    answer = {
        "series": {
            str(labels): [(p.t_ms, bits(p.value)) for p in t.store.points(labels)]
            for labels in t.store.series()
        },
        "timelines": {name: t.timeline(name).changes for name in t.alert_names()},
        "alerts": [rule.alerts() for rule in t.alerting_rules()],
        "failures": t.rule_failures(),
    }
    replayed = sum(r.replayed + r.columned for entry in t._groups for r in entry.replays)
    lag = t.evaluation_interval  # the longest repeat of the final run (seconds)
    for name in names:
        for lines in t.service(name).counter_lines().values():
            lag = math.lcm(lag, period_scrapes(lines, t.scrape_interval) * t.scrape_interval)
    answer["repeats_within"] = lag <= 2 * 3600  # twice within the last four hours
    return answer, replayed


@pytest.mark.slow
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # shrinking would take many minutes
)
@given(WORLDS)
def test_replayed_answers_are_every_evaluation(spec: dict[str, Any]) -> None:
    reference, none = run(spec, replay=False)
    fast, replayed = run(spec, replay=True)
    assert none == 0
    assert fast["failures"] == reference["failures"]
    assert fast["timelines"] == reference["timelines"]
    assert fast["alerts"] == reference["alerts"]
    assert fast["series"].keys() == reference["series"].keys()
    for name, points in fast["series"].items():
        assert points == reference["series"][name], name
    replayable = spec["slo"] or any(RULES[i][1].startswith(REPLAYABLE) for i in spec["rules"])
    if replayable and fast["repeats_within"]:
        assert replayed > 0  # the last four steady hours replay something (or give columns)
