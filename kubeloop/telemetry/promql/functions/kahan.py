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
