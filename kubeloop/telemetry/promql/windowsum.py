"""``sum_over_time`` and ``count_over_time`` over long windows without rescanning them.

Prometheus sums a window with Kahan–Neumaier compensation in sample order from the window's
first sample, so the result depends on where the window starts and no prefix sum gives it
bit for bit. Rules evaluated every minute over a 30-day window would rescan up to 43 200
samples each time. Two cases recur on the logical clock and are continued exactly, with the
same additions in the same order as a fresh scan:

* a window that starts where the last evaluation's window started and ends later (a 30-day
  SLO in its first 30 days: the window begins at the series' first sample) continues the
  sum it had reached;
* a window inside the series' newest run of identical values (a steady SLI) is m copies of
  one value: the sum of m copies is kept and continued when m grows, reused when it does not.

Anything else is summed afresh, as before. A stretch of successive windows (``window_sums``,
for a rule's answers at many instants at once: ``span/columns.py``) continues one sum from
window to window while they begin at the same sample, so each costs only its new samples.
``tests/telemetry/test_windowsum.py`` compares both against a plain scan over random series
and windows.
"""

from __future__ import annotations

import math
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import Final

from kubeloop.telemetry.promql.functions.kahan import inc
from kubeloop.telemetry.series import StoredSeries, is_stale

MAX_KEPT = 8
"""Partial sums kept per series and kind: one per window a rule or query keeps asking for."""
MIN_REPEATING: Final = 1024
"""Windows of fewer samples are summed as they come, repeating or not (``_repeating``)."""
MAX_PERIOD: Final = 240
MAX_TRIES: Final = 8


def bounds(series: StoredSeries, start: int, end: int) -> tuple[int, int]:
    """The list indexes ``lo:hi`` of the samples in ``(start, end]``."""
    ts = series.ts
    hi = len(ts) if ts and ts[-1] <= end else bisect_right(ts, end)
    return bisect_right(ts, start, 0, hi), hi


Edges = tuple[Sequence[int], Sequence[int]]
"""Successive windows ``(start, end]`` as their starts and their ends (ms), both never
moving back."""


def all_bounds(series: StoredSeries, windows: Edges) -> tuple[list[int], list[int]]:
    """``bounds`` of each window. When the edges of successive windows fall on successive
    samples (a stretch's instants over a series sampled at each of them) or stay before the
    same sample, the indexes are counted on instead of searched for."""
    starts, ends = windows
    if not starts:
        return [], []
    lo, hi = bounds(series, starts[0], ends[0])
    last_lo, last_hi = bounds(series, starts[-1], ends[-1])
    count = len(starts)
    return (
        _edges(series.ts, starts, lo, last_lo, count),
        _edges(series.ts, ends, hi, last_hi, count),
    )


def _edges(ts: list[int], at: Sequence[int], first: int, last: int, count: int) -> list[int]:
    """``bisect_right(ts, t)`` for each of ``at`` (increasing), given the first and last."""
    if first == last:
        return [first] * count
    if last - first == count - 1 and first and ts[first - 1 : last] == at:
        return list(range(first, last + 1))
    out = []
    index = 0
    for t in at:
        index = bisect_right(ts, t, index)
        out.append(index)
    return out


def window_count(series: StoredSeries, start: int, end: int) -> float | None:
    """``count_over_time`` of one series: its non-stale samples in ``(start, end]``."""
    lo, hi = bounds(series, start, end)
    count = hi - lo
    if count and series.stale_count:
        count -= sum(1 for v in series.vs[lo:hi] if math.isnan(v) and is_stale(v))
    return float(count) if count else None


def window_sum(series: StoredSeries, start: int, end: int) -> float | None:
    """``sum_over_time`` of one series over ``(start, end]``, bit for bit a fresh scan's."""
    lo, hi = bounds(series, start, end)
    if lo >= hi or (series.stale_count and window_count(series, start, end) is None):
        return None
    total, comp = _state(series, lo, hi)
    return total if math.isinf(total) else total + comp


def window_sums(series: StoredSeries, windows: Edges) -> list[float | None]:
    """``window_sum`` over each of ``windows`` (``(start, end]``, both edges never moving
    back), bit for bit: while a window begins at the sample the one before began at, its
    sum continues the one before over the new samples alone (the same additions in the same
    order as a fresh scan); the last is kept for the next evaluation to continue. Windows
    sliding over values that repeat take the sums of the windows holding the same values
    (``_repeating``)."""
    los, his = all_bounds(series, windows)
    first, repeating = _repeating(series, los, his)
    return _sums(series, los[:first], his[:first]) + repeating


