"""The ``anchored`` and ``smoothed`` modifiers over native histograms (promql/functions.go
``extendedHistogramRate``, ``interpolateHistograms``, ``correctForCounterResetsHistogram``
and engine.go's ``smoothSeries``): the window's edges are the histograms at its start and
end, picked (anchored) or interpolated bucket by bucket (smoothed), and rate/increase/delta
take their difference, counter resets inside corrected."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Any

from kubeloop.telemetry.promql.histogram import annotations as notes
from kubeloop.telemetry.promql.histogram.rates import Note, Result, changes, resets
from kubeloop.telemetry.series.histogram import FloatHistogram, HistogramError, add, detect_reset


def interpolate(
    h1: FloatHistogram, t1: int, h2: FloatHistogram, t2: int, t: int, counter: bool,
    found: list[Note],
) -> FloatHistogram:  # fmt: skip
    """The histogram at ``t`` on the line from ``h1`` to ``h2`` (from zero after a reset)."""
    if t == t1:
        return h1
    if t == t2:
        return h2
    fraction = (t - t1) / (t2 - t1)
    if counter and detect_reset(h2, h1):
        return h2.scaled(fraction)
    step = add(h2, h1, -1.0)
    if step.reconciled:
        found.append(("info", notes.mismatched_custom_buckets("subtraction")))
    again = add(step.histogram.scaled(fraction), h1)
    if again.reconciled:
        found.append(("info", notes.mismatched_custom_buckets("addition")))
    return again.histogram


def _correction(
    ts: list[int], hs: list[FloatHistogram], first: int, last: int, left: FloatHistogram,
    right: FloatHistogram, start: int, smoothed: bool, found: list[Note],
) -> FloatHistogram | None:  # fmt: skip
    begin, prev = first + 1, left
    if smoothed and ts[first] < start and detect_reset(hs[first + 1], hs[first]):
        prev, begin = hs[first + 1], begin + 1
    if begin > last:  # both edges interpolated across the one reset: nothing to correct
        return None
    correction: FloatHistogram | None = None
    for curr in [*hs[begin:last], right]:
        if detect_reset(curr, prev):
            if correction is None:
                correction = prev
            else:
                step = add(correction, prev)
                if step.reconciled:
                    found.append(("info", notes.mismatched_custom_buckets("addition")))
                correction = step.histogram
        prev = curr
    return correction


def extended_rate(
    ts: list[int], hs: list[FloatHistogram], start: int, end: int, smoothed: bool,
    counter: bool, per_second: float | None, metric: str,
) -> Result:  # fmt: skip
    """rate (``per_second``: the range in seconds), increase or delta (not ``counter``)."""
    last = len(hs) - 1
    first = max(0, bisect_right(ts, start, 0, last) - 1)
    if smoothed:
        last = bisect_left(ts, end, 0, last)
    if ts[last] <= start or (smoothed and ts[first] > end):
        return None, []
    found: list[Note] = []
    window = hs[first : last + 1]
    if any(h.custom != window[0].custom for h in window):
        return None, [("warning", notes.mixed_exponential_custom(metric))]
    if counter and any(h.hint == "gauge" for h in window):
        found.append(("warning", notes.not_counter(metric)))
    try:
        left = hs[first]
        if smoothed and ts[first] < start:
            left = interpolate(hs[first], ts[first], hs[first + 1], ts[first + 1], start,
                               counter, found)  # fmt: skip
        right = hs[last]
        if smoothed and last > 0 and ts[last] > end:
            right = interpolate(hs[last - 1], ts[last - 1], hs[last], ts[last], end, counter,
                                found)  # fmt: skip
        if not counter and (left.hint != "gauge" or right.hint != "gauge"):
            found.append(("warning", notes.not_gauge(metric)))
        step = add(right, left, -1.0)
        if step.reconciled:
            found.append(("info", notes.mismatched_custom_buckets("subtraction")))
        result = step.histogram
        if counter:
            correction = _correction(ts, hs, first, last, left, right, start, smoothed, found)
            if correction is not None:
                step = add(result, correction)
                if step.reconciled:
                    found.append(("info", notes.mismatched_custom_buckets("addition")))
                result = step.histogram
    except HistogramError:
        return None, [*found, ("warning", notes.mixed_exponential_custom(metric))]
    if per_second is not None:
        result = result.divided(per_second)
    return result.with_hint("gauge").compact(), list(dict.fromkeys(found))


def anchored_count(name: str, vs: list[Any]) -> float | None:
    """resets/changes from the anchor on, over floats and histograms."""
    return resets(vs) if name == "resets" else changes(vs)


def smoothed_value(ts: list[int], vs: list[Any], t: int, metric: str) -> Result:
    """``smoothSeries`` for a series that holds histograms: the sample at ``t``, else one
    interpolated between its neighbours, else the one before (its hint then unknown)."""
    if not vs:
        return None, []
    if any(not isinstance(v, FloatHistogram) for v in vs):
        return None, [("warning", notes.mixed_floats_histograms(metric))]
    i = bisect_left(ts, t)
    if i < len(ts) and ts[i] == t:
        return vs[i], []
    if 0 < i < len(ts):
        prev, after = vs[i - 1], vs[i]
        if prev.custom != after.custom:
            return None, [("warning", notes.mixed_exponential_custom(metric))]
        counter = prev.hint != "gauge" or after.hint != "gauge"
        found: list[Note] = []
        try:
            value = interpolate(prev, ts[i - 1], after, ts[i], t, counter, found)
        except HistogramError:
            return None, [("warning", notes.mixed_exponential_custom(metric))]
        return value, found
    if i > 0:
        return vs[i - 1].with_hint("unknown"), []
    return None, []
