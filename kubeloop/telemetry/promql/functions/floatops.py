"""IEEE-754 float operations with Go's results where Python would raise."""

from __future__ import annotations

import math


def div(a: float, b: float) -> float:
    if b == 0:
        if a == 0 or math.isnan(a):
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def mod(a: float, b: float) -> float:
    """Go's math.Mod: the sign of the dividend; x % 0, ±Inf % y and NaN give NaN."""
    if b == 0 or math.isinf(a) or math.isnan(a) or math.isnan(b):
        return math.nan
    return math.fmod(a, b)


def pow_(a: float, b: float) -> float:
    """Go's math.Pow, including the special cases Python raises on."""
    try:
        result = math.pow(a, b)
    except OverflowError:
        if a < 0 and b == math.floor(b) and int(b) % 2 == 1:
            return -math.inf
        return math.inf
    except ValueError:
        if a == 0 and b < 0:
            odd = b == math.floor(b) and int(b) % 2 == 1
            return math.copysign(math.inf, a) if odd else math.inf
        return math.nan
    return result
