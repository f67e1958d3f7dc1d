"""Number literals as PromQL reads them (Go's strconv.ParseInt/ParseFloat); durations are
``kubeloop.telemetry.durations``."""

from __future__ import annotations

import math

_INT64_MAX = 2**63 - 1


def parse_number(text: str) -> float:
    """The value of a NUMBER token; ValueError (with Go's wording) when out of range."""
    digits = text.replace("_", "")
    lowered = digits.lower()
    if lowered.startswith("0x"):
        whole = int(lowered[2:], 16)
        if whole > _INT64_MAX:  # ParseInt is out of range; ParseFloat wants a p exponent
            raise ValueError(f'strconv.ParseFloat: parsing "{_short(text)}": invalid syntax')
        return float(whole)
    if len(digits) > 1 and digits[0] == "0" and digits.isdigit() and set(digits) <= set("01234567"):
        whole = int(digits, 8)  # ParseInt with base 0 reads a leading 0 as octal
        if whole <= _INT64_MAX:
            return float(whole)  # past int64, ParseFloat reads the digits as decimal
    value = float(digits)
    if math.isinf(value):
        raise ValueError(f'strconv.ParseFloat: parsing "{_short(text)}": value out of range')
    return value


def _short(text: str) -> str:
    return text if len(text) <= 24 else text[:24] + "…"
