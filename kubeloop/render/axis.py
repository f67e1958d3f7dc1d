"""Scales for the pictures: ticks at round values, time in the unit that fits the span
(s, min, h, d), and numbers printed as short as they are exact (2.5 min, never "2m")."""

from __future__ import annotations

import itertools
import math

UNITS = (("s", 1), ("min", 60), ("h", 3600), ("d", 86_400))


def number(value: float) -> str:
    """At most 3 significant digits, no float noise: 2.5, 14.4, 0.933, 1200, 43200."""
    if value == 0 or not math.isfinite(value):
        return "0" if value == 0 else str(value)
    if abs(value) >= 1000:
        return f"{value:.0f}"
    text = f"{value:.3g}"
    return text if "e" not in text else f"{value:.3f}".rstrip("0").rstrip(".")


def nice_ticks(high: float, count: int = 5) -> list[float]:
    """0, then round steps (1, 2 or 5 × 10^k) up to the first tick at or above HIGH."""
    if high <= 0 or not math.isfinite(high):
        return [0.0, 1.0]
    raw = high / max(count - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    ticks = [0.0]
    while ticks[-1] < high - 1e-9 * high:
        ticks.append(round(ticks[-1] + step, 12))
    return ticks


def time_unit(span_seconds: float) -> tuple[str, int]:
    """The unit a span reads best in: below 2 min seconds, below 2 h minutes, below 2 d hours."""
    for (name, size), (_, following) in itertools.pairwise(UNITS):
        if span_seconds < 2 * following:
            return name, size
    return UNITS[-1]


def time_ticks(end_seconds: float, count: int = 5) -> tuple[str, list[tuple[float, str]]]:
    """The unit, and (seconds, label) ticks from 0 to at least END_SECONDS."""
    unit, size = time_unit(end_seconds)
    ticks = nice_ticks(end_seconds / size, count)
    return unit, [(t * size, number(t)) for t in ticks]


def duration(seconds: float) -> str:
    """A time in the unit that fits it: 45 s, 2.5 min, 1.2 h, 30 d."""
    unit, size = time_unit(seconds)
    return f"{number(seconds / size)} {unit}"
