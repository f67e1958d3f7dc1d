"""sum_over_time/count_over_time's kept partial sums against a plain scan of the window.

The oracle is the definition: the compensated sum (kahan_sum) of the window's non-stale
samples in order, their count. Series mix runs of one value (the copies cache), changes
(the span cache), stale markers, 0.0 and -0.0, NaN and infinities; windows grow, slide,
jump back and shrink, and retention drops samples in between.
"""

from __future__ import annotations

import math
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop.telemetry.promql import evaluate
from kubeloop.telemetry.promql.functions.kahan import kahan_sum
from kubeloop.telemetry.promql.windowsum import (
    _span,
    _state,
    all_bounds,
    bounds,
    window_count,
    window_counts,
    window_sum,
    window_sums,
)
from kubeloop.telemetry.series import Labels, SeriesStore, StoredSeries
from kubeloop.telemetry.span.bulk import extend, truncate

SERIES = Labels.of(name="x")
VALUES = st.sampled_from(
    [0.0, -0.0, 1.0, 0.1, 0.001, 1e16, -1e16, 3.0, math.nan, math.inf, 1e308, -2.5, None]
)


def bits(value: float | None) -> object:
    return None if value is None else struct.pack("<d", value)


def edges(windows: list[tuple[int, int]]) -> tuple[list[int], list[int]]:
    return [start for start, _ in windows], [end for _, end in windows]


def reference_sum(series: StoredSeries, start: int, end: int) -> float | None:
    _, vs = series.window(start, end)
    return kahan_sum(vs) if vs else None


def reference_count(series: StoredSeries, start: int, end: int) -> float | None:
    _, vs = series.window(start, end)
    return float(len(vs)) if vs else None


@st.composite
def histories(draw: st.DrawFn) -> tuple[list[float | None], list[tuple[int, int, int, int]]]:
    """Values (runs of repeats likely; None is a staleness marker) and queries
    ``(samples written, window length in samples, trim?, how many samples back it ends)``."""
    runs = draw(st.lists(st.tuples(VALUES, st.integers(1, 30)), min_size=1, max_size=8))
    values = [v for v, n in runs for _ in range(n)]
    queries = draw(
        st.lists(
            st.tuples(
                st.integers(0, len(values)),
                st.integers(0, len(values) + 2),
                st.integers(0, 3),
                st.sampled_from([0, 0, 0, 1, 2, 5]),
            ),
            max_size=40,
        )
    )
    return values, queries


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(histories(), st.booleans())
def test_kept_sums_are_bit_for_bit_a_fresh_scan(
    history: tuple[list[float | None], list[tuple[int, int, int, int]]], growing: bool
) -> None:
    values, queries = history
    store = SeriesStore()
    written = 0
    for end, length, trim, back in sorted(queries) if growing else queries:
        while written < min(end, len(values)):
            value = values[written]
            if value is None:
                store.append_stale(SERIES, written * 1000)
            else:
                store.append(SERIES, written * 1000, value)
            written += 1
        series = store.get(SERIES)
        if series is None:
            continue
        if trim == 3 and written > length:
            series.trim((written - length - 1) * 1000)  # (as a query finds it: settled)
        end_ms = (written - 1 - back) * 1000
        start_ms = end_ms - length * 1000
        assert bits(window_sum(series, start_ms, end_ms)) == bits(
            reference_sum(series, start_ms, end_ms)
        )
        assert window_count(series, start_ms, end_ms) == reference_count(series, start_ms, end_ms)


def test_a_growing_window_continues_and_a_steady_one_reuses() -> None:
    store = SeriesStore()
    for t in range(100):
        store.append(SERIES, t * 1000, 0.1)
    series = store.get(SERIES)
    assert series is not None
    assert window_sum(series, -1, 99_000) == kahan_sum([0.1] * 100)
    # the 100 copies are kept; one more sample extends them by one addition
    store.append(SERIES, 100_000, 0.1)
    assert window_sum(series, -1, 100_000) == kahan_sum([0.1] * 101)
    assert series.copies and max(series.copies) == 101
    store.append(SERIES, 101_000, 0.2)  # a new run: the span cache carries on
    assert window_sum(series, -1, 101_000) == kahan_sum([0.1] * 101 + [0.2])
    assert window_sum(series, 50_000, 101_000) == kahan_sum([0.1] * 50 + [0.2])


