"""The leap's bulk writes (``span/bulk.py``) against pushing one sample at a time, and the
clock's leap hook (``Clock`` ``leap``): what it is offered and what it may skip."""

from __future__ import annotations

import math
import struct

from hypothesis import given
from hypothesis import strategies as st

from kubeloop.core.clock import Clock
from kubeloop.telemetry.series import Labels, SeriesStore
from kubeloop.telemetry.span.bulk import appendable, extend, repeats, truncate

LABELS = Labels.of(__name__="x")
VALUES = st.lists(
    st.sampled_from([0.0, -0.0, 1.0, 2.0, 1.0, 5.5, math.nan, math.inf, 3.0]), min_size=1
)


def state(store: SeriesStore) -> tuple[object, ...]:
    series = store.get(LABELS)
    assert series is not None
    bits = [struct.pack("<d", v) for v in series.vs]
    resets = [struct.pack("<d", v) for v in series.reset_sums()]
    return series.ts, bits, resets, series.run_start, series.stale_count


@given(VALUES, VALUES, st.integers(0, 20))
def test_extend_writes_what_pushing_writes(
    before: list[float], after: list[float], cut: int
) -> None:
    pushed, extended, cut_back = SeriesStore(), SeriesStore(), SeriesStore()
    for store in (pushed, extended, cut_back):
        for i, value in enumerate(before):
            store.push(LABELS, i * 1000, value)
    times = [(len(before) + i) * 1000 for i in range(len(after))]
    for t, value in zip(times, after, strict=True):
        pushed.push(LABELS, t, value)
    series = extended.get(LABELS)
    assert appendable(series, times[0]) and not appendable(series, times[0] - 1000)
    assert series is not None
    extend(series, times, after)
    assert state(extended) == state(pushed)
    kept = min(cut, len(after))
    truncate(series, times[0] + (kept - 1) * 1000)
    for t, value in zip(times[:kept], after[:kept], strict=True):
        cut_back.push(LABELS, t, value)
    assert state(extended) == state(cut_back)


@given(VALUES, VALUES, st.integers(1, 200), st.integers(0, 3))
def test_repeating_values_write_what_pushing_writes(
    before: list[float], pattern: list[float], count: int, broken: int
) -> None:
    """A proven rule's answers repeat a short pattern: the reset sums are continued over one
    period (and a pattern broken once is not taken for one)."""
    after = (pattern * count)[:count]
    if broken and count > 1:
        after[count // broken - 1] = 7.0
    pushed, extended = SeriesStore(), SeriesStore()
    for store in (pushed, extended):
        for i, value in enumerate(before):
            store.push(LABELS, i * 1000, value)
    times = [(len(before) + i) * 1000 for i in range(len(after))]
    for t, value in zip(times, after, strict=True):
        pushed.push(LABELS, t, value)
    series = extended.get(LABELS)
    assert series is not None
    extend(series, times, after)
    assert state(extended) == state(pushed)


def test_a_repeating_pattern_is_found() -> None:
    assert repeats([1.0, 1.0, 2.0, 0.5] * 10) == 4
    assert repeats([1.0, 2.0] * 10 + [3.0]) is None
    assert repeats([float(k) for k in range(50)]) is None


def test_the_clock_offers_the_stretch_before_the_next_other_task() -> None:
    clock = Clock()
    ran: list[tuple[str, int]] = []
    offered: list[tuple[int, int]] = []

    def leap(now: int, horizon: int) -> int:
        offered.append((now, horizon))
        reached = horizon - horizon % 60
        ran.extend(("leapt", t) for t in range(now // 60 * 60 + 60, reached + 1, 60))
        return reached if reached > now else now

    clock.every(60, lambda now: ran.append(("minute", now)), name="a", order=200, leap=leap)
    clock.every(3600, lambda now: ran.append(("hour", now)), name="b", order=100)
    clock.run_for(7200)
    assert offered[0] == (0, 3599)  # up to just before the hourly task
    assert ("hour", 3600) in ran and ("hour", 7200) in ran
    minutes = sorted(t for kind, t in ran if kind in ("minute", "leapt"))
    assert minutes == list(range(0, 7201, 60))  # every minute once, leapt or run
    assert ran.index(("hour", 3600)) < ran.index(("minute", 3600))  # order kept at 3600
    assert clock.now == 7200


def test_a_leap_that_declines_leaves_the_instants_to_the_clock() -> None:
    clock = Clock()
    ran: list[int] = []
    clock.every(60, ran.append, name="a", order=200, leap=lambda now, horizon: now)
    clock.run_for(600)
    assert ran == list(range(0, 601, 60))


def test_a_settle_task_still_runs_at_the_end() -> None:
    clock = Clock()
    settled: list[int] = []
    minutes: list[int] = []

    def leap(now: int, horizon: int) -> int:
        assert horizon < 600  # the end is left to the clock: the settle task runs there
        minutes.extend(range(now + 60, horizon + 1, 60))
        return horizon - horizon % 60

    clock.every(60, minutes.append, name="m", order=200, leap=leap)
    clock.every(100_000, settled.append, name="s", order=100, settle=True)
    clock.run_for(600)
    assert settled == [0, 600]
    assert sorted(set(minutes)) == list(range(0, 601, 60))
