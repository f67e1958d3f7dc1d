"""Compensated sums and means of histograms (``KahanAdd`` and the mean of ``avg``,
``avg_over_time``): every histogram is first brought to one layout (the coarsest schema, the
widest zero bucket), then each count, the sum and each bucket is summed as the float
``kahan`` functions sum a series of numbers, switching to an incremental mean once a sum
overflows."""

from __future__ import annotations

import math
from dataclasses import replace

from kubeloop.telemetry.promql.functions.kahan import inc
from kubeloop.telemetry.series.histogram import (
    INCOMPATIBLE,
    FloatHistogram,
    Hint,
    HistogramError,
    add,
    combine_hints,
    zero_count_for,
)


def _aligned(hs: list[FloatHistogram]) -> list[FloatHistogram]:
    if any(h.custom != hs[0].custom for h in hs):
        raise HistogramError(INCOMPATIBLE)
    if hs[0].custom:
        return hs
    schema = min(h.schema for h in hs)
    empty = FloatHistogram(schema=schema)
    reduced = [add(empty, h).histogram if h.schema != schema else h for h in hs]
    threshold = max(h.zero_threshold for h in reduced)
    while True:
        moved = max(zero_count_for(h, threshold)[1] for h in reduced)
        if moved == threshold:
            break
        threshold = moved
    return [
        h if h.zero_threshold == threshold
        else add(replace(FloatHistogram(schema=schema), zero_threshold=threshold), h).histogram
        for h in reduced
    ]  # fmt: skip


def _vectors(hs: list[FloatHistogram]) -> tuple[list[int], list[int], list[list[float]]]:
    pos = sorted({i for h in hs for i, _ in h.positive})
    neg = sorted({i for h in hs for i, _ in h.negative})
    rows = []
    for h in hs:
        p, n = dict(h.positive), dict(h.negative)
        rows.append([h.zero_count, h.count, h.sum, *(p.get(i, 0.0) for i in pos),
                     *(n.get(i, 0.0) for i in neg)])  # fmt: skip
    return pos, neg, rows


def _histogram(like: FloatHistogram, pos: list[int], neg: list[int], row: list[float],
               hint: Hint) -> FloatHistogram:  # fmt: skip
    k = 3 + len(pos)
    return replace(
        like,
        zero_count=row[0],
        count=row[1],
        sum=row[2],
        positive=tuple(zip(pos, row[3:k], strict=True)),
        negative=tuple(zip(neg, row[k:], strict=True)),
        hint=hint,
    )


def _hint(hs: list[FloatHistogram]) -> Hint:
    hint = hs[0].hint
    for h in hs[1:]:
        hint = combine_hints(hint, h.hint)[0]
    return hint


def _check_bounds(hs: list[FloatHistogram]) -> bool:
    """True when custom bucket bounds differ (then the sum is plain, pairwise)."""
    return hs[0].custom and any(h.custom_values != hs[0].custom_values for h in hs)


def kahan_sum(hs: list[FloatHistogram]) -> FloatHistogram:
    """The compensated sum (custom bounds that differ are cut to the common ones, pairwise);
    ``HistogramError`` when exponential and custom-bucket histograms mix."""
    if _check_bounds(hs):
        pairwise = hs[0]
        for h in hs[1:]:
            pairwise = add(pairwise, h).histogram
        return pairwise
    aligned = _aligned(hs)
    pos, neg, rows = _vectors(aligned)
    total, comp = list(rows[0]), [0.0] * len(rows[0])
    for row in rows[1:]:
        for k, v in enumerate(row):
            total[k], comp[k] = inc(v, total[k], comp[k])
    result = [t if math.isinf(t) else t + c for t, c in zip(total, comp, strict=True)]
    return _histogram(aligned[0], pos, neg, result, _hint(hs))


def kahan_mean(hs: list[FloatHistogram]) -> FloatHistogram:
    """The mean as ``avg`` takes it: a compensated sum divided by the count, or, from the
    point a sum overflows, an incremental mean."""
    if _check_bounds(hs):
        return kahan_sum(hs).divided(float(len(hs)))
    aligned = _aligned(hs)
    pos, neg, rows = _vectors(aligned)
    total, comp = list(rows[0]), [0.0] * len(rows[0])
    mean: list[float] = []
    count, incremental = 1.0, False
    for row in rows[1:]:
        count += 1
        if not incremental:
            stepped = [inc(v, t, c) for v, t, c in zip(row, total, comp, strict=True)]
            if not any(math.isinf(t) for t, _ in stepped):
                total, comp = [t for t, _ in stepped], [c for _, c in stepped]
                continue
            incremental = True
            mean = [t / (count - 1) for t in total]
            comp = [c / (count - 1) for c in comp]
        q = (count - 1) / count
        stepped = [inc(v / count, q * m, q * c) for v, m, c in zip(row, mean, comp, strict=True)]
        mean, comp = [m for m, _ in stepped], [c for _, c in stepped]
    if incremental:
        result = [m + c for m, c in zip(mean, comp, strict=True)]
    else:
        result = [t / count + c / count for t, c in zip(total, comp, strict=True)]
    return _histogram(aligned[0], pos, neg, result, _hint(hs))
