"""A native histogram trimmed at a threshold: ``h </ x`` keeps the observations below ``x``,
``h >/ x`` those above (model/histogram/float_histogram.go, ``TrimBuckets``).

A bucket wholly on the kept side stays; one the threshold cuts keeps the share on its side,
interpolated linearly for custom buckets and the zero bucket, on a log scale for exponential
ones; one wholly on the other side is emptied. A bucket with an infinite bound is kept or
emptied whole, as upstream does, since nothing is known of where its observations lie. When
anything was cut, the count is the kept counts' total and the sum is estimated from each kept
share at its surviving interval's midpoint; otherwise the histogram is returned as it was.
"""

from __future__ import annotations

import math
from dataclasses import replace

from kubeloop.telemetry.series.histogram import Bucket, FloatHistogram


def trim_buckets(h: FloatHistogram, threshold: float, upper: bool) -> FloatHistogram:
    """``h </ threshold`` (``upper``) or ``h >/ threshold``."""
    linear = h.custom
    count = total = 0.0
    changed = False
    sides: list[tuple[tuple[int, float], ...]] = []
    seen: list[bool] = []
    for positive, buckets in ((True, h.positive_buckets()), (False, h.negative_buckets())):
        kept: list[tuple[int, float]] = []
        any_seen = False
        for b in buckets:
            if b.count == 0:
                kept.append((b.index, 0.0))
                continue
            any_seen = True
            whole = b.upper <= threshold if upper else b.lower >= threshold
            cut = b.lower < threshold if upper else b.upper > threshold
            if whole:
                keep, middle = b.count, _midpoint(b.lower, b.upper, positive, linear)
            elif cut:
                keep, middle = _bucket_trim(b, threshold, upper, positive, linear)
                changed = changed or keep != b.count
            else:
                keep, middle = 0.0, 0.0
                changed = True
            count += keep
            total += middle * keep
            kept.append((b.index, keep))
        sides.append(tuple(kept))
        seen.append(any_seen)
    zero_count = h.zero_count
    if zero_count > 0:
        zt = h.zero_threshold
        keep, middle = _zero_trim(-zt, zt, zero_count, threshold, seen[1], seen[0], upper)
        changed = changed or keep != zero_count
        zero_count = keep
        total += middle * keep
        count += keep
    if not changed:
        return h
    trimmed = replace(h, positive=sides[0], negative=sides[1], zero_count=zero_count,
                      count=count, sum=total)  # fmt: skip
    return trimmed.compact()


def _midpoint(lower: float, upper: float, positive: bool, linear: bool) -> float:
    """Where a surviving interval's observations are taken to lie (``computeMidpoint``)."""
    if math.isinf(lower):
        if math.isinf(upper):
            return 0.0
        return upper / 2 if upper > 0 else upper
    if math.isinf(upper):
        return lower
    if linear:
        return (lower + upper) / 2
    middle = math.sqrt(abs(lower * upper))
    return middle if positive else -middle


def _fraction_below(b: Bucket, v: float, linear: bool) -> float:
    """The share of a bucket at or below ``v``, strictly inside its finite bounds
    (``Bucket.FractionBelow``)."""
    if linear:
        return (v - b.lower) / (b.upper - b.lower)
    log_lower, log_upper = math.log2(abs(b.lower)), math.log2(abs(b.upper))
    log_v = math.log2(abs(v))
    if v > 0:
        return (log_v - log_lower) / (log_upper - log_lower)
    return 1 - (log_v - log_upper) / (log_lower - log_upper)


def _bucket_trim(
    b: Bucket, threshold: float, upper: bool, positive: bool, linear: bool
) -> tuple[float, float]:
    """A cut bucket's kept count and its midpoint (``computeBucketTrim``)."""
    if b.lower == -math.inf or b.upper == math.inf:
        return _infinite_trim(b, threshold, upper)
    if threshold <= b.lower:
        below = 0.0
    elif threshold >= b.upper:
        below = b.count
    else:
        below = b.count * _fraction_below(b, threshold, linear)
    if upper:
        return below, _midpoint(b.lower, threshold, positive, linear)
    return b.count - below, _midpoint(threshold, b.upper, positive, linear)


def _finite(x: float) -> float:
    return 0.0 if math.isinf(x) else x


def _infinite_trim(b: Bucket, threshold: float, upper: bool) -> tuple[float, float]:
    """A bucket with an infinite bound: kept whole, cut linearly from 0 when its other bound
    is finite and positive (custom buckets), or emptied (``handleInfinityBuckets``)."""
    if b.lower == -math.inf:
        if upper:
            if threshold >= b.upper:
                return b.count, 0.0
            if threshold > 0 and b.upper > 0 and b.upper != math.inf:
                return b.count * threshold / b.upper, threshold / 2
            if b.upper <= 0:
                return b.count, threshold
            return 0.0, _finite(b.upper)
        if threshold >= 0 and b.upper > threshold and b.upper != math.inf:
            return b.count * (1 - threshold / b.upper), (threshold + b.upper) / 2
        return 0.0, _finite(b.upper)
    if upper:
        return 0.0, _finite(b.lower)
    if threshold >= b.lower:
        return b.count, threshold
    return 0.0, _finite(b.lower)


def _zero_trim(
    lower: float, upper: float, count: float, threshold: float, negatives: bool,
    positives: bool, upper_trim: bool,
) -> tuple[float, float]:  # fmt: skip
    """The zero bucket's kept count and midpoint; it spans only the side that has buckets
    when just one side has (``computeZeroBucketTrim``)."""
    if negatives and not positives:
        upper = 0.0
    if positives and not negatives:
        lower = 0.0
    if upper_trim:
        if threshold <= lower:
            return 0.0, 0.0
        if threshold >= upper:
            return count, (lower + upper) / 2
        return count * (threshold - lower) / (upper - lower), (lower + threshold) / 2
    if threshold <= lower:
        return count, (lower + upper) / 2
    if threshold >= upper:
        return 0.0, 0.0
    return count * (upper - threshold) / (upper - lower), (threshold + upper) / 2
