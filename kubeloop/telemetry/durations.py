"""Prometheus durations, read as ``model.ParseDuration`` reads them and printed as
``Duration.String`` prints them, in milliseconds: the one rule PromQL ranges, rule files,
promtool test files and SLO periods share.

``1h30m``, ``5m``, ``1d``, ``250ms``: units in descending order (y w d h m s ms), each at
most once, whole numbers only; ``0`` alone is zero. A year is 365 days, a week 7 days.
The largest duration is what Go's ``time.Duration`` holds (about 292 years).
"""

from __future__ import annotations

import re
from typing import Final

from kubeloop.errors import InvalidSpecError

UNITS_MS: Final = (
    ("y", 365 * 86_400_000),
    ("w", 7 * 86_400_000),
    ("d", 86_400_000),
    ("h", 3_600_000),
    ("m", 60_000),
    ("s", 1_000),
    ("ms", 1),
)
MAX_MS: Final = (2**63 - 1) // 1_000_000
_PART: Final = re.compile(r"([0-9]+)(ms|[smhdwy])")
_RANK: Final = {unit: rank for rank, (unit, _) in enumerate(UNITS_MS)}
_MULT: Final = dict(UNITS_MS)
_HOW: Final = "write e.g. 30s, 5m, 1h30m, 1d; units y, w, d, h, m, s, ms in that order"


class DurationError(InvalidSpecError):
    """The text is not a Prometheus duration."""


def parse_duration(text: str) -> int:
    """Milliseconds in ``text``; raises ``DurationError`` with Prometheus' wording."""
    if text == "0":
        return 0
    if text == "":
        raise DurationError("empty duration string")
    pos, total, last = 0, 0, -1
    for part in _PART.finditer(text):
        if part.start() != pos:
            break
        digits, unit = part.groups()
        if _RANK[unit] <= last:
            raise DurationError(
                f'not a valid duration string: "{text}" (units out of order; {_HOW})'
            )
        last = _RANK[unit]
        if len(digits) > 20:
            raise DurationError(f'duration out of range: "{text}"')
        total += int(digits) * _MULT[unit]
        pos = part.end()
    if pos != len(text):
        raise DurationError(f'not a valid duration string: "{text}" ({_HOW})')
    if total > MAX_MS:
        raise DurationError(f'duration out of range: "{text}"')
    return total


def format_duration(ms: int) -> str:
    """The way Prometheus prints a duration: ``5m``, ``1h30m``, ``1d``, ``4w``, ``0s``."""
    if ms == 0:
        return "0s"
    sign = "-" if ms < 0 else ""
    rest = abs(ms)
    out = ""
    for unit, mult in UNITS_MS:
        if unit in ("y", "w") and rest % mult != 0:
            continue
        if rest >= mult:
            out += f"{rest // mult}{unit}"
            rest %= mult
    return sign + out
