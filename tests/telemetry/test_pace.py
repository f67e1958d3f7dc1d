"""How far a leap plans (``kubeloop/telemetry/span/pace.py``): the rule on its own, and a
world whose every leap must stop at its first instant, which used to plan a whole stretch
for each instant it moved."""

from __future__ import annotations

import struct
from typing import Any

import pytest

from kubeloop.telemetry import telemetry as facade
from kubeloop.telemetry.span import leap as leaping
from kubeloop.telemetry.span.pace import (
    MAX_HOLD,
    MAX_INSTANTS,
    MAX_SPAN,
    MAX_UNPROVEN,
    MIN_INSTANTS,
    Pace,
)
from kubeloop.telemetry.telemetry import Telemetry


def test_a_leap_covering_its_plan_lets_the_next_plan_twice_as_far() -> None:
    pace = Pace()
    assert pace.limit == MAX_INSTANTS and pace.first(1000) == MAX_UNPROVEN
    pace.covered(60, 60 + 9 * 60, 100, 60, hoping=False)  # stopped at its 10th instant
    assert (pace.limit, pace.resume, pace.far) == (20, 0, False)
    pace.covered(660, 660 + 19 * 60, 20, 60, hoping=True)
    assert (pace.limit, pace.far) == (40, False)
    assert pace.first(1000) == MAX_UNPROVEN
    pace.covered(1860, 1860 + 39 * 60, 40, 60, hoping=False)
    assert (pace.limit, pace.far) == (80, True)
    assert pace.first(1000) == 1000  # nothing to look at again soon: the whole stretch
    for _ in range(10):
        pace.covered(0, 0, 1, 60, hoping=False)
    assert pace.limit == MAX_INSTANTS


def test_after_a_leap_that_covered_nothing_the_next_instants_go_one_at_a_time() -> None:
    pace = Pace()
    holds = []
    reached = 60
    for _ in range(9):
        pace.covered(reached, reached, 60, 60, hoping=False)  # only its first instant
        holds.append((pace.resume - reached) // 60)
        assert pace.limit == MIN_INSTANTS
        reached = pace.resume + 60
    assert holds == [1, 2, 4, 8, 16, 32, MAX_HOLD, MAX_HOLD, MAX_HOLD]
    pace.covered(reached, reached - 60, MIN_INSTANTS, 60, hoping=False)  # declined
    assert pace.resume == reached - 60 + MAX_HOLD * 60
    pace.covered(reached, reached + 2 * 60, 3, 60, hoping=False)  # covered its plan
    pace.covered(reached + 180, reached + 180, 6, 60, hoping=False)
    assert pace.resume == reached + 180 + 60  # (held one instant again)
    pace.covered(reached, reached + 60, 3, 60, hoping=False)  # two instants: no hold
    assert pace.resume == reached + 180 + 60 and pace.limit == 4


def series(t: Telemetry) -> dict[str, Any]:
    return {
        str(labels): [(p.t_ms, struct.pack("<d", p.value)) for p in t.store.points(labels)]
        for labels in t.store.series()
    }


def new_series_each_instant(replay: bool) -> tuple[Telemetry, list[int]]:
    """A world with an SLO where a rule writes a series it never wrote at every instant (a
    label from ``time()``): each leap stops at its first instant."""
    t = Telemetry(scrape_interval=60, evaluation_interval=60)
    t.replay = replay
    t.add_service("api", 50, 0.001)
    t.add_slo("api-availability", 99.5, 30 * 86_400, "api")
    t.add_recording("job:t", 'count_values("t", vector(time()))')
    planned: list[int] = []
    original = leaping._prepare

    def counted(tel: Any, now: int, seconds: range) -> Any:
        planned.append(len(seconds))
        return original(tel, now, seconds)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(leaping, "_prepare", counted)
        t.clock.run_for(6 * 3600)
    return t, planned


def test_leaps_that_stop_at_their_first_instant_plan_little() -> None:
    reference, _ = new_series_each_instant(replay=False)
    fast, planned = new_series_each_instant(replay=True)
    assert series(fast) == series(reference)
    assert len(series(fast)) > 360  # (a series an instant)
    assert sum(planned) <= 2 * 360, planned[:20]  # (60, then a whole stretch, per instant)


def test_a_leap_plans_at_most_a_day_of_instants_and_at_most_max_instants() -> None:
    pace = Pace()
    assert (pace.most(15), pace.most(30), pace.most(60), pace.most(300)) == (5760, 2880, 1440, 288)
    assert pace.most(1) == MAX_INSTANTS < MAX_SPAN
    assert pace.most(2 * MAX_SPAN) == MIN_INSTANTS
    pace.covered(60, 60 + 9 * 15, 100, 15, hoping=False)  # stopped at its 10th instant
    assert pace.most(15) == pace.limit == 20


def test_stretches_at_30_s_grow_past_1440_instants_with_the_samples_of_every_instant() -> None:
    """At short scrape intervals a stretch may cover more than 1440 instants (up to a day's):
    the same samples as evaluating every rule at each instant."""

    def world(replay: bool) -> tuple[Telemetry, list[int]]:
        t = Telemetry(scrape_interval=30, evaluation_interval=30)
        t.replay = replay
        t.add_service("api", 50, 0.0013)  # (no whole number of errors a scrape)
        t.add_slo("api-availability", 99.5, 30 * 86_400, "api")
        leapt: list[int] = []
        original = facade.leap

        def counted(tel: Telemetry, now: int, horizon: int) -> int:
            reached = original(tel, now, horizon)
            leapt.append(reached - now)
            return reached

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(facade, "leap", counted)  # (the façade calls it by this name)
            t.clock.run_for(30 * 3600)
        return t, leapt

    reference, _ = world(replay=False)
    fast, leapt = world(replay=True)
    assert series(fast) == series(reference)
    assert max(leapt) == 1536 * 30  # (1, 3, 6, … doubling past 1440, the most before)
