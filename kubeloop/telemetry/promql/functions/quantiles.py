"""Quantiles: ``quantile`` (φ-quantile of values) and ``bucket_quantile`` (classic
histogram buckets), as promql/quantile.go computes them."""

from __future__ import annotations

import math
from typing import Final

SMALL_DELTA_TOLERANCE: Final = 1e-12
_MIN_NORMAL: Final = 2.2250738585072014e-308


def almost_equal(a: float, b: float, epsilon: float) -> bool:
    """util/almost.Equal."""
    if math.isnan(a) and math.isnan(b):
        return True
    if a == b:
        return True
    abs_sum = abs(a) + abs(b)
    diff = abs(a - b)
    if a == 0 or b == 0 or abs_sum < _MIN_NORMAL:
        return diff < epsilon * _MIN_NORMAL
    return diff / min(abs_sum, 1.7976931348623157e308) < epsilon


def quantile(q: float, values: list[float]) -> float:
    """Linear interpolation between the closest ranks; NaN sorts first."""
    if not values or math.isnan(q):
        return math.nan
    if q < 0:
        return -math.inf
    if q > 1:
        return math.inf
    values.sort(key=lambda v: (not math.isnan(v), v if not math.isnan(v) else 0.0))
    n = float(len(values))
    rank = q * (n - 1)
    lower = max(0.0, math.floor(rank))
    upper = min(n - 1, lower + 1)
    weight = rank - math.floor(rank)
    return values[int(lower)] * (1 - weight) + values[int(upper)] * weight


def bucket_quantile(q: float, buckets: list[tuple[float, float]]) -> tuple[float, bool]:
    """``(quantile, forced_monotonic)`` for ``(upper_bound, cumulative_count)`` buckets."""
    if math.isnan(q):
        return math.nan, False
    if q < 0:
        return -math.inf, False
    if q > 1:
        return math.inf, False
    ordered = sorted(buckets, key=lambda b: b[0])
    if not math.isinf(ordered[-1][0]) or ordered[-1][0] < 0:
        return math.nan, False
    merged: list[list[float]] = []
    for bound, count in ordered:
        if merged and merged[-1][0] == bound:
            merged[-1][1] += count
        else:
            merged.append([bound, count])
    forced = False
    prev = merged[0][1]
    for bucket in merged[1:]:
        curr = bucket[1]
        if curr == prev:
            continue
        if almost_equal(prev, curr, SMALL_DELTA_TOLERANCE):
            bucket[1] = prev
            continue
        if curr < prev:
            bucket[1] = prev
            forced = True
            continue
        prev = curr
    if len(merged) < 2:
        return math.nan, forced
    observations = merged[-1][1]
    if observations == 0:
        return math.nan, forced
    rank = q * observations
    b = next((i for i in range(len(merged) - 1) if merged[i][1] >= rank), len(merged) - 1)
    if b == len(merged) - 1:
        return merged[-2][0], forced
    if b == 0 and merged[0][0] <= 0:
        return merged[0][0], forced
    start = 0.0
    end, count = merged[b]
    if b > 0:
        start = merged[b - 1][0]
        count -= merged[b - 1][1]
        rank -= merged[b - 1][1]
    return start + (end - start) * _ratio(rank, count), forced


def _ratio(a: float, b: float) -> float:
    if b == 0:
        return math.nan if a == 0 or math.isnan(a) else math.copysign(math.inf, a)
    return a / b


def bucket_fraction(lower: float, upper: float, buckets: list[tuple[float, float]]) -> float:
    """The estimated fraction of observations in ``[lower, upper]`` (BucketFraction)."""
    ordered = sorted(buckets, key=lambda b: b[0])
    if not (math.isinf(ordered[-1][0]) and ordered[-1][0] > 0):
        return math.nan
    merged: list[list[float]] = []
    for bound, count in ordered:
        if merged and merged[-1][0] == bound:
            merged[-1][1] += count
        else:
            merged.append([bound, count])
    total = merged[-1][1]
    if total == 0 or math.isnan(lower) or math.isnan(upper):
        return math.nan
    if lower >= upper:
        return 0.0
    rank = 0.0
    lower_rank = upper_rank = 0.0
    lower_set = upper_set = False
    low_bound = -math.inf if merged[0][0] <= 0 else 0.0
    for i, (up_bound, count) in enumerate(merged):
        if i > 0:
            low_bound = merged[i - 1][0]

        def interpolate(v: float, lo: float = low_bound, hi: float = up_bound,
                        c: float = count, r: float = rank) -> float:  # fmt: skip
            return c if lo == -math.inf else r + (c - r) * (v - lo) / (hi - lo)

        if not lower_set and low_bound >= lower:
            lower_rank, lower_set = rank, True
        if not upper_set and low_bound >= upper:
            upper_rank, upper_set = rank, True
        if lower_set and upper_set:
            break
        if not lower_set and low_bound < lower < up_bound:
            lower_rank, lower_set = interpolate(lower), True
        if not upper_set and low_bound < upper < up_bound:
            upper_rank, upper_set = interpolate(upper), True
        if lower_set and upper_set:
            break
        rank = count
    if not lower_set or lower_rank > total:
        lower_rank = total
    if not upper_set or upper_rank > total:
        upper_rank = total
    return (upper_rank - lower_rank) / total