def test_the_query_path_uses_them_and_matches_the_plain_functions() -> None:
    store = SeriesStore()
    for t in range(0, 7200, 60):
        store.append(SERIES, t * 1000, 0.001 if t % 600 else 0.5)
    for end in range(0, 7200_000, 600_000):
        for func in ("sum_over_time", "count_over_time", "avg_over_time"):
            fast = evaluate(f"{func}(x[1h])", store, end)
            plain = evaluate(f"{func}((x)[1h:1m])", store, end)
            assert [bits(s.value) for s in fast] == [bits(s.value) for s in plain], (func, end)


@st.composite
def strides(draw: st.DrawFn) -> tuple[list[float | None], list[tuple[int, int]], int]:
    """Values, then windows whose edges never move back (edges on sample times often, so
    the left-open edge is crossed exactly), and a window asked afterwards on its own."""
    runs = draw(st.lists(st.tuples(VALUES, st.integers(1, 20)), min_size=1, max_size=6))
    values = [v for v, n in runs for _ in range(n)]
    start = draw(st.integers(-3, len(values)))
    end = start + draw(st.integers(0, len(values) + 2))
    windows = []
    for grow, slide in draw(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 3)), max_size=30)):
        end += grow
        start = min(end, start + (slide if slide < 3 else 0))
        windows.append((start * 1000 - 500 * (slide == 2), end * 1000))
    return values, windows, draw(st.integers(0, len(values) + 2))


@settings(max_examples=300, deadline=None)
@given(strides())
def test_successive_windows_are_bit_for_bit_fresh_scans(
    case: tuple[list[float | None], list[tuple[int, int]], int],
) -> None:
    values, windows, length = case
    store = SeriesStore()
    for t, value in enumerate(values):
        if value is None:
            store.append_stale(SERIES, t * 1000)
        else:
            store.append(SERIES, t * 1000, value)
    series = store.get(SERIES)
    assert series is not None
    sums = window_sums(series, edges(windows))
    counts = window_counts(series, edges(windows))
    for (start, end), total, count in zip(windows, sums, counts, strict=True):
        assert bits(total) == bits(reference_sum(series, start, end)), (start, end)
        assert count == reference_count(series, start, end)
    if windows:  # the kept sum is continued by the next evaluation, exactly
        start, end = windows[-1][0], windows[-1][1] + length * 1000
        assert bits(window_sum(series, start, end)) == bits(reference_sum(series, start, end))


def test_a_growing_stretch_adds_only_its_new_samples() -> None:
    store = SeriesStore()
    for t in range(1000):
        store.append(SERIES, t * 1000, 0.1 if t % 3 else 0.7)
    series = store.get(SERIES)
    assert series is not None
    windows = [(-1, end * 1000) for end in range(500, 1000)]
    with pytest.MonkeyPatch.context() as patch:
        fresh = []
        patch.setattr("kubeloop.telemetry.promql.windowsum._state",
                      lambda s, lo, hi: fresh.append((lo, hi)) or _state(s, lo, hi))  # fmt: skip
        sums = window_sums(series, edges(windows))
    assert fresh == [(0, 501)]  # the first window summed, then one sample added to each
    assert [bits(s) for s in sums] == [bits(reference_sum(series, a, b)) for a, b in windows]


def test_a_window_sliding_into_the_newest_run_is_summed_afresh_once() -> None:
    store = SeriesStore()
    for t, value in enumerate([1.0] * 5 + [0.1] * 30):
        store.append(SERIES, t * 1000, value)
    series = store.get(SERIES)
    assert series is not None
    windows = [(start * 1000 - 1, (start + 9) * 1000) for start in range(26)]  # 10 samples each
    sums = window_sums(series, edges(windows))
    assert [bits(s) for s in sums] == [bits(reference_sum(series, a, b)) for a, b in windows]
    assert len({bits(s) for s in sums[5:]}) == 1  # inside the run: one sum, reused