def _sums(series: StoredSeries, los: list[int], his: list[int]) -> list[float | None]:
    out: list[float | None] = []
    vs = series.vs
    stale = series.stale_count
    run = series.run_start - series.base if vs and not math.isnan(vs[-1]) else len(vs)
    lo_at, hi_at, seen, total, comp = -1, -1, 0, 0.0, 0.0
    for lo, hi in zip(los, his, strict=True):
        if lo == lo_at and hi == hi_at + 1 and not stale:  # (a stretch: one more sample)
            v = vs[hi_at]
            t = total + v  # ``inc`` inlined, the one step of most windows
            if math.isinf(t):
                comp = 0.0
            elif abs(total) >= abs(v):
                comp += (total - t) + v
            else:
                comp += (v - t) + total
            total = t
            seen += 1
        elif lo == lo_at and hi >= hi_at:
            for v in vs[hi_at:hi]:
                if not (stale and math.isnan(v) and is_stale(v)):
                    total, comp = inc(v, total, comp)
                    seen += 1
        elif not (run <= lo_at and run <= lo and hi - lo == seen):  # (else: as many copies)
            seen = max(0, hi - lo) if not stale else _live(vs, lo, hi)
            total, comp = _state(series, lo, hi) if seen else (0.0, 0.0)
        lo_at, hi_at = lo, hi
        out.append((total if math.isinf(total) else total + comp) if seen else None)
    if seen:
        _keep(series.spans, series.base + lo_at, (series.base + hi_at, total, comp))
    return out


