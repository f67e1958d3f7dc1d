"""Range functions over native histogram samples (promql/functions.go): ``histogramRate``
under rate/increase/delta, ``instantValue`` under irate/idelta, resets, changes, and the
histogram branches of sum/avg_over_time.

Each takes the window's timestamps and values (floats and ``FloatHistogram``s in time order)
and returns the result (None: no output for the series) with the annotations upstream adds,
as ``(kind, message)`` pairs.
"""

from __future__ import annotations

import math
from dataclasses import replace
from itertools import pairwise

from kubeloop.telemetry.promql.annotations import Kind
from kubeloop.telemetry.promql.functions.counters import extrapolation_factor
from kubeloop.telemetry.promql.histogram import annotations as notes
from kubeloop.telemetry.promql.histogram import kahan
from kubeloop.telemetry.series.histogram import (
    FloatHistogram,
    HistogramError,
    add,
    detect_reset,
    equals,
)

Note = tuple[Kind, str]
Result = tuple[float | FloatHistogram | None, list[Note]]


def _scaled(h: FloatHistogram, schema: int) -> FloatHistogram:
    """``CopyToSchema``: ``h`` at the coarser ``schema``."""
    if h.custom or h.schema == schema:
        return h
    return add(FloatHistogram(schema=schema, zero_threshold=h.zero_threshold), h).histogram


def histogram_rate(points: list[FloatHistogram], is_counter: bool, metric: str) -> Result:
    """The raw increase (counter) or difference (gauge) from the first to the last sample,
    corrected for counter resets as ``DetectReset`` finds them."""
    found: list[Note] = []
    prev, last = points[0], points[-1]
    custom = prev.custom
    if is_counter and "gauge" in (prev.hint, last.hint):
        found.append(("warning", notes.not_counter(metric)))
    if is_counter and detect_reset(points[1], prev):
        prev = FloatHistogram(schema=points[1].schema, custom_values=points[1].custom_values)
        custom = points[1].custom
    if last.custom != custom:
        return None, [*found, ("warning", notes.mixed_exponential_custom(metric))]
    schema = min(last.schema, prev.schema)
    for curr in points[1:-1]:
        if not is_counter:
            continue
        if curr.hint == "gauge":
            found.append(("warning", notes.not_counter(metric)))
        schema = min(schema, curr.schema)
        if curr.custom != custom:
            return None, [("warning", notes.mixed_exponential_custom(metric))]
    try:
        total = add(_scaled(last, schema), prev, -1.0)
        if total.reconciled:
            found.append(("info", notes.mismatched_custom_buckets("subtraction")))
        h = total.histogram
        if is_counter:
            for before, curr in zip([prev, *points[1:-1]], points[1:], strict=True):
                if detect_reset(curr, before):
                    step = add(h, before)
                    if step.reconciled:
                        found.append(("info", notes.mismatched_custom_buckets("addition")))
                    h = step.histogram
        elif points[0].hint != "gauge" or last.hint != "gauge":
            found.append(("warning", notes.not_gauge(metric)))
    except HistogramError:
        return None, [("warning", notes.mixed_exponential_custom(metric))]
    return replace(h, hint="gauge").compact(), _unique(found)


def _unique(found: list[Note]) -> list[Note]:
    return list(dict.fromkeys(found))


def extrapolated_histogram_rate(
    ts: list[int], vs: list[FloatHistogram], start: int, end: int, is_counter: bool,
    is_rate: bool, metric: str,
) -> Result:  # fmt: skip
    """``extrapolatedRate`` for a window of histograms only."""
    if len(vs) < 2:
        return None, []
    h, found = histogram_rate(vs, is_counter, metric)
    if not isinstance(h, FloatHistogram):
        return None, found
    factor = extrapolation_factor(ts[0], ts[-1], len(vs), vs[0].count, h.count, start, end,
                                  is_counter, is_rate)  # fmt: skip
    return h.scaled(factor).with_hint("gauge"), found


def instant_value(ts: list[int], vs: list[object], is_rate: bool, metric: str) -> Result:
    """irate/idelta: the last two samples, both floats or both histograms."""
    if len(vs) < 2:
        return None, []
    (t0, v0), (t1, v1) = (ts[-2], vs[-2]), (ts[-1], vs[-1])
    interval = t1 - t0
    if interval == 0:
        return None, []
    if not isinstance(v0, FloatHistogram) or not isinstance(v1, FloatHistogram):
        if isinstance(v0, FloatHistogram) or isinstance(v1, FloatHistogram):
            return None, [("warning", notes.mixed_floats_histograms(metric))]
        assert isinstance(v0, float) and isinstance(v1, float)
        value = v1
        if not is_rate or not v1 < v0:
            value = v1 - v0
        return (value / (interval / 1000) if is_rate else value), []
    found: list[Note] = []
    if is_rate and "gauge" in (v0.hint, v1.hint):
        found.append(("warning", notes.not_counter(metric)))
    if not is_rate and (v0.hint != "gauge" or v1.hint != "gauge"):
        found.append(("warning", notes.not_gauge(metric)))
    h = v1
    if not is_rate or not detect_reset(v1, v0):
        try:
            total = add(v1, v0, -1.0)
        except HistogramError:
            return None, [*found, ("warning", notes.mixed_exponential_custom(metric))]
        if total.reconciled:
            found.append(("info", notes.mismatched_custom_buckets("subtraction")))
        h = total.histogram
    h = replace(h, hint="gauge").compact()
    if is_rate:
        h = h.divided(interval / 1000)
    return h, found


def resets(vs: list[object]) -> float | None:
    """Counter resets: a float decrease, a histogram ``DetectReset``, or a change between
    float and histogram."""
    if not vs:
        return None
    count = 0
    for prev, curr in pairwise(vs):
        if isinstance(prev, FloatHistogram) and isinstance(curr, FloatHistogram):
            count += detect_reset(curr, prev)
        elif isinstance(prev, FloatHistogram) or isinstance(curr, FloatHistogram):
            count += 1
        else:
            assert isinstance(prev, float) and isinstance(curr, float)
            count += curr < prev
    return float(count)


def changes(vs: list[object]) -> float | None:
    if not vs:
        return None
    count = 0
    for prev, curr in pairwise(vs):
        if isinstance(prev, FloatHistogram) and isinstance(curr, FloatHistogram):
            count += not equals(curr, prev)
        elif isinstance(prev, FloatHistogram) or isinstance(curr, FloatHistogram):
            count += 1
        else:
            assert isinstance(prev, float) and isinstance(curr, float)
            count += curr != prev and not (math.isnan(curr) and math.isnan(prev))
    return float(count)


def sum_histograms(vs: list[FloatHistogram], metric: str, mean: bool = False) -> Result:
    """sum_over_time (``mean``: avg_over_time) of histograms, with the hint collision and
    bound reconciling noted."""
    found: list[Note] = []
    try:
        total = kahan.kahan_mean(vs) if mean else kahan.kahan_sum(vs)
    except HistogramError:
        return None, [("warning", notes.mixed_exponential_custom(metric))]
    if vs[0].custom and any(h.custom_values != vs[0].custom_values for h in vs):
        found.append(("info", notes.mismatched_custom_buckets("aggregation")))
    if {"reset", "not_reset"} <= {h.hint for h in vs}:
        found.append(("warning", notes.counter_reset_collision("aggregation")))
    return total.compact() if mean else total, found
