"""What one native histogram says: quantile, fraction, variance (promql/quantile.go's
``HistogramQuantile``/``HistogramFraction`` and functions.go's ``histogramVariance``).

Each returns the value and the info messages upstream would add (``metric`` names them).
"""

from __future__ import annotations

import math

from kubeloop.telemetry.promql.functions.kahan import inc
from kubeloop.telemetry.promql.histogram import annotations as notes
from kubeloop.telemetry.series.histogram import Bucket, FloatHistogram


def histogram_quantile(q: float, h: FloatHistogram, metric: str) -> tuple[float, list[str]]:
    """Interpolated linearly in custom and zero buckets, exponentially in the others."""
    if q < 0:
        return -math.inf, []
    if q > 1:
        return math.inf, []
    if h.count == 0 or math.isnan(q):
        return math.nan, []
    infos: list[str] = []
    forward = math.isnan(h.sum) or q < 0.5
    buckets = h.all_buckets()
    if not forward:
        buckets.reverse()
    rank = q * h.count if forward else (1 - q) * h.count
    count = 0.0
    bucket = Bucket(0.0, 0.0, 0.0, 0)
    at = len(buckets)
    for i, b in enumerate(buckets):
        bucket = b
        if b.count == 0:
            continue
        count += b.count
        if count >= rank:
            at = i
            break
    lower, upper = bucket.lower, bucket.upper
    if not h.custom and lower < 0 < upper:
        if not h.negative and h.positive:
            lower = 0.0
        elif not h.positive and h.negative:
            upper = 0.0
    elif h.custom:
        if lower == -math.inf:
            if upper <= 0:
                return upper, infos
            lower = 0.0
        elif upper == math.inf:
            return lower, infos
    count = min(count, h.count)
    if count < rank:
        if math.isnan(h.sum):
            return math.nan, [notes.quantile_nan_result(metric)]
        return upper, infos
    rank = rank - (count - bucket.count) if forward else count - rank
    if math.isnan(h.sum):
        total = count + sum(b.count for b in buckets[at + 1 :])
        if total < h.count:
            infos.append(notes.quantile_nan_skew(metric))
    fraction = rank / bucket.count
    if h.custom or (lower <= 0 <= upper):
        return lower + (upper - lower) * fraction, infos
    log_lower, log_upper = math.log2(abs(lower)), math.log2(abs(upper))
    if lower > 0:
        return 2 ** (log_lower + (log_upper - log_lower) * fraction), infos
    return -(2 ** (log_upper + (log_lower - log_upper) * (1 - fraction))), infos


def _fraction_below(lower: float, upper: float, v: float, linear: bool) -> float:
    """``Bucket.FractionBelow``: the share of the bucket's width at or below ``v``."""
    if linear:
        return (v - lower) / (upper - lower)
    log_lower, log_upper, log_v = math.log2(abs(lower)), math.log2(abs(upper)), math.log2(abs(v))
    if v > 0:
        return (log_v - log_lower) / (log_upper - log_lower)
    return 1 - ((log_v - log_upper) / (log_lower - log_upper))


def histogram_fraction(
    lower: float, upper: float, h: FloatHistogram, metric: str
) -> tuple[float, list[str]]:
    """The share of observations between ``lower`` and ``upper``."""
    if h.count == 0 or math.isnan(lower) or math.isnan(upper):
        return math.nan, []
    if lower >= upper:
        return 0.0, []
    rank = lower_rank = upper_rank = 0.0
    lower_set = upper_set = False
    buckets = h.all_buckets()
    count = 0.0
    stop = len(buckets)
    for i, b in enumerate(buckets):
        count += b.count
        lo, hi = b.lower, b.upper
        zero_bucket = False
        if lo <= 0 <= hi:
            zero_bucket = True
            if not h.negative and h.positive:
                lo = 0.0
            elif not h.positive and h.negative:
                hi = 0.0
        linear = h.custom or zero_bucket

        def below(v: float, lo: float = lo, hi: float = hi, c: float = b.count,
                  base: float = rank, linear: bool = linear) -> float:  # fmt: skip
            if linear and lo == -math.inf:
                return c
            return base + c * _fraction_below(lo, hi, v, linear)

        if not lower_set and lo >= lower:
            lower_rank, lower_set = rank, True
        if not upper_set and lo >= upper:
            upper_rank, upper_set = rank, True
        if lower_set and upper_set:
            stop = i
            break
        if not lower_set and lo < lower < hi:
            lower_rank, lower_set = below(lower), True
        if not upper_set and lo < upper < hi:
            upper_rank, upper_set = below(upper), True
        if lower_set and upper_set:
            stop = i
            break
        rank += b.count
    infos: list[str] = []
    if math.isnan(h.sum):
        count += sum(b.count for b in buckets[stop + 1 :])
        if count < h.count:
            infos.append(notes.fraction_nans(metric))
    else:
        count = h.count
    if not lower_set or lower_rank > count:
        lower_rank = count
    if not upper_set or upper_rank > count:
        upper_rank = count
    return (upper_rank - lower_rank) / h.count, infos


def histogram_variance(h: FloatHistogram) -> float:
    """The variance of the observations, each bucket's taken at its middle (arithmetic for
    custom buckets, geometric for exponential ones, zero in the zero bucket)."""
    mean = h.sum / h.count if h.count else math.nan
    variance = compensation = 0.0
    for b in h.all_buckets():
        if b.count == 0:
            continue
        if h.custom:
            value = (b.upper + b.lower) / 2.0
        elif b.lower <= 0 <= b.upper:
            value = 0.0
        else:
            value = math.sqrt(b.upper * b.lower)
            if b.upper < 0:
                value = -value
        delta = value - mean
        variance, compensation = inc(b.count * delta * delta, variance, compensation)
    variance += compensation
    return variance / h.count if h.count else math.nan