@settings(max_examples=300, deadline=None)
@given(
    st.lists(VALUES, min_size=1, max_size=60),
    st.integers(-3, 70),
    st.integers(1, 40),
    st.integers(0, 70),
    st.sampled_from([0, 0, 500]),
    st.integers(0, 2),
)
def test_edges_on_successive_samples_are_counted_on(
    values: list[float | None], first: int, length: int, count: int, shift: int, trimmed: int
) -> None:
    """A stretch's windows over a series sampled at each instant (as a leap reads them):
    the indexes counted on are the ones searched for, and so are the sums and counts."""
    store = SeriesStore()
    for t, value in enumerate(values):
        if value is None:
            store.append_stale(SERIES, t * 1000)
        else:
            store.append(SERIES, t * 1000, value)
    series = store.get(SERIES)
    assert series is not None
    series.trim(trimmed * 1000 - 1)
    windows = [((k - length) * 1000 - shift, k * 1000) for k in range(first, first + count)]
    los, his = all_bounds(series, edges(windows))
    assert list(zip(los, his, strict=True)) == [bounds(series, *w) for w in windows]
    sums, counts = window_sums(series, edges(windows)), window_counts(series, edges(windows))
    for (start, end), total, found in zip(windows, sums, counts, strict=True):
        assert bits(total) == bits(reference_sum(series, start, end)), (start, end)
        assert found == reference_count(series, start, end)


@settings(max_examples=300, deadline=None)
@given(st.lists(VALUES.filter(lambda v: v is not None), min_size=1, max_size=60), st.integers(0, 5))
def test_a_window_growing_one_sample_at_a_time_is_a_fresh_scan(
    values: list[float], start: int
) -> None:
    """A stretch over a series without staleness markers whose windows begin at one sample:
    the one new sample of each is added by the loop's own step (every branch of ``inc``)."""
    store = SeriesStore()
    for t, value in enumerate(values):
        store.append(SERIES, t * 1000, value)
    series = store.get(SERIES)
    assert series is not None
    windows = [(start * 1000 - 1, end * 1000) for end in range(start, len(values) + 1)]
    sums = window_sums(series, edges(windows))
    assert [bits(s) for s in sums] == [bits(reference_sum(series, a, b)) for a, b in windows]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(VALUES.filter(lambda v: v is not None), max_size=8),
    st.lists(
        st.sampled_from([0.0, -0.0, 0.1, 0.25, 1e16, -1e16, 3.0, math.inf]), min_size=1, max_size=5
    ),
    st.integers(4, 30),
    st.integers(1, 12),
    st.one_of(st.none(), st.tuples(st.integers(0, 200), st.sampled_from([-0.0, 0.0, 7.0]))),
)
def test_windows_sliding_over_repeating_values_are_fresh_scans(
    head: list[float],
    pattern: list[float],
    length: int,
    stretch: int,
    broken: tuple[int, float] | None,
) -> None:
    """Windows of one length sliding a sample at a time over values that repeat after a
    head that does not (perhaps broken once by another value, or by -0.0 for 0.0), in
    successive stretches: each sum has the bits of a fresh scan."""
    values = head + pattern * 40
    if broken is not None:
        values[broken[0] % len(values)] = broken[1]
    store = SeriesStore()
    for t, value in enumerate(values):
        store.append(SERIES, t * 1000, value)
    series = store.get(SERIES)
    assert series is not None
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("kubeloop.telemetry.promql.windowsum.MIN_REPEATING", 4)
        for first in range(length, len(values) - stretch, stretch):
            windows = [((k - length) * 1000, k * 1000) for k in range(first, first + stretch)]
            sums = window_sums(series, edges(windows))
            expected = [reference_sum(series, a, b) for a, b in windows]
            assert [bits(s) for s in sums] == [bits(s) for s in expected], windows


