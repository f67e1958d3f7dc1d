"""Counter-reset sums caught up when read (``series/resets.py``) against keeping them one
sample at a time (``resets.plain``), through every way samples come and go: pushes, appends,
staleness markers, a leap's bulk writes and take-backs, retention, native histograms."""

from __future__ import annotations

import math
import struct
from collections.abc import Iterable

from hypothesis import given
from hypothesis import strategies as st

from kubeloop.telemetry.series import STALE_NAN, Labels, SeriesStore, StoredSeries
from kubeloop.telemetry.series.histogram import FloatHistogram
from kubeloop.telemetry.series.resets import fold, plain
from kubeloop.telemetry.span.bulk import extend, truncate

LABELS = Labels.of(__name__="x")
FLOATS = st.sampled_from(
    [0.0, -0.0, 1.0, 2.0, 5.5, -3.0, math.nan, math.inf, -math.inf, 1e308, STALE_NAN]
)


def bits(values: Iterable[float]) -> list[bytes]:
    return [struct.pack("<d", v) for v in values]


@given(st.lists(FLOATS, max_size=40), st.integers(0, 40), st.integers(0, 40))
def test_fold_is_plain(values: list[float], done: int, end: int) -> None:
    """From any number of sums already kept, to any end: the same bits."""
    end = min(end, len(values))
    kept: list[float] = []
    plain(values, kept, min(done, end))
    folded, expected = list(kept), list(kept)
    fold(values, folded, end)
    plain(values, expected, end)
    assert bits(folded) == bits(expected)


OPS = st.lists(
    st.one_of(
        st.tuples(st.just("push"), FLOATS),
        st.tuples(st.just("append"), FLOATS),
        st.tuples(st.just("extend"), st.lists(FLOATS, min_size=1, max_size=12)),
        st.tuples(st.just("truncate"), st.integers(0, 12)),
        st.tuples(st.just("trim"), st.integers(0, 15)),
        st.tuples(st.just("read"), st.none()),
    ),
    max_size=30,
)


@given(OPS, st.booleans())
def test_sums_read_at_any_time_are_the_plain_ones(
    ops: list[tuple[str, object]], compact: bool
) -> None:
    """The sums a reader finds after any mix of writes equal the plain sums over every
    sample since the series was last empty, less those retention dropped (in lists, and in
    a compact store's typed arrays)."""
    store = SeriesStore(compact=compact)
    history: list[float] = []  # every sample since the series was last empty
    dropped = 0
    t = 0
    for op, arg in ops:
        series = store.get(LABELS)
        if op in ("push", "append"):
            assert isinstance(arg, float)
            t += 1000
            if op == "push":
                store.push(LABELS, t, arg)
            elif arg is STALE_NAN:
                store.append_stale(LABELS, t)
            else:
                store.append(LABELS, t, arg)
            history.append(arg)
        elif op == "extend" and series is not None and series.ts:
            assert isinstance(arg, list)
            times = [t + 1000 * (k + 1) for k in range(len(arg))]
            extend(series, times, arg)
            t = times[-1]
            history += arg
        elif op == "truncate" and series is not None and series.ts:
            assert isinstance(arg, int)
            through = series.ts[max(0, len(series.ts) - 1 - arg)]
            gone = len(series.ts) - 1 - max(0, len(series.ts) - 1 - arg)
            truncate(series, through)
            del history[len(history) - gone :]
            t = series.ts[-1]
        elif op == "trim" and series is not None and series.ts:
            assert isinstance(arg, int)
            dropped += series.trim(series.ts[min(arg, len(series.ts) - 1)])
            if not series.ts:
                history, dropped = [], 0
        elif op == "read" and series is not None:
            check(series, history, dropped)
    series = store.get(LABELS)
    if series is not None:
        check(series, history, dropped)


def check(series: StoredSeries, history: list[float], dropped: int) -> None:
    expected: list[float] = []
    plain(history, expected, len(history))
    assert bits(series.reset_sums()) == bits(expected[dropped:])
    assert len(series.resets) == len(series.vs)


def test_a_series_that_takes_native_histograms_keeps_its_float_sums_then_holds_them() -> None:
    """The float samples' sums are caught up before the first histogram; from then on
    every sample repeats the last sum (no float reset bookkeeping in a mixed series)."""
    store = SeriesStore()
    for t, value in enumerate([5.0, 3.0, 4.0, 1.0]):
        store.push(LABELS, t * 1000, value)
    series = store.get(LABELS)
    assert series is not None and len(series.resets) < len(series.vs)  # left behind
    store.append_histogram(LABELS, 4000, FloatHistogram(count=1.0, sum=1.0))
    store.append(LABELS, 5000, 2.0)
    store.append(LABELS, 6000, 0.5)
    assert series.reset_sums() == [0.0, 5.0, 5.0, 9.0, 9.0, 9.0, 9.0]


def test_retention_keeps_the_sums_going_from_the_first_sample_it_keeps() -> None:
    store = SeriesStore()
    for t, value in enumerate([5.0, 3.0, 4.0, 1.0, 2.0, 0.0]):
        store.push(LABELS, t * 1000, value)
    series = store.get(LABELS)
    assert series is not None
    assert series.trim(2000) == 3
    assert series.reset_sums() == [9.0, 9.0, 11.0]  # (of 0, 5, 5, 9, 9, 11)
