"""Number and duration literals as PromQL reads them.

(Go's strconv.ParseInt/ParseFloat and model.ParseDuration.)
"""

from __future__ import annotations

import math
import re
from typing import Final

MAX_DURATION_MS: Final = 2**63 // 1_000_000  # time.Duration is int64 nanoseconds
_UNITS: Final = {"y": 365 * 86_400_000, "w": 7 * 86_400_000, "d": 86_400_000,
                 "h": 3_600_000, "m": 60_000, "s": 1_000, "ms": 1}  # fmt: skip
_ORDER: Final = ("y", "w", "d", "h", "m", "s", "ms")
_PART: Final = re.compile(r"([0-9]+)(ms|[smhdwy])")


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


def parse_duration_ms(text: str) -> int:
    """Milliseconds of a duration like ``1h30m``; each unit once, largest first."""
    pos, total, last = 0, 0, -1
    for m in _PART.finditer(text):
        if m.start() != pos:
            break
        unit = m.group(2)
        rank = _ORDER.index(unit)
        if rank <= last:
            raise ValueError(f'not a valid duration string: "{text}" (units out of order)')
        last = rank
        total += int(m.group(1)) * _UNITS[unit]
        pos = m.end()
    if pos != len(text) or not text:
        raise ValueError(f'not a valid duration string: "{text}"')
    if total > MAX_DURATION_MS:
        raise ValueError(f'duration "{text}" is too long')
    return total
