"""Telemetry invariants after every step of any sequence of counter writes, resets, gauge
changes, traffic changes and evaluations — each checked against an oracle written here,
independently of the engine:

* a scraped service counter never decreases and equals the exact requests served so far;
* ``rate()`` of a counter is never negative, and ``increase()`` equals the reference's
  nine-step extrapolatedRate re-derived below;
* an alert fires only after being pending for its ``for:``, and only while its expression
  returns it or within ``keep_firing_for`` (a small model of rules/alerting.go).
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from kubeloop.telemetry.promql import Vector
from kubeloop.telemetry.telemetry import Telemetry

STEP = 60
WINDOW = 300
THRESHOLD = 5.0


def extrapolated_increase(
    samples: list[tuple[float, float]], start: float, end: float
) -> float | None:
    """Prometheus' extrapolatedRate for a counter (increase), from the reference's steps."""
    inside = [(t, v) for t, v in samples if start < t <= end]
    if len(inside) < 2:
        return None
    raw = inside[-1][1] - inside[0][1]
    raw += sum(prev for (_, prev), (_, cur) in itertools.pairwise(inside) if cur < prev)
    d_start, d_end = inside[0][0] - start, end - inside[-1][0]
    sampled = inside[-1][0] - inside[0][0]
    average = sampled / (len(inside) - 1)
    if d_start >= 1.1 * average:
        d_start = average / 2
    if raw > 0 and inside[0][1] >= 0:
        d_start = min(d_start, sampled * inside[0][1] / raw)
    if d_end >= 1.1 * average:
        d_end = average / 2
    return raw * (sampled + d_start + d_end) / sampled


class AlertModel:
    """inactive → pending → firing after ``hold``; keep_firing_for; pending dropped at once."""

    def __init__(self, hold: int, keep: int) -> None:
        self.hold, self.keep = hold, keep
        self.state, self.active_at = "inactive", 0
        self.since: int | None = None

    def evaluate(self, t: int, condition: bool) -> None:
        if condition:
            self.since = None
            if self.state == "inactive":
                self.state, self.active_at = "pending", t
            if self.state == "pending" and t - self.active_at >= self.hold:
                self.state = "firing"
            return
        if self.state == "firing" and self.keep:
            self.since = t if self.since is None else self.since
            if t - self.since < self.keep:
                return
        self.state, self.since = "inactive", None


class TelemetryMachine(RuleBasedStateMachine):
    @initialize(
        hold=st.sampled_from([0, 60, 120, 300]),
        keep=st.sampled_from([0, 60, 180]),
        rate=st.integers(0, 50),
        errors=st.sampled_from([Fraction(0), Fraction(1, 10), Fraction(1, 3), Fraction(1)]),
    )
    def setup(self, hold: int, keep: int, rate: int, errors: Fraction) -> None:
        self.t = Telemetry()
        self.t.add_alert("High", f"gauge > {THRESHOLD}", hold, keep_firing_for=keep)
        self.model = AlertModel(hold, keep)
        self.fired_at: int | None = None
        self.web = self.t.add_service("web", rate, errors)
        self.served = Fraction(0)
        self.failed = Fraction(0)
        self.rate, self.errors = Fraction(rate), errors
        self.counters: dict[str, list[tuple[float, float]]] = {"a_total": [], "b_total": []}
        self.values = {"a_total": 0.0, "b_total": 0.0}
        self.gauge = 0.0
        self.evaluated = 0.0
        """The gauge the last evaluation saw."""
        self.last_ok = self.last_err = 0.0

    @rule(name=st.sampled_from(["a_total", "b_total"]), amount=st.integers(0, 1000))
    def increment(self, name: str, amount: int) -> None:
        self.values[name] += amount

    @rule(name=st.sampled_from(["a_total", "b_total"]), to=st.integers(0, 20))
    def reset(self, name: str, to: int) -> None:
        self.values[name] = float(min(to, self.values[name]))

    @rule(value=st.sampled_from([0.0, 4.0, 5.0, 6.0, 50.0]))
    def set_gauge(self, value: float) -> None:
        self.gauge = value

    @rule(errors=st.sampled_from([Fraction(0), Fraction(1, 20), Fraction(1)]))
    def change_errors(self, errors: Fraction) -> None:
        self.web.set_error_ratio(errors, self.t.clock.now)
        self.errors = errors

    @rule()
    def tick(self) -> None:
        now = self.t.clock.now + STEP
        for name, value in self.values.items():
            self.t.add_series({"__name__": name}, [(now * 1000, value)])
            self.counters[name].append((float(now), value))
        self.t.add_series({"__name__": "gauge"}, [(now * 1000, self.gauge)])
        self.t.clock.run_for(STEP)
        self.served += self.rate * STEP
        self.failed += self.rate * STEP * self.errors
        self.evaluated = self.gauge
        self.model.evaluate(now, self.gauge > THRESHOLD)

    @invariant()
    def service_counters_match_the_requests_served(self) -> None:
        if not hasattr(self, "t") or self.t.clock.now == 0:
            return
        ok = self.t.scalar("http_requests_total{code='200'}")
        err = self.t.scalar("http_requests_total{code='500'}")
        assert err == math.floor(self.failed)
        assert ok + err == math.floor(self.served)
        assert ok >= self.last_ok and err >= self.last_err
        self.last_ok, self.last_err = ok, err

    @invariant()
    def rate_is_never_negative_and_increase_matches_the_oracle(self) -> None:
        if not hasattr(self, "t"):
            return
        now = self.t.clock.now
        for name, samples in self.counters.items():
            result = self.t.query(f"increase({name}[5m])", keep=False)
            assert isinstance(result, Vector)
            expected = extrapolated_increase(samples, now - WINDOW, now)
            if expected is None:
                assert len(result) == 0
                continue
            assert math.isclose(result[0].value, expected, rel_tol=1e-9, abs_tol=1e-9)
            rate = self.t.query(f"rate({name}[5m])", keep=False)
            assert isinstance(rate, Vector) and rate[0].value >= 0

    @invariant()
    def alert_follows_the_state_machine(self) -> None:
        if not hasattr(self, "t"):
            return
        state = self.t.alert_state("High")
        assert state == self.model.state, (state, self.model.state, self.t.timeline("High"))
        if state == "firing":
            assert self.t.clock.now - self.model.active_at >= self.model.hold
            assert self.evaluated > THRESHOLD or self.model.since is not None


TelemetryMachine.TestCase.settings = settings(
    max_examples=30, stateful_step_count=30, deadline=None, derandomize=True
)
test_telemetry_machine = TelemetryMachine.TestCase
