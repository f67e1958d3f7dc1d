"""Rules a leap answers as columns (``kubeloop/telemetry/span/columned.py``) against every
instant evaluated (``Telemetry.replay`` off), and the rules it must leave to the instants:
one that reads what a rule evaluated at each instant writes, and one whose series a rule
evaluated at each instant before it reads (it would read them ahead of time)."""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any

import pytest

from kubeloop.telemetry import telemetry as facade
from kubeloop.telemetry.span import columned as columned_rules
from kubeloop.telemetry.telemetry import Telemetry

Build = Callable[[Telemetry], None]


def slo(t: Telemetry) -> None:
    t.add_service("api", 50, 0.0013)  # errors a scrape: no whole number, so the SLIs vary
    t.add_slo("api-availability", 99.5, 3 * 86_400, "api")
    t.add_recording("job:errors:sum1d", 'sum_over_time(up{job="api"}[1d])')


def reads_an_instant_rule(t: Telemetry) -> None:
    t.add_service("api", 50, 0.001)
    t.add_recording("job:clock", "time() - 0 * sum(up)")
    t.add_recording("job:sum", "sum_over_time(job:clock[30d])")
    t.add_recording("job:up", "sum(up)")


def read_before_it_runs(t: Telemetry) -> None:
    t.add_service("api", 50, 0.001)
    t.add_recording("job:early", "time() + 0 * sum(job:late)")
    t.add_recording("job:late", "sum_over_time(up[1h])")
    t.add_recording("job:up", "sum(up)")


def written_later(t: Telemetry) -> None:
    """A series a rule evaluated at each instant writes every other hour: when a stretch
    begins while it is absent, a rule reading it is answered as columns, and the stretch
    must stop where the series is written again."""
    t.add_service("api", 50, 0.001)
    t.add_recording("job:flap", "up and on () (vector(time() % 7200) >= 3600)")
    t.add_recording("job:count", "count_over_time(job:flap[1d])")
    t.clock.every(7200, lambda now: None, name="cut", order=150)  # stretches begin absent


def run(build: Build, replay: bool, days: float) -> tuple[dict[str, Any], Telemetry]:
    t = Telemetry(scrape_interval=300, evaluation_interval=300)
    t.replay = replay
    build(t)
    t.clock.run_for(int(days * 86_400))
    seen = {
        "series": {
            str(labels): [(p.t_ms, struct.pack("<d", p.value)) for p in t.store.points(labels)]
            for labels in t.store.series()
        },
        "timelines": {name: t.timeline(name).changes for name in t.alert_names()},
        "failures": t.rule_failures(),
        "errors": [rule.last_error for rule in t.alerting_rules()],
    }
    return seen, t


def columned(t: Telemetry) -> dict[str, int]:
    """How many answers each rule name's rules were given as columns."""
    counts: dict[str, int] = {}
    for entry in t._groups:
        for i, rule in enumerate(entry.group.rules):
            counts[rule.name] = counts.get(rule.name, 0) + entry.replays[i].columned
    return counts


@pytest.mark.parametrize(
    ("build", "given", "not_given"),
    [
        (written_later, {"job:count"}, {"job:flap"}),
        (slo, {"slo:sli_error:ratio_rate3d", "job:errors:sum1d", "slo:sli_error:ratio_rate1d",
               "ApiApiAvailabilityErrorBudgetBurn"}, set()),
        (reads_an_instant_rule, set(), {"job:clock", "job:sum"}),
        (read_before_it_runs, set(), {"job:early", "job:late"}),
    ],
)  # fmt: skip
def test_columns_give_what_every_instant_gives(
    build: Build, given: set[str], not_given: set[str]
) -> None:
    reference, _ = run(build, replay=False, days=6)
    leapt: list[int] = []
    original = facade.leap

    def counted(tel: Telemetry, now: int, horizon: int) -> int:
        reached = original(tel, now, horizon)
        leapt.append(reached - now)
        return reached

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(facade, "leap", counted)  # (the façade calls it by the name it imported)
        fast, t = run(build, replay=True, days=6)
    assert fast == reference
    counts = columned(t)
    assert all(counts[name] > 0 for name in given), counts
    assert all(counts[name] == 0 for name in not_given), counts
    if build is not written_later:
        assert max(leapt) >= 86_400  # leaps did not stop at their first instant


def test_a_rule_answered_as_columns_while_its_window_fills_is_proven_once_it_can_be() -> None:
    """A rate over steady counters is given as columns in the first stretch, whose last
    answers its replay keeps: the second stretch proves it."""
    _, t = run(slo, replay=True, days=6)
    entry = t._groups[0]
    assert entry.group.rules[0].name == "slo:sli_error:ratio_rate5m"
    assert entry.replays[0].columned > 0
    assert entry.replays[0].replayed > 0


def test_a_rule_that_would_write_a_new_series_is_declined_after_one_instant() -> None:
    """The first leap of a world whose SLIs have not written yet (a rate of one sample is
    nothing): each one's columns are tried at the stretch's first instant, which already
    shows it would write a series that does not exist yet, so none is computed over the
    whole stretch."""
    tried: list[list[tuple[bool, int]]] = []
    original_columns, original_leap = columned_rules.columns, facade.leap
    t = Telemetry(scrape_interval=15, evaluation_interval=15)
    slo(t)
    recording = {
        id(rule.spec.parsed)
        for entry in t._groups
        for rule in entry.group.rules
        if rule.name.startswith("slo:sli_error:") and "sum(rate(" in rule.spec.expr
    }
    assert len(recording) == 6  # (the 3d window is the period's optimized rule)

    def counted(node: Any, store: Any, times: list[int]) -> Any:
        tried[-1].append((id(node) in recording, len(times)))
        return original_columns(node, store, times)

    def leap(tel: Telemetry, now: int, horizon: int) -> int:
        tried.append([])
        return original_leap(tel, now, horizon)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(columned_rules, "columns", counted)
        patch.setattr(facade, "leap", leap)
        t.clock.run_for(3600)
    assert t.clock.now == 3600 and len(tried) > 1
    first = [count for is_recording, count in tried[0] if is_recording]
    assert first and max(first) == 1  # (the first leap stops at its first instant)
    later = [count for call in tried[1:] for is_recording, count in call if is_recording]
    assert later and max(later) > 1  # (a later leap, once they wrote: the whole stretch)
