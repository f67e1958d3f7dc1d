"""Kahan–Neumaier compensated summation exactly as util/kahansum.Inc."""

from __future__ import annotations

import math


def inc(value: float, total: float, comp: float) -> tuple[float, float]:
    t = total + value
    if math.isinf(t):
        comp = 0.0
    elif abs(total) >= abs(value):
        comp += (total - t) + value
    else:
        comp += (value - t) + total
    return t, comp


def kahan_sum(values: list[float]) -> float:
    total, comp = 0.0, 0.0
    for v in values:
        total, comp = inc(v, total, comp)
    return total if math.isinf(total) else total + comp


def kahan_mean(values: list[float]) -> float:
    """The mean as ``avg`` and ``avg_over_time`` compute it upstream: a compensated sum, and
    an incremental mean from the point where the sum would overflow to infinity."""
    total, comp, count = values[0], 0.0, 1.0
    mean, incremental = 0.0, False
    for v in values[1:]:
        count += 1
        if not incremental:
            new_total, new_comp = inc(v, total, comp)
            if not math.isinf(new_total):
                total, comp = new_total, new_comp
                continue
            incremental = True
            mean = total / (count - 1)
            comp /= count - 1
        q = (count - 1) / count
        mean, comp = inc(v / count, q * mean, q * comp)
    if incremental:
        return mean + comp
    return total / count + comp / count
