"""Prometheus durations (``model.ParseDuration`` / ``Duration.String``), in milliseconds.

``1h30m``, ``5m``, ``1d``, ``250ms``: units in descending order (y w d h m s ms), each at
most once, whole numbers only; ``0`` alone is zero. A year is 365 days, a week 7 days.
The largest duration is what Go's ``time.Duration`` holds (about 292 years).
"""

from __future__ import annotations

import re

_PATTERN = re.compile(
    r"^(?:(\d+)y)?(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?(?:(\d+)ms)?$"
)
_UNITS_MS = (
    ("y", 365 * 24 * 3600 * 1000),
    ("w", 7 * 24 * 3600 * 1000),
    ("d", 24 * 3600 * 1000),
    ("h", 3600 * 1000),
    ("m", 60 * 1000),
    ("s", 1000),
    ("ms", 1),
)
MAX_MS = (2**63 - 1) // 1_000_000


class DurationError(ValueError):
    """The text is not a Prometheus duration."""


def parse_duration(text: str) -> int:
    """Milliseconds in ``text``; raises ``DurationError`` with Prometheus' wording."""
    if text == "0":
        return 0
    if text == "":
        raise DurationError("empty duration string")
    match = _PATTERN.match(text)
    if match is None:
        raise DurationError(
            f'not a valid duration string: "{text}" (write e.g. 30s, 5m, 1h30m, 1d; '
            "units y, w, d, h, m, s, ms in that order)"
        )
    total = 0
    for group, (_, mult) in zip(match.groups(), _UNITS_MS, strict=True):
        if group is not None:
            if len(group) > 20:
                raise DurationError(f'duration out of range: "{text}"')
            total += int(group) * mult
    if total > MAX_MS:
        raise DurationError(f'duration out of range: "{text}"')
    return total


def format_duration(ms: int) -> str:
    """The way Prometheus prints a duration: ``5m``, ``1h30m``, ``1d``, ``0s``."""
    if ms == 0:
        return "0s"
    sign = "-" if ms < 0 else ""
    ms = abs(ms)
    out = ""
    for unit, mult in _UNITS_MS:
        if unit in ("y", "w") and ms % mult != 0:
            continue
        value = ms // mult
        if value > 0:
            out += f"{value}{unit}"
            ms -= value * mult
    return sign + out
