"""Whole-number arithmetic of synthetic traffic: exact inputs, floored linear totals."""

from __future__ import annotations

import math
from fractions import Fraction

from kubeloop.errors import InvalidSpecError

Line = tuple[int, int, int]
"""``(b, s, d)``: the value ``(b + s × t) / d``."""


def format_le(bound: float) -> str:
    """Prometheus 3's normalized ``le``: 1 → "1.0", 0.25 → "0.25", inf → "+Inf"."""
    if math.isinf(bound):
        return "+Inf"
    return f"{bound:.1f}" if bound == int(bound) else repr(bound)


def exact_number(value: float | Fraction, what: str, low: float, high: float) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
        raise InvalidSpecError(f"{what} must be a number, not {value!r}")
    if isinstance(value, float) and not math.isfinite(value):
        raise InvalidSpecError(f"{what} must be finite, not {value}")
    exact = Fraction(str(value)) if isinstance(value, float) else Fraction(value)
    if not low <= exact <= high:
        raise InvalidSpecError(f"{what} must be between {low:g} and {high:g}, not {value}")
    return exact


def exact_bound(bound: float) -> Fraction:
    """A bucket bound as written (0.3, not 0.29999999999999998890)."""
    return Fraction(repr(bound))


def line_of(base: Fraction, slope: Fraction) -> Line:
    """``base + slope × t`` as integers ``(b, s, d)`` with value ``(b + s × t) / d``."""
    den = base.denominator * slope.denominator
    return base.numerator * slope.denominator, slope.numerator * base.denominator, den


def floor_at(line: Line, elapsed: int) -> int:
    base, slope, den = line
    return (base + slope * elapsed) // den
