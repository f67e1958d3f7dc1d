"""Range functions over native histogram samples (promql/functions.go): ``histogramRate``
under rate/increase/delta, ``instantValue`` under irate/idelta, resets, changes, and the
histogram branches of sum/avg_over_time.

Each takes the window's timestamps and values (floats and ``FloatHistogram``s in time order)
and returns the result (None: no output for the series) with the annotations upstream adds,
as ``(kind, message)`` pairs. rate, increase, irate and resets also take the samples' start
timestamps, when the query has them (``started``, ``promql/starts.py``).
"""

from __future__ import annotations

import math
from dataclasses import replace
from itertools import pairwise
from typing import Any

from kubeloop.telemetry.promql import starts
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
Starts = list[int] | None
"""The window's samples' start timestamps (0: none), or None when the query has none."""


def _st_reset(sts: Starts, ts: list[int], i: int) -> bool:
    """Whether sample ``i + 1`` restarted the count by its start timestamp."""
    return sts is not None and i + 1 < len(sts) and starts.is_reset(sts[i], ts[i], sts[i + 1],
                                                                     ts[i + 1])  # fmt: skip


def _scaled(h: FloatHistogram, schema: int) -> FloatHistogram:
    """``CopyToSchema``: ``h`` at the coarser ``schema``."""
    if h.custom or h.schema == schema:
        return h
    return add(FloatHistogram(schema=schema, zero_threshold=h.zero_threshold), h).histogram


def histogram_rate(points: list[FloatHistogram], is_counter: bool, metric: str,
                   ts: list[int] | None = None, sts: Starts = None) -> Result:  # fmt: skip
    """The raw increase (counter) or difference (gauge) from the first to the last sample,
    corrected for counter resets as ``DetectReset`` or the start timestamps ``sts`` (of the
    samples at ``ts``) find them."""
    times = ts or []
    found: list[Note] = []
    prev, last = points[0], points[-1]
    custom = prev.custom
    if is_counter and "gauge" in (prev.hint, last.hint):
        found.append(("warning", notes.not_counter(metric)))
    if is_counter and (_st_reset(sts, times, 0) or detect_reset(points[1], prev)):
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
            overlapped = False
            for i, (before, curr) in enumerate(zip([prev, *points[1:-1]], points[1:], strict=True)):
                if sts is not None and not overlapped and starts.overlaps(sts[i], times[i],
                                                                          sts[i + 1]):  # fmt: skip
                    found.append(("warning", starts.overlap(metric)))
                    overlapped = True
                if _st_reset(sts, times, i) or detect_reset(curr, before):
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
    is_rate: bool, metric: str, sts: Starts = None,
) -> Result:  # fmt: skip
    """``extrapolatedRate`` for a window of histograms only; a counter whose first sample
    started inside the window counts from a zero at that start instead of extrapolating to
    the left (one sample is then enough)."""
    h: FloatHistogram | None = None
    found: list[Note] = []
    if len(vs) > 1:
        rated, found = histogram_rate(vs, is_counter, metric, ts, sts)
        if not isinstance(rated, FloatHistogram):
            return None, found
        h = rated
    if is_counter and sts and sts[0] != 0 and start < sts[0] < ts[0]:
        return _from_start(ts, vs, sts[0], h, start, end, is_rate, metric, found)
    if h is None:
        return None, found
    factor = extrapolation_factor(ts[0], ts[-1], len(vs), vs[0].count, h.count, start, end,
                                  is_counter, is_rate)  # fmt: skip
    return h.scaled(factor).with_hint("gauge"), found


def _from_start(
    ts: list[int], vs: list[FloatHistogram], st: int, h: FloatHistogram | None, start: int,
    end: int, is_rate: bool, metric: str, found: list[Note],
) -> Result:  # fmt: skip
    """``extrapolatedRate``'s start-timestamp branch: the first sample's count added, the
    interval measured from its start ``st``, extrapolated to the right only."""
    if h is None:
        h = vs[0]
    else:
        try:
            h = add(h, vs[0]).histogram
        except HistogramError:
            return None, [*found, ("warning", notes.mixed_exponential_custom(metric))]
    n = len(vs)
    average = (ts[-1] - ts[0]) / 1000 / (n - 1) if n > 1 else 0.0
    sampled = (ts[-1] - st) / 1000
    to_end = (end - ts[-1]) / 1000
    if to_end >= average * 1.1:
        to_end = average / 2
    factor = (sampled + to_end) / sampled if sampled != 0 else 1.0
    if is_rate:
        factor /= (end - start) / 1000
    return h.scaled(factor).with_hint("gauge").compact(), found


def started(name: str, ts: list[int], vs: list[Any], sts: Starts, start: int, end: int,
            metric: str) -> Result:  # fmt: skip
    """rate, increase, irate or resets over a window holding histograms, reading the start
    timestamps ``sts``."""
    if name == "irate":
        return instant_value(ts, vs, True, metric, sts)
    if name == "resets":
        return resets(vs, ts, sts), []
    hists = [v for v in vs if isinstance(v, FloatHistogram)]
    if len(hists) != len(vs):
        return None, [("warning", notes.mixed_floats_histograms(metric))]
    return extrapolated_histogram_rate(ts, hists, start, end, True, name == "rate", metric, sts)


def instant_value(ts: list[int], vs: list[object], is_rate: bool, metric: str,
                  sts: Starts = None) -> Result:  # fmt: skip
    """irate/idelta: the last two samples, both floats or both histograms (a start timestamp
    may show irate a reset between them)."""
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
        restarted = sts is not None and starts.is_reset(sts[-2], t0, sts[-1], t1)
        if not is_rate or not (v1 < v0 or restarted):
            value = v1 - v0
        return (value / (interval / 1000) if is_rate else value), []
    found: list[Note] = []
    if is_rate and "gauge" in (v0.hint, v1.hint):
        found.append(("warning", notes.not_counter(metric)))
    if not is_rate and (v0.hint != "gauge" or v1.hint != "gauge"):
        found.append(("warning", notes.not_gauge(metric)))
    h = v1
    restarted = sts is not None and starts.is_reset(sts[-2], t0, sts[-1], t1)
    if not is_rate or not (restarted or detect_reset(v1, v0)):
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


def resets(vs: list[object], ts: list[int] | None = None, sts: Starts = None) -> float | None:
    """Counter resets: a float decrease, a histogram ``DetectReset``, a change between float
    and histogram, or a start timestamp ``sts`` (of the samples at ``ts``) showing one."""
    if not vs:
        return None
    count = 0
    times = ts or []
    for i, (prev, curr) in enumerate(pairwise(vs)):
        if isinstance(prev, FloatHistogram) and isinstance(curr, FloatHistogram):
            count += _st_reset(sts, times, i) or detect_reset(curr, prev)
        elif isinstance(prev, FloatHistogram) or isinstance(curr, FloatHistogram):
            count += 1
        else:
            assert isinstance(prev, float) and isinstance(curr, float)
            count += curr < prev or _st_reset(sts, times, i)
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