@settings(max_examples=300, deadline=None)
@given(
    st.lists(VALUES.filter(lambda v: v is not None), max_size=8),
    st.lists(st.sampled_from([0.0, -0.0, 0.1, 0.25, 1e16, -1e16, 3.0]), min_size=1, max_size=5),
    st.integers(4, 30),
    st.integers(1, 12),
    st.lists(st.tuples(st.integers(0, 200), st.sampled_from([-0.0, 0.0, 7.0])), max_size=2),
    st.one_of(st.none(), st.tuples(st.integers(0, 6), st.integers(0, 4))),
)
def test_repeating_values_checked_once_still_hold_as_stretches_append(
    head: list[float],
    pattern: list[float],
    length: int,
    stretch: int,
    broken: list[tuple[int, float]],
    taken_back: tuple[int, int] | None,
) -> None:
    """As a leap appends a stretch and then sums its windows, the values found repeating
    are checked again only over the samples appended since (``StoredSeries.repeating``):
    a later stretch that breaks the pattern, or samples taken back and written anew with
    another value, still give each window a fresh scan's bits."""
    values = head + pattern * 40
    for at, value in broken:
        values[at % len(values)] = value
    store = SeriesStore()
    for t, value in enumerate(values[:length]):
        store.append(SERIES, t * 1000, value)
    series = store.get(SERIES)
    assert series is not None
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("kubeloop.telemetry.promql.windowsum.MIN_REPEATING", 4)
        for number, first in enumerate(range(length, len(values) - stretch, stretch)):
            new = values[first : first + stretch]
            extend(series, [t * 1000 for t in range(first, first + stretch)], new)
            if taken_back is not None and number == taken_back[0]:
                truncate(series, (first + stretch - 1 - taken_back[1]) * 1000)
                again = [7.5] * taken_back[1]  # (written anew: not the pattern)
                values[first + stretch - taken_back[1] : first + stretch] = again
                times = range(first + stretch - taken_back[1], first + stretch)
                if again:
                    extend(series, [t * 1000 for t in times], again)
            windows = [((k - length) * 1000, k * 1000) for k in range(first, first + stretch)]
            sums = window_sums(series, edges(windows))
            expected = [reference_sum(series, a, b) for a, b in windows]
            assert [bits(s) for s in sums] == [bits(s) for s in expected], windows
        last = len(series.ts) - 1  # then windows reaching back before what was found
        for begin in (0, len(head) - 4):  # (before all of it; across its first sample)
            windows = [((begin + j) * 1000, (last - 8 + j) * 1000) for j in range(8)]
            sums = window_sums(series, edges(windows))
            expected = [reference_sum(series, a, b) for a, b in windows]
            assert [bits(s) for s in sums] == [bits(s) for s in expected], windows


def test_a_repeating_stretch_sums_one_window_per_phase() -> None:
    store = SeriesStore()
    values = [5.0, 1.5] + [0.1, 0.2, 0.1, 0.7] * 600
    for t, value in enumerate(values):
        store.append(SERIES, t * 1000, value)
    series = store.get(SERIES)
    assert series is not None
    windows = [((k - 1200) * 1000, k * 1000) for k in range(1199, 2399)]
    with pytest.MonkeyPatch.context() as patch:
        fresh: list[tuple[int, int]] = []
        patch.setattr("kubeloop.telemetry.promql.windowsum._span",
                      lambda s, lo, hi: fresh.append((lo, hi)) or _span(s, lo, hi))  # fmt: skip
        sums = window_sums(series, edges(windows))
    assert len(fresh) == 2 + 4  # the two windows that hold the head, then one per phase
    assert [bits(s) for s in sums] == [bits(reference_sum(series, a, b)) for a, b in windows]
    shorter = [((k - 1100) * 1000, k * 1000) for k in range(1300, 2300)]  # the same phases
    sums = window_sums(series, edges(shorter))
    assert [bits(s) for s in sums] == [bits(reference_sum(series, a, b)) for a, b in shorter]


def test_a_stretch_whose_windows_grow_then_slide_over_repeating_values() -> None:
    """A month-long rule's window at the end of its first month: the windows grow from the
    series' first sample, then slide (in one stretch); the sliding ones take the sums of
    their phases."""
    store = SeriesStore()
    for t, value in enumerate([5.0, 1.5] + [0.1, 0.2, 0.1, 0.7] * 600):
        store.append(SERIES, t * 1000, value)
    series = store.get(SERIES)
    assert series is not None
    windows = [(-1000 if k < 1200 else (k - 1200) * 1000, k * 1000) for k in range(1100, 1500)]
    with pytest.MonkeyPatch.context() as patch:
        fresh: list[tuple[int, int]] = []
        patch.setattr("kubeloop.telemetry.promql.windowsum._span",
                      lambda s, lo, hi: fresh.append((lo, hi)) or _span(s, lo, hi))  # fmt: skip
        sums = window_sums(series, edges(windows))
    assert len(fresh) <= 1 + 2 + 4  # the first window, the two holding the head, the phases
    assert [bits(s) for s in sums] == [bits(reference_sum(series, a, b)) for a, b in windows]
