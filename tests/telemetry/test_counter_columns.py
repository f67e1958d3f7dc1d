"""``rate``/``increase``/``delta`` over a stretch's windows at once (``counters.counter_values``,
the extrapolation inlined) against ``counter_value`` over each window, bit for bit."""

from __future__ import annotations

import math
import struct

from hypothesis import given
from hypothesis import strategies as st

from kubeloop.telemetry.promql.functions.counters import counter_value, counter_values
from kubeloop.telemetry.series import STALE_NAN, Labels, SeriesStore

LABELS = Labels.of(__name__="x")
VALUES = st.one_of(
    st.sampled_from([0.0, -0.0, 1.0, 3.0, 2.5, -4.0, 1e300, math.inf]),
    st.floats(-1e6, 1e6),
    st.integers(0, 10**6).map(float),
)
RARE = st.sampled_from([math.nan, STALE_NAN])


def bits(values: list[float | None]) -> list[bytes | None]:
    return [None if v is None else struct.pack("<d", v) for v in values]


@given(
    st.lists(
        st.tuples(st.integers(1, 20_000), st.one_of(VALUES, VALUES, VALUES, RARE)),
        min_size=1,
        max_size=40,
    ),
    st.integers(0, 300_000),
    st.integers(1, 200_000),
    st.integers(1, 20_000),
    st.integers(1, 40),
    st.sampled_from([(True, True), (True, False), (False, False)]),
)
def test_the_column_is_counter_value_at_each_window(
    samples: list[tuple[int, float]],
    first_end: int,
    length: int,
    step: int,
    count: int,
    flags: tuple[bool, bool],
) -> None:
    store = SeriesStore()
    t = 0
    for gap, value in samples:
        t += gap
        if value is STALE_NAN:
            store.append_stale(LABELS, t)
        else:
            store.push(LABELS, t, value)
    series = store.get(LABELS)
    assert series is not None
    ends = [first_end + k * step for k in range(count)]
    starts = [end - length for end in ends]
    found = counter_values(series, (starts, ends), *flags)
    expected = [counter_value(series, s, e, *flags) for s, e in zip(starts, ends, strict=True)]
    assert any(v is not None for v in found) or not any(v is not None for v in expected)
    assert bits(found) == bits(expected)


def column_and_each(
    values: list[float | None],
    flags: tuple[bool, bool],
    seconds: list[int] | None = None,
    first_end: int = 20_000,
) -> None:
    """Samples every 10 s or at ``seconds`` (None: a staleness marker), windows of 45 s
    every half second from ``first_end`` (ms)."""
    store = SeriesStore()
    times = [1000 * t for t in seconds or range(10, 10 * len(values) + 1, 10)]
    for t, value in zip(times, values, strict=True):
        if value is None:
            store.append_stale(LABELS, t)
        else:
            store.push(LABELS, t, value)
    series = store.get(LABELS)
    assert series is not None
    ends = list(range(first_end, times[-1] + 20_000, 500))
    starts = [end - 45_000 for end in ends]
    found = counter_values(series, (starts, ends), *flags)
    expected = [counter_value(series, s, e, *flags) for s, e in zip(starts, ends, strict=True)]
    assert any(v is not None for v in expected)
    assert bits(found) == bits(expected)


def test_a_decrease_after_an_infinite_reset_sum_is_not_missed() -> None:
    """Once the reset sums reach infinity, equal sums no longer mean no decrease."""
    column_and_each([math.inf, 1.0, 5.0, 2.0, 3.0, 1.0, 4.0], (True, True))


def test_windows_that_all_hold_an_infinite_reset_sum_still_see_each_decrease() -> None:
    """Every window after the first reset (to infinity): the sums are all equal there, and
    the windows hold decreases all the same."""
    values: list[float | None] = [math.inf, 1.0, 5.0, 2.0, 3.0, 1.0, 4.0, 6.0, 2.0, 7.0]
    column_and_each(values, (True, True), first_end=56_000)


def test_staleness_markers_are_left_out_of_every_window() -> None:
    for flags in [(True, True), (False, False)]:
        column_and_each([1.0, 2.0, None, 3.0, 5.0, None, 6.0, 8.0], flags)


def test_uneven_samples_cross_every_extrapolation_threshold() -> None:
    """Gaps of 10 and 20 s: windows whose first or last sample lies just under, at and just
    over 1.1 average gaps from their edge."""
    seconds = [10, 30, 40, 50, 70, 80, 100, 110]
    for flags in [(True, True), (True, False), (False, False)]:
        column_and_each([0.0, 4.0, 6.0, 7.0, 9.0, 12.0, 13.0, 20.0], flags, seconds)
