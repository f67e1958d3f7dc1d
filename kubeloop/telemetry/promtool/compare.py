"""How promtool compares and prints what a test expected and what it got."""

from __future__ import annotations

import math
from collections.abc import Iterable

from kubeloop.telemetry.promql.histogram.notation import (
    HistogramNotationError,
    expand_histogram_item,
    histogram_text,
)
from kubeloop.telemetry.promtool.notation import NotationError
from kubeloop.telemetry.rules.gofmt import format_e
from kubeloop.telemetry.series.histogram import FloatHistogram
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


def values_equal(a: float | str, b: float | str, fuzzy: bool) -> bool:
    """A float as ``floats_equal``; a histogram (its ``TestExpression``) by its text."""
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    return floats_equal(a, b, fuzzy)


def histogram_string(text: str) -> str:
    """An expected ``histogram:`` as promtool compares it (``NotationError`` when it is not
    exactly one histogram)."""
    try:
        found = expand_histogram_item(text.strip())
    except HistogramNotationError as error:
        raise NotationError(1, str(error)) from None
    if len(found) != 1:
        raise NotationError(1, f"expected 1 value, got {len(found)}")
    return histogram_text(found[0].histogram)


def sample_value(value: object) -> float | str:
    """A result sample as promtool compares it: a float, or a histogram's text."""
    if isinstance(value, FloatHistogram):
        return histogram_text(value)
    assert isinstance(value, float)
    return value


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


def samples_string(samples: list[tuple[Pairs, float | str]]) -> str:
    """``parsedSamplesString``: ``{__name__="x"} 1E+00, …`` (a histogram as its text) or
    ``nil``."""
    if not samples:
        return "nil"
    return ", ".join(
        f"{labels_string(labels)} {value if isinstance(value, str) else format_e(value)}"
        for labels, value in samples
    )


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
