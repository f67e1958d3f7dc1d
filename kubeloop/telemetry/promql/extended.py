"""The ``anchored`` and ``smoothed`` modifiers (``promql-extended-range-selectors``), for
float samples, as promql/engine.go and functions.go evaluate them.

``x[5m] anchored``: the window also holds the last sample at or before its start (within the
lookback), and its edges are that sample's value and the last one's. ``x[5m] smoothed``: the
edges are interpolated between the samples around them (the lookback on both sides, so a
sample after the evaluation time counts). ``rate``/``increase``/``delta`` then take the
difference of the edges (``extendedRate``); ``changes``/``resets`` (anchored only) count from
the anchor. ``x smoothed``: an instant selector's value interpolated at the evaluation time.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Final

from kubeloop.telemetry.series import StoredSeries

ANCHORED_SAFE: Final = ("changes", "delta", "increase", "rate", "resets")
SMOOTHED_SAFE: Final = ("delta", "increase", "rate")
Points = tuple[list[int], list[float]]


def window(series: StoredSeries, start: int, end: int, smoothed: bool, lookback: int) -> Points:
    """The samples a modified range selector reads: ``(start - lookback, end]``, and up to
    ``end + lookback`` when smoothed (stale markers dropped)."""
    return series.window(start - lookback, end + (lookback if smoothed else 0))


def extend(ts: list[int], vs: list[float], start: int, end: int, smoothed: bool) -> Points:
    """``extendFloats``: the window as a bare range selector returns it, edges at ``start``
    and ``end`` (empty when no sample lies after ``start``)."""
    found = _edges(ts, vs, start, end, smoothed, False)
    if found is None:
        return [], []
    left, right, first, last = found
    return [start, *ts[first : last + 1], end], [left, *vs[first : last + 1], right]


def extended_rate(
    ts: list[int], vs: list[float], start: int, end: int, smoothed: bool, counter: bool
) -> float | None:
    """``extendedRate`` before the division by the range: the edges' difference, counter
    resets inside corrected."""
    found = _edges(ts, vs, start, end, smoothed, counter)
    if found is None:
        return None
    left, right, first, last = found
    result = right - left
    if counter:
        correction, prev = 0.0, left
        for value in vs[first : last + 1]:
            if value < prev:
                correction += prev
            prev = value
        if right < prev:
            correction += prev
        result += correction
    return result


def _edges(
    ts: list[int], vs: list[float], start: int, end: int, smoothed: bool, counter: bool
) -> tuple[float, float, int, int] | None:
    """(left edge, right edge, first and last index strictly inside the range)."""
    if not ts:
        return None
    last = len(ts) - 1
    first = max(0, bisect_right(ts, start, 0, last) - 1)
    if smoothed:
        last = bisect_left(ts, end, 0, last)
    if ts[last] <= start or (smoothed and ts[first] > end):
        return None
    left = vs[first]
    if smoothed and ts[first] < start:
        left = _interpolate(ts, vs, first, first + 1, start, counter)
    right = vs[last]
    if smoothed and last > 0 and ts[last] > end:
        right = _interpolate(ts, vs, last - 1, last, end, counter)
    if ts[first] <= start:
        first += 1
    if ts[last] >= end:
        last -= 1
    return left, right, first, last


def _interpolate(ts: list[int], vs: list[float], i: int, j: int, t: int, counter: bool) -> float:
    y1, y2 = vs[i], vs[j]
    if counter and y2 < y1:
        y1 = 0.0
    return y1 + (y2 - y1) * (t - ts[i]) / (ts[j] - ts[i])


def anchored_from(ts: list[int], start: int) -> int | None:
    """``pickFirstSampleIndices``: where counting starts (the last sample at or before
    ``start``, else the first), None when no sample lies after ``start``."""
    after = bisect_right(ts, start)
    if after >= len(ts):
        return None
    return max(after - 1, 0)


def smoothed_value(series: StoredSeries, t: int, lookback: int) -> float | None:
    """``smoothSeries`` at one time: the sample at ``t``, else one interpolated between its
    neighbours within the lookback on each side, else the one before."""
    ts, vs = series.window(t - lookback, t + lookback)
    i = bisect_left(ts, t)
    if i < len(ts) and ts[i] == t:
        return vs[i]
    if 0 < i < len(ts):
        return _interpolate(ts, vs, i - 1, i, t, False)
    if i > 0:
        return vs[i - 1]
    return None
