"""Selectors read for their counts and sums alone (promql/engine.go
``detectHistogramStatsDecoding`` and ``HistogramStatsIterator``).

Under ``histogram_count``, ``histogram_sum`` or ``histogram_avg``, with no subquery,
``histogram_quantile(s)``, ``histogram_fraction`` or trim operator between, Prometheus reads
a selector's histograms without their buckets, and names each one's counter reset on the fly:
a histogram read as ``unknown`` becomes ``reset`` or ``not_reset`` by comparing it with the
histogram read before it, from where the selector's reading starts. That can give a
``reset`` hint the full histograms never carry, and with it the warning about colliding
hints.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Any, Final

from kubeloop.telemetry.promql import ast
from kubeloop.telemetry.promql.trim import TRIM_OPERATORS
from kubeloop.telemetry.series import StoredSeries, is_stale
from kubeloop.telemetry.series.histogram import FloatHistogram, detect_reset

_STATS: Final = frozenset({"histogram_count", "histogram_sum", "histogram_avg"})
_STOPS: Final = frozenset({"histogram_quantile", "histogram_quantiles", "histogram_fraction"})


def stats_selectors(node: object, under: bool = False) -> set[int]:
    """The ids of the vector selectors of ``node`` read for counts and sums alone."""
    if isinstance(node, ast.VectorSelector):
        return {id(node)} if under else set()
    if isinstance(node, ast.Subquery):
        return set()
    if isinstance(node, ast.Binary) and node.op in TRIM_OPERATORS:
        return set()
    if isinstance(node, ast.Call):
        if node.func in _STOPS:
            return set()
        under = under or node.func in _STATS
    found: set[int] = set()
    for child in ast.children(node):
        found |= stats_selectors(child, under)
    return found


def _read(series: StoredSeries, lo: int, hi: int) -> list[Any]:
    """The samples ``lo:hi`` as the stats iterator yields them from ``lo`` on."""
    out: list[Any] = []
    last: FloatHistogram | None = None
    for value in series.vs[lo:hi]:
        if not isinstance(value, FloatHistogram):
            out.append(value)
            continue
        hint = value.hint
        if hint == "unknown" and last is not None:
            hint = "reset" if detect_reset(value, last) else "not_reset"
        stripped = FloatHistogram(schema=value.schema, count=value.count, sum=value.sum, hint=hint)
        last = value.with_hint(hint)
        out.append(stripped)
    return out


def latest(series: StoredSeries, t: int, lookback: int) -> Any | None:
    """The sample an instant selector gives at ``t``, read from ``t - lookback`` on."""
    ts = series.ts
    hi = bisect_right(ts, t)
    if hi == 0 or ts[hi - 1] <= t - lookback:
        return None
    value = _read(series, bisect_left(ts, t - lookback), hi)[-1]
    return None if is_stale(value) else value


def window(series: StoredSeries, start: int, end: int) -> tuple[list[int], list[Any]]:
    """A range selector's samples in ``(start, end]``, read from the first on."""
    ts = series.ts
    lo, hi = bisect_right(ts, start), bisect_right(ts, end)
    kept = [
        (t, v) for t, v in zip(ts[lo:hi], _read(series, lo, hi), strict=True) if not is_stale(v)
    ]
    return [t for t, _ in kept], [v for _, v in kept]
