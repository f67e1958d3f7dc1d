"""Number literals as PromQL reads them (Go's strconv.ParseInt/ParseFloat); durations are
``kubeloop.telemetry.durations``."""

from __future__ import annotations

import math


def parse_number(text: str) -> float:
    """The value of a NUMBER token; ValueError (with Go's wording) when out of range."""
    digits = text.replace("_", "")
    lowered = digits.lower()
    if lowered.startswith("0x"):
        return float(int(lowered[2:], 16))
    if len(digits) > 1 and digits[0] == "0" and digits.isdigit() and set(digits) <= set("01234567"):
        return float(int(digits, 8))  # ParseInt with base 0 reads a leading 0 as octal
    value = float(digits)
    if math.isinf(value):
        raise ValueError(f'strconv.ParseFloat: parsing "{text}": value out of range')
    return value
