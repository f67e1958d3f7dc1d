"""How promtool compares and prints what a test expected and what it got."""

from __future__ import annotations

import math
from collections.abc import Iterable

from kubeloop.telemetry.rules.gofmt import format_e
from kubeloop.telemetry.series.labels import quote

Pairs = tuple[tuple[str, str], ...]


def labels_string(pairs: Iterable[tuple[str, str]]) -> str:
    """Go's ``labels.Labels.String()``: ``{a="b", c="d"}``."""
    return "{" + ", ".join(f"{k}={quote(v)}" for k, v in pairs) + "}"


def floats_equal(a: float, b: float, fuzzy: bool) -> bool:
    """promtool's comparison: exact (NaN never equals NaN), or within one ulp when fuzzy."""
    if a == b:
        return True
    return fuzzy and (math.nextafter(a, -math.inf) == b or math.nextafter(a, math.inf) == b)


def indent_lines(text: str, indent: str) -> str:
    return ("\n" + indent).join(text.split("\n"))


def alerts_string(alerts: list[tuple[Pairs, Pairs]]) -> str:
    """``labelsAndAnnotations.String()``."""
    if not alerts:
        return "[]"
    parts = []
    for i, (labels, notes) in enumerate(alerts):
        body = f"\nLabels:{labels_string(labels)}\nAnnotations:{labels_string(notes)}"
        parts.append(f"{i}:" + indent_lines(body, "  "))
    return "[\n" + ",\n".join(parts) + "\n]"


def samples_string(samples: list[tuple[Pairs, float]]) -> str:
    """``parsedSamplesString``: ``{__name__="x"} 1E+00, …`` or ``nil``."""
    if not samples:
        return "nil"
    return ", ".join(f"{labels_string(labels)} {format_e(value)}" for labels, value in samples)


def go_duration(ms: int) -> str:
    """Go's ``time.Duration.String()`` for whole milliseconds: ``0s``, ``1m0s``, ``1h0m0s``."""
    if ms == 0:
        return "0s"
    sign = "-" if ms < 0 else ""
    ms = abs(ms)
    if ms < 1000:
        return f"{sign}{ms}ms"
    hours, rest = divmod(ms, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds = rest / 1000
    sec = f"{seconds:.3f}".rstrip("0").rstrip(".") + "s"
    if hours:
        return f"{sign}{hours}h{minutes}m{sec}"
    if minutes:
        return f"{sign}{minutes}m{sec}"
    return sign + sec
