"""Whether a histogram result is the one a test expects (promqltest's
``compareNativeHistogram``): both compacted, counts and sum within epsilon, the same schema,
zero bucket and bucket layout, and the counter reset hint only when the test named one."""

from __future__ import annotations

from kubeloop.telemetry.promql.functions.quantiles import almost_equal
from kubeloop.telemetry.series.histogram import Buckets, FloatHistogram

EPSILON = 1e-6


def _close(a: float, b: float) -> bool:
    return almost_equal(a, b, EPSILON)


def _buckets_match(a: Buckets, b: Buckets) -> bool:
    return len(a) == len(b) and all(
        i == j and _close(x, y) for (i, x), (j, y) in zip(a, b, strict=True)
    )


def histograms_match(expected: FloatHistogram, got: FloatHistogram, hint_set: bool) -> bool:
    exp, cur = expected.compact(), got.compact()
    return (
        exp.schema == cur.schema
        and _close(exp.count, cur.count)
        and _close(exp.sum, cur.sum)
        and (not exp.custom or exp.custom_values == cur.custom_values)
        and exp.zero_threshold == cur.zero_threshold
        and _close(exp.zero_count, cur.zero_count)
        and _buckets_match(exp.negative, cur.negative)
        and _buckets_match(exp.positive, cur.positive)
        and (not hint_set or exp.hint == cur.hint)
    )