def _repeating(
    series: StoredSeries, los: list[int], his: list[int]
) -> tuple[int, list[float | None]]:
    """``(k, sums)``: the sums of the windows from the ``k``-th on, when they are long, of
    one length, each a sample later than the one before (after windows growing from one
    first sample, as a month-long rule's window does in its first month), and inside a
    stretch of the series whose values repeat every ``p`` samples. Such a window holds the
    same values in the same order as the window ``p`` before it (``==``: the same bits but
    for ±0, which add alike to a sum that starts at 0.0, and NaN, equal only to itself), so
    it has the same sum, and so has any window of that length whose first ``p`` values are
    the same, in this stretch or a later one (``StoredSeries.phases``). That the values
    repeat is kept too (``StoredSeries.repeating``): a later stretch checks only the samples
    appended since, not the whole window again. ``k`` is the number
    of windows when none of them is such, or when only the last is and it continues windows
    growing from its first sample (it costs ``_sums`` only its new samples)."""
    count = len(los)
    if series.stale_count or not count:
        return count, []
    start = bisect_right(los, los[0]) - 1  # (the windows before it grow: summed as they come)
    length, sliding = his[start] - los[start], count - start
    if (
        length < MIN_REPEATING
        or (start and sliding == 1)
        or los[start:] != list(range(los[start], los[start] + sliding))
        or his[start:] != list(range(his[start], his[start] + sliding))
    ):
        return count, []
    vs, end, base = series.vs, his[-1], series.base
    known = _still_repeating(series, los[-1], end)
    if known is not None:  # (checked over the new samples alone)
        period, since = known
        first = max(start, bisect_left(los, since - base))
    else:
        least = _period(vs[los[-1] : end])
        if least is None:
            return count, []
        period, first = least, count - 1
    if first > start:
        first = _first_repeating(vs, los, start, first, period, end)
    series.repeating = (period, base + los[first], base + end)
    sums: list[float | None] = []
    for lo in los[first : first + period]:
        key = (array("d", vs[lo : lo + period]).tobytes(), length)
        found = series.phases.get(key)
        if found is None:
            found = series.phases[key] = _span(series, lo, lo + length)
            if len(series.phases) > MAX_KEPT:
                del series.phases[next(iter(series.phases))]
        total, comp = found
        sums.append(total if math.isinf(total) else total + comp)
    return first, (sums * ((count - first) // period + 1))[: count - first]


def _first_repeating(
    vs: list[float], los: list[int], start: int, high: int, period: int, end: int
) -> int:
    """The first of the windows ``start..high`` (from ``los[k]`` to ``end``) whose values
    repeat every ``period``, given that window ``high``'s do (the later a window begins, the
    fewer values it holds, so they do from the first on)."""
    if vs[los[start] + period : end] == vs[los[start] : end - period]:
        return start
    low = start
    while high - low > 1:
        mid = (low + high) // 2
        if vs[los[mid] + period : end] == vs[los[mid] : end - period]:
            high = mid
        else:
            low = mid
    return high


def _still_repeating(series: StoredSeries, lo: int, end: int) -> tuple[int, int] | None:
    """``(period, since)`` from ``StoredSeries.repeating`` when the values it found repeating
    reach back to ``lo`` and, checked over the samples appended since, still repeat up to
    ``end`` (list indexes); None otherwise (it is forgotten if they do not)."""
    known = series.repeating
    if known is None:
        return None
    period, since, through = known
    base = series.base
    if base + lo < since or through - period < base:
        return None
    done, vs = through - base, series.vs
    if done < end and vs[done:end] != vs[done - period : end - period]:
        series.repeating = None
        return None
    return period, since


def _period(values: list[float]) -> int | None:
    """The least ``p <= MAX_PERIOD`` (at most half of them) with ``values[k + p] ==
    values[k]`` throughout, trying the first few places the first value comes again."""
    count, p = len(values), 0
    for _ in range(MAX_TRIES):
        try:
            p = values.index(values[0], p + 1, min(MAX_PERIOD, count // 2) + 1)
        except ValueError:
            return None
        if values[p:] == values[: count - p]:
            return p
    return None


def window_counts(series: StoredSeries, windows: Edges) -> list[float | None]:
    """``window_count`` over each of ``windows``."""
    if series.stale_count:
        return [window_count(series, start, end) for start, end in zip(*windows, strict=True)]
    los, his = all_bounds(series, windows)
    return [float(hi - lo) if hi > lo else None for lo, hi in zip(los, his, strict=True)]


def _live(vs: list[float], lo: int, hi: int) -> int:
    """How many of ``vs[lo:hi]`` are not staleness markers."""
    return sum(1 for v in vs[lo:hi] if not (math.isnan(v) and is_stale(v)))


def _state(series: StoredSeries, lo: int, hi: int) -> tuple[float, float]:
    """The compensated sum ``(sum, compensation)`` of ``lo:hi`` (some sample not stale)."""
    found = _copies(series, lo, hi)
    return found if found is not None else _span(series, lo, hi)


def _copies(series: StoredSeries, lo: int, hi: int) -> tuple[float, float] | None:
    """The sum of ``hi - lo`` copies of the newest run's value; None when the window is not
    inside that run (it may end before the newest sample: a leap appends ahead)."""
    if series.base + lo < series.run_start:
        return None  # (every sample from the run's start to the newest has the same bits)
    value = series.vs[-1]
    if math.isnan(value):
        return None
    count, run = hi - lo, series.run_start
    done, total, comp = 0, 0.0, 0.0
    for seen, (first, c_total, c_comp) in series.copies.items():
        if first == run and done < seen <= count:
            done, total, comp = seen, c_total, c_comp
    for _ in range(count - done):
        total, comp = inc(value, total, comp)
    _keep(series.copies, count, (run, total, comp))
    return total, comp


def _span(series: StoredSeries, lo: int, hi: int) -> tuple[float, float]:
    """The sum over ``lo:hi`` (stale markers skipped), continued from the last window that
    began at ``lo`` and ended no later."""
    base = series.base
    begin, total, comp = lo, 0.0, 0.0
    cached = series.spans.get(base + lo)
    if cached is not None and lo <= cached[0] - base <= hi:
        begin, total, comp = cached[0] - base, cached[1], cached[2]
    values = series.vs[begin:hi]
    if series.stale_count:
        values = [v for v in values if not (math.isnan(v) and is_stale(v))]
    total, comp = _added(values, total, comp)
    _keep(series.spans, base + lo, (base + hi, total, comp))
    return total, comp


def _added(values: list[float], total: float, comp: float) -> tuple[float, float]:
    """``kahan.inc`` of each of ``values`` in turn, inlined (a month-long window's first sum
    adds every one of its samples)."""
    isinf = math.isinf
    for v in values:
        t = total + v
        if isinf(t):
            comp = 0.0
        elif abs(total) >= abs(v):
            comp += (total - t) + v
        else:
            comp += (v - t) + total
        total = t
    return total, comp


def _keep(
    cache: dict[int, tuple[int, float, float]], key: int, entry: tuple[int, float, float]
) -> None:
    """Remember one partial sum; a few windows per series at most (the oldest goes first)."""
    cache.pop(key, None)
    cache[key] = entry
    if len(cache) > MAX_KEPT:
        del cache[next(iter(cache))]
