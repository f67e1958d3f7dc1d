"""Writing many samples of one series at once, and taking back the ones a leap wrote ahead.

``extend`` appends what ``SeriesStore.push`` would append one sample at a time (the same
counter-reset sums, the same newest run of identical values); ``truncate`` drops the samples
after an instant again, with the partial sums kept over them (``promql/windowsum.py``).
"""

from __future__ import annotations

import math
from bisect import bisect_right
from itertools import compress, count
from operator import lt

from kubeloop.telemetry.series import StoredSeries


def appendable(series: StoredSeries | None, first_ms: int) -> bool:
    """Whether samples from ``first_ms`` on can be extended onto ``series``: it exists and
    holds a sample older than ``first_ms`` and none newer."""
    return series is not None and bool(series.ts) and series.ts[-1] < first_ms


def extend(series: StoredSeries, times: list[int], values: list[float]) -> None:
    """Append ``values`` at ``times`` (increasing, after the newest sample; see
    ``appendable``) as pushing them one by one would."""
    vs = series.vs
    last, reset = vs[-1], series.resets[-1]
    if (
        not math.isnan(last)
        and values.count(last) == len(values)
        and (last or _all_signs(values, last))
    ):
        series.ts.extend(times)  # the same value again (the common case): no new run
        vs.extend(values)
        series.resets.extend([reset] * len(values))
        return
    if not values[0] < last and _rising(values):
        resets = [reset] * len(values)  # (a counter's column: no decrease)
    else:
        previous = [last, *values[:-1]]
        resets = []
        done = 0
        for index in compress(count(), map(lt, values, previous)):
            resets += [reset] * (index - done)  # a decrease: the value before it joins the sums
            reset += previous[index]
            done = index
        resets += [reset] * (len(values) - done)
    start = len(values) - 1  # the newest run of identical values begins at ``start``
    while start > 0 and _identical(values[start - 1], values[start]):
        start -= 1
    if start > 0 or not _identical(last, values[0]):
        series.run_start = series.base + len(vs) + start
    series.ts.extend(times)
    vs.extend(values)
    series.resets.extend(resets)


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


def _identical(a: float, b: float) -> bool:
    return a == b and (a != 0.0 or math.copysign(1.0, a) == math.copysign(1.0, b))


def _rising(values: list[float]) -> bool:
    """Whether no value is less than the one before it. Without NaN (a NaN makes the plain
    sum NaN) floats are totally ordered, and a stable sort leaves a list that never
    decreases as it is (equal values, 0.0 and -0.0 among them, keep their order)."""
    return not math.isnan(sum(values)) and sorted(values) == values


def _all_signs(values: list[float], zero: float) -> bool:
    sign = math.copysign(1.0, zero)
    return all(math.copysign(1.0, v) == sign for v in values)
