"""Days of logical time with every shortcut on, against the same days with them all off.

The reference world evaluates every rule in full (no cached queries, no replayed answers),
sums every window afresh (no kept partial sums) and drops nothing (no retention). Random
traffic — rates, error ratios and outages changing at random times — runs under a 3-day SLO with its
burn-rate alerts and hand-written rules over long windows; every stored sample (bit for
bit, but for what retention dropped: the shortcut world keeps only what its rules reach),
every alert timeline and every rule failure must be the same.
"""

from __future__ import annotations

import struct
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kubeloop.telemetry import retention
from kubeloop.telemetry.promql import cached, evaluate, evaluator
from kubeloop.telemetry.promql.options import DEFAULT_OPTIONS, QueryOptions
from kubeloop.telemetry.retention import Retention
from kubeloop.telemetry.telemetry import Telemetry

CHANGES = st.lists(
    st.tuples(
        st.integers(600, 8 * 3600),
        st.sampled_from(["errors", "rate", "down", "up"]),
        st.sampled_from([0, 0.001, 0.01, 0.2, 1.0]),
    ),
    min_size=1,
    max_size=8,
)


def world(changes: list[tuple[int, str, float]], *, replay: bool = True) -> dict[str, Any]:
    t = Telemetry(scrape_interval=120, evaluation_interval=600)
    t.replay = replay
    t.add_service("api", 10, 0)
    t.add_slo("api-availability", 99.0, 3 * 86_400, "api")
    t.add_recording("job:errors:sum2h", 'sum_over_time(http_requests_total{code="500"}[2h])')
    t.add_recording("job:samples:count1d", "count_over_time(up[1d])")
    t.add_alert("Errors", 'sum(rate(http_requests_total{code="500"}[10m])) > 0.05', 1200)
    t.add_alert("Down", "up == 0", 600, keep_firing_for=1200)
    service = t.service("api")
    for wait, kind, value in changes:
        t.clock.run_for(wait)
        now = t.clock.now
        if kind == "errors":
            service.set_error_ratio(value, now)
        elif kind == "rate":
            service.set_rate(value * 100, now)
        else:
            service.set_up(kind == "up", now)
    t.clock.run_for(3 * 86_400 + 3600)
    return {
        "series": {
            str(labels): [(p.t_ms, struct.pack("<d", p.value)) for p in t.store.points(labels)]
            for labels in t.store.series()
        },
        "timelines": {name: t.timeline(name).changes for name in t.alert_names()},
        "failures": t.rule_failures(),
        "remaining": struct.pack("<d", t.scalar("slo:period_error_budget_remaining:ratio")),
    }


def plain(
    self: cached.CachedQuery, store: Any, t_ms: int, options: QueryOptions = DEFAULT_OPTIONS
) -> Any:
    return evaluate(
        self.node,
        store,
        t_ms,
        subquery_step_ms=options.subquery_step_ms,
        max_samples=options.max_samples,
    )


@pytest.mark.slow
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(CHANGES)
def test_shortcuts_change_nothing_over_days(changes: list[tuple[int, str, float]]) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cached.CachedQuery, "evaluate", plain)
        patch.setattr(evaluator, "_FAST_SUMS", {})
        patch.setattr(Retention, "tick", lambda self, now_ms: 0)
        reference = world(changes, replay=False)
    with pytest.MonkeyPatch.context() as patch:  # keep only what the rules reach
        patch.setattr(retention, "DEFAULT_RETENTION_MS", 0)
        fast = world(changes)
    assert fast["timelines"] == reference["timelines"]
    assert fast["failures"] == reference["failures"]
    assert fast["remaining"] == reference["remaining"]
    assert fast["series"].keys() == reference["series"].keys()
    dropped = 0
    for name, points in fast["series"].items():
        kept = reference["series"][name]
        assert points == kept[len(kept) - len(points) :], name
        dropped += len(kept) - len(points)
    assert dropped > 0
