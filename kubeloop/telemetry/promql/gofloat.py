"""Go's ``%g`` of a float, as Prometheus prints numbers in messages and labels."""

from __future__ import annotations

import math
from decimal import Decimal


def go_g(value: float) -> str:
    """Go's ``%g`` of a float: shortest digits, an exponent from 1e6 or below 1e-4."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    sign, digits, exponent = Decimal(repr(value)).normalize().as_tuple()
    assert isinstance(exponent, int)
    text = "".join(map(str, digits))
    point = len(text) + exponent  # where the decimal point goes
    if point - 1 < -4 or point - 1 >= 6:
        mantissa = text[0] + ("." + text[1:] if len(text) > 1 else "")
        power = point - 1
        shown = f"{mantissa}e{'-' if power < 0 else '+'}{abs(power):02d}"
    elif point <= 0:
        shown = "0." + "0" * -point + text
    elif point >= len(text):
        shown = text + "0" * (point - len(text))
    else:
        shown = text[:point] + "." + text[point:]
    return ("-" if sign else "") + shown
