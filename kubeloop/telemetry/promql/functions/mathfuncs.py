"""Element-wise math on instant vectors with Go's results at the edges (no exceptions)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from kubeloop.telemetry.promql.functions.floatops import div


def _log(fn: Callable[[float], float]) -> Callable[[float], float]:
    def apply(x: float) -> float:
        if math.isnan(x) or x < 0:
            return math.nan
        if x == 0:
            return -math.inf
        if math.isinf(x):
            return math.inf
        return fn(x)

    return apply


def _rounding(fn: Callable[[float], float]) -> Callable[[float], float]:
    return lambda x: x if not math.isfinite(x) else float(fn(x))


def _domain(fn: Callable[[float], float]) -> Callable[[float], float]:
    def apply(x: float) -> float:
        try:
            return fn(x)
        except ValueError:
            return math.nan
        except OverflowError:
            return math.inf

    return apply


def _atanh(x: float) -> float:
    if x == 1:
        return math.inf
    if x == -1:
        return -math.inf
    return _domain(math.atanh)(x)


def _sgn(x: float) -> float:
    if x > 0:
        return 1.0
    if x < 0:
        return -1.0
    return x  # 0, -0 and NaN stay as they are


def go_min(a: float, b: float) -> float:
    """Go's math.Min: NaN wins, -0 is smaller than 0."""
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a == b == 0:
        return a if math.copysign(1, a) < 0 else b
    return a if a < b else b


def go_max(a: float, b: float) -> float:
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a == b == 0:
        return a if math.copysign(1, a) > 0 else b
    return a if a > b else b


def go_round(x: float, to_nearest: float) -> float:
    """funcRound: ``floor(x * (1/to_nearest) + 0.5) / (1/to_nearest)`` in IEEE arithmetic."""
    inverse = div(1.0, to_nearest)
    scaled = x * inverse + 0.5
    floored = float(math.floor(scaled)) if math.isfinite(scaled) else scaled
    return div(floored, inverse)


def _exp(x: float) -> float:
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def _sqrt(x: float) -> float:
    return math.nan if x < 0 or math.isnan(x) else math.sqrt(x)


MATH: Final[dict[str, Callable[[float], float]]] = {
    "abs": abs,
    "ceil": _rounding(math.ceil),
    "floor": _rounding(math.floor),
    "exp": _exp,
    "sqrt": _sqrt,
    "ln": _log(math.log),
    "log2": _log(math.log2),
    "log10": _log(math.log10),
    "sgn": _sgn,
    "deg": lambda x: x * 180 / math.pi,
    "rad": lambda x: x * math.pi / 180,
    "acos": _domain(math.acos),
    "acosh": _domain(math.acosh),
    "asin": _domain(math.asin),
    "asinh": _domain(math.asinh),
    "atan": _domain(math.atan),
    "atanh": _atanh,
    "cos": _domain(math.cos),
    "cosh": _domain(math.cosh),
    "sin": _domain(math.sin),
    "sinh": _domain(math.sinh),
    "tan": _domain(math.tan),
    "tanh": _domain(math.tanh),
}
