"""Writing many samples of one series at once, and taking back the ones a leap wrote ahead.

``extend`` appends what ``SeriesStore.push`` would append one sample at a time (the same
newest run of identical values; the counter-reset sums are caught up when read, as after
pushing); ``truncate`` drops the samples after an instant again, with the partial sums kept
over them (``promql/windowsum.py``).
"""

from __future__ import annotations

import math
import struct
from array import array
from bisect import bisect_right
from typing import Final

from kubeloop.telemetry.series import StoredSeries

MAX_PERIOD: Final = 60
"""The longest period of repeating values ``extend`` looks for."""
MAX_TRIES: Final = 8


def appendable(series: StoredSeries | None, first_ms: int) -> bool:
    """Whether samples from ``first_ms`` on can be extended onto ``series``: it exists and
    holds a sample older than ``first_ms`` and none newer."""
    return series is not None and bool(series.ts) and series.ts[-1] < first_ms


def extend(series: StoredSeries, times: list[int], values: list[float]) -> None:
    """Append ``values`` at ``times`` (increasing, after the newest sample; see
    ``appendable``) as pushing them one by one would (the reset sums are left to be caught
    up when read: ``StoredSeries.reset_sums``)."""
    vs = series.vs
    last = vs[-1]
    if not (
        values[0] == last == values[-1]
        and values.count(last) == len(values)
        and (last or _all_signs(values, last))
    ):  # (else the same value again, the common case: no new run)
        start = len(values) - 1  # the newest run of identical values begins at ``start``
        while start > 0 and _identical(values[start - 1], values[start]):
            start -= 1
        if start > 0 or not _identical(last, values[0]):
            series.run_start = series.base + len(vs) + start
    series.ts.extend(times)
    vs.extend(values)


def truncate(series: StoredSeries, through_ms: int) -> None:
    """Drop the samples after ``through_ms`` (all of them extended by a leap, none a
    staleness marker) and the partial sums kept over them."""
    keep = bisect_right(series.ts, through_ms)
    if keep == len(series.ts):
        return
    del series.ts[keep:], series.vs[keep:], series.resets[keep:]
    vs = series.vs
    index = len(vs) - 1
    while index > 0 and _identical(vs[index - 1], vs[index]):
        index -= 1
    series.run_start = series.base + max(0, index)
    end = series.base + keep
    series.spans = {k: v for k, v in series.spans.items() if v[0] <= end}
    series.copies = {}
    if series.repeating is not None:
        period, first, through = series.repeating
        series.repeating = (period, first, min(through, end))


def _identical(a: float, b: float) -> bool:
    return a == b and (a != 0.0 or math.copysign(1.0, a) == math.copysign(1.0, b))


def repeats(values: list[float], longest: int = MAX_PERIOD) -> int | None:
    """The least ``p <= longest`` (at most half of them) with ``values[k + p] == values[k]``
    throughout, trying the first few places where the first value comes again; None if
    none of those."""
    count = len(values)
    first, period = values[0], 0
    for _ in range(MAX_TRIES):
        try:
            period = values.index(first, period + 1, min(longest, count // 2) + 1)
        except ValueError:
            return None
        if values[period:] == values[: count - period]:
            return period
    return None


def _all_signs(values: list[float], zero: float) -> bool:
    """Whether every one of ``values`` (each equal to ``zero``) has its sign."""
    return array("d", values).tobytes() == struct.pack("<d", zero) * len(values)
