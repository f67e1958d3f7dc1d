"""The alert state machine over random series and rules, checked against an oracle that
reads the raw samples itself (the 5-minute lookback and staleness, not the PromQL engine):

- no alert fires before its condition has held, evaluation after evaluation, for ``for:``;
- an alert fires only while its expression returns it, or within ``keep_firing_for``
  after it stopped returning it (a gap shorter than that does not reset it);
- a condition that has held for ``for:`` at every evaluation is firing;
- a pending alert's condition holds now, and it has been pending for less than ``for:``.
"""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from kubeloop.telemetry.rules import RuleGroup, load_rule_text
from kubeloop.telemetry.series import Labels, SeriesStore

pytestmark = pytest.mark.slow

MIN = 60_000
LOOKBACK = 5 * MIN
SERIES = ("a", "b")
STALE = "stale"
values = st.sampled_from([None, None, 0.0, 1.0, 1.0, 2.0, STALE])


class AlertMachine(RuleBasedStateMachine):
    @initialize(
        for_min=st.sampled_from([0, 1, 2, 3, 5]),
        keep_min=st.sampled_from([0, 0, 1, 2, 3]),
        first=st.tuples(values, values),
    )
    def start(self, for_min: int, keep_min: int, first: tuple[object, object]) -> None:
        self.for_ms, self.keep_ms = for_min * MIN, keep_min * MIN
        text = (
            "groups:\n- name: g\n  rules:\n  - alert: Hot\n    expr: x > 0.5\n"
            f"    for: {for_min}m\n    keep_firing_for: {keep_min}m\n"
        )
        self.group = RuleGroup(load_rule_text(text).groups[0])
        (self.rule,) = self.group.alerting_rules()
        self.store = SeriesStore()
        self.samples: dict[str, list[tuple[int, object]]] = {s: [] for s in SERIES}
        self.truth: dict[str, list[tuple[int, bool]]] = {s: [] for s in SERIES}
        self.now = -MIN
        self.tick(first)

    def condition(self, series: str, t: int) -> bool:
        """The oracle: the newest sample in (t - 5m, t], unless it is a staleness marker."""
        recent = [(ts, v) for ts, v in self.samples[series] if t - LOOKBACK < ts <= t]
        if not recent:
            return False
        value = recent[-1][1]
        return value != STALE and isinstance(value, float) and value > 0.5

    @rule(new=st.tuples(values, values))
    def tick(self, new: tuple[object, object]) -> None:
        self.now += MIN
        for series, value in zip(SERIES, new, strict=True):
            if value is None:
                continue
            labels = Labels.of({"__name__": "x", "s": series})
            if value == STALE:
                self.store.append_stale(labels, self.now)
            else:
                assert isinstance(value, float)
                self.store.append(labels, self.now, value)
            self.samples[series].append((self.now, value))
        assert self.group.eval(self.store, self.now) == []
        for series in SERIES:
            self.truth[series].append((self.now, self.condition(series, self.now)))

    def states(self) -> dict[str, tuple[str, int]]:
        return {a.labels.get("s"): (a.state, a.active_at) for a in self.rule.alerts()}

    def run_start(self, series: str) -> int | None:
        """When the current run of true evaluations began (None if false now)."""
        start = None
        for t, holds in self.truth[series]:
            start = (start if start is not None else t) if holds else None
        return start

    def false_runs(self, series: str, since: int) -> list[tuple[int, int]]:
        """Maximal runs of evaluations at or after ``since`` where the condition failed."""
        runs: list[tuple[int, int]] = []
        for t, holds in self.truth[series]:
            if t < since or holds:
                continue
            if runs and runs[-1][1] == t - MIN:
                runs[-1] = (runs[-1][0], t)
            else:
                runs.append((t, t))
        return runs

    @invariant()
    def firing_only_after_for_and_while_true_or_kept(self) -> None:
        for series, (state, active_at) in self.states().items():
            history = dict(self.truth[series])
            if state == "firing":
                held = [t for t in history if t >= active_at and history[t]]
                last = max(held)
                # it held for at least for: ...
                assert last - active_at >= self.for_ms
                # ... and every evaluation it did not hold came after it had fired and
                # within keep_firing_for of the first one (a pending alert is dropped).
                for first_false, last_false in self.false_runs(series, active_at):
                    assert first_false - MIN - active_at >= self.for_ms
                    assert last_false - first_false < self.keep_ms
            elif state == "pending":
                assert history[self.now]
                assert self.run_start(series) == active_at
                assert self.now - active_at < self.for_ms

    @invariant()
    def a_condition_held_for_long_enough_is_firing(self) -> None:
        states = self.states()
        for series in SERIES:
            start = self.run_start(series)
            if start is not None and self.now - start >= self.for_ms:
                assert states.get(series, ("none", 0))[0] == "firing", (series, start, states)


AlertMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=30, deadline=None)
TestAlertMachine = AlertMachine.TestCase
