"""Leaping over stretches of logical time (``kubeloop/telemetry/span/leap.py``) against
visiting every instant with every rule evaluated (``Telemetry.replay`` off).

Random worlds live through days at coarse intervals (so a case stays a few thousand
evaluations): services that change, rules that a leap proves (counter ratios, constants,
rules over ``up``, rules over counters that repeat only every few scrapes, so kept answers
differ by class), rules it evaluates at each instant (window sums, ``time()``, rules over
other rules, a rule over a recorded series written later in the order), alerts that start
and stop firing in the middle of a stretch (a new ``ALERTS`` series ends the leap there), a
template that runs a query, a series written by hand, and another task on the same clock.
Every stored sample bit for bit, every timeline, alert snapshot and rule failure must be the
same; and the leap must have leapt.
"""

from __future__ import annotations

import struct
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from kubeloop.telemetry import telemetry as facade
from kubeloop.telemetry.telemetry import Telemetry

pytestmark = pytest.mark.slow

RULES = [
    ("job:ratio", 'sum(rate(http_requests_total{code="500"}[30m]))'
                  " / sum(rate(http_requests_total[30m]))"),
    ("job:errors", 'sum by (job) (increase(http_requests_total{code="500"}[1h]))'),
    ("job:up", "sum(up)"),
    ("job:one", "vector(1)"),
    ("job:twice", "job:ratio * 2"),
    ("job:later", "job:zlast + 1"),
    ("job:zlast", "sum(rate(http_requests_total[10m]))"),
    ("job:sum1d", "sum_over_time(job:ratio[1d])"),
    ("job:avg", "sum_over_time(job:one[6h]) / count_over_time(job:one[6h])"),
    ("job:time", "time() - 0 * sum(up)"),
    ("job:high", "job:ratio > 0.1"),
    ("job:mixed", "sum(rate(http_requests_total[30m])) + scalar(job:zlast)"),
]  # fmt: skip
ALERTS = [
    ("Errors", 'sum(rate(http_requests_total{code="500"}[10m])) > 0.5', 1800, 0),
    ("Ratio", "job:ratio > 0.05", 0, 3600),
    ("Down", "up == 0", 600, 0),
    ("Never", "job:one > 1", 0, 0),
]
ASKING = """
groups:
  - name: asking
    rules:
      - alert: Asking
        expr: sum(rate(http_requests_total[10m])) > 1000
        annotations:
          summary: '{{ with query "sum(up)" }}{{ . | first | value }}{{ end }}'
"""
CHANGES = st.lists(
    st.tuples(
        st.integers(1800, 2 * 86_400),
        st.sampled_from(["errors", "rate", "down", "up", "write"]),
        st.integers(0, 5),
    ),
    max_size=4,
)
WORLDS = st.fixed_dictionaries(
    {
        "interval": st.sampled_from([300, 600, 900]),
        "services": st.lists(
            st.tuples(
                st.sampled_from([0, 1, 7, 50, 0.3, 0.0013, 3.3]),
                st.sampled_from([0, 0.001, 0.013, 0.2, 1]),
            ),
            min_size=1,
            max_size=2,
        ),
        "rules": st.lists(st.sampled_from(range(len(RULES))), unique=True, max_size=6),
        "alerts": st.lists(st.sampled_from(range(len(ALERTS))), unique=True, max_size=3),
        "asking": st.booleans(),
        "slo": st.booleans(),
        "other": st.sampled_from([None, 3600, 86_400]),
        "changes": CHANGES,
        "span": st.integers(86_400, 4 * 86_400),
    }
)


def bits(value: float) -> bytes:
    return struct.pack("<d", value)


def run(spec: dict[str, Any], replay: bool) -> dict[str, Any]:
    interval = spec["interval"]
    t = Telemetry(scrape_interval=interval, evaluation_interval=interval)
    t.replay = replay
    names = [f"svc{i}" for i in range(len(spec["services"]))]
    for name, (rate, ratio) in zip(names, spec["services"], strict=True):
        t.add_service(name, rate, ratio)
    for index in sorted(spec["rules"]):
        t.add_recording(*RULES[index])
    for index in sorted(spec["alerts"]):
        name, expr, hold, keep = ALERTS[index]
        t.add_alert(name, expr, hold, keep_firing_for=keep)
    if spec["asking"]:
        t.load_rules(ASKING)
    if spec["slo"]:
        t.add_slo("availability", 99.0, 3 * 86_400, names[0])
    ticks: list[int] = []
    if spec["other"] is not None:
        t.clock.every(spec["other"], ticks.append, name="other", order=150)
    for wait, kind, value in spec["changes"]:
        t.clock.run_for(wait)
        now = t.clock.now
        service = t.service(names[value % len(names)])
        if kind == "errors":
            service.set_error_ratio([0, 0.001, 0.2, 1.0, 0.07, 0.5][value], now)
        elif kind == "rate":
            service.set_rate([0, 1, 7, 50, 0.0013, 3.3][value], now)
        elif kind in ("down", "up"):
            service.set_up(kind == "up", now)
        else:  # by hand, into a service's own counter, between two scrapes
            labels = {"__name__": "http_requests_total", "job": service.name, "code": "500"}
            t.add_series(labels, [(now * 1000 + 1, 1e6 * value)])
    t.clock.run_for(spec["span"])
    return {
        "series": {
            str(labels): [(p.t_ms, bits(p.value)) for p in t.store.points(labels)]
            for labels in t.store.series()
        },
        "timelines": {name: t.timeline(name).changes for name in t.alert_names()},
        "alerts": [rule.alerts() for rule in t.alerting_rules()],
        "failures": t.rule_failures(),
        "errors": [r.last_error for r in t.alerting_rules()],
        "ticks": ticks,
        "now": t.clock.now,
    }


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # shrinking would take minutes
)
@given(WORLDS)
@example(  # down, up (its scrapes leapt), down again: the second down marks its series stale
    {
        "alerts": [3],
        "services": [(0, 1)],
        "slo": True,
        "asking": False,
        "interval": 900,
        "span": 191844,
        "other": 86400,
        "rules": [],
        "changes": [(172799, "down", 4), (28888, "up", 4), (28514, "down", 2), (10346, "up", 4)],
    }
)
def test_a_leap_gives_what_every_instant_gives(spec: dict[str, Any]) -> None:
    reference = run(spec, replay=False)
    leapt = []
    original = facade.leap

    def counted(tel: Telemetry, now: int, horizon: int) -> int:
        reached = original(tel, now, horizon)
        leapt.append(reached - now)
        return reached

    facade.leap = counted  # (the façade calls it by the name it imported)
    try:
        fast = run(spec, replay=True)
    finally:
        facade.leap = original
    assert fast["now"] == reference["now"]
    assert fast["ticks"] == reference["ticks"]
    assert fast["failures"] == reference["failures"]
    assert fast["timelines"] == reference["timelines"]
    assert fast["alerts"] == reference["alerts"]
    assert fast["errors"] == reference["errors"]
    assert fast["series"].keys() == reference["series"].keys()
    for name, points in fast["series"].items():
        assert points == reference["series"][name], name
    if spec["other"] != 3600 and spec["interval"] < 900:
        assert sum(leapt) > 0  # a steady day leaps
