"""The engine's max-samples bound, counted as promql/engine.go (Prometheus 3) counts it.

Each case is the largest number of series a query holds without going over 10,000 samples
and the first one over, worked out from engine.go: selectors count their samples,
``rangeEval`` counts its arguments' results, their samples gathered again at the step and
its output; an aggregation reads its input in place; a range function holds one window at a
time next to the outputs so far."""

from __future__ import annotations

import pytest

from kubeloop.telemetry.promql import PromQLError, evaluate
from kubeloop.telemetry.series import Labels, SeriesStore

LIMIT = 10_000
TOO_MANY = "query processing would load too many samples into memory in query execution"


def _store(series: int) -> SeriesStore:
    store = SeriesStore()
    for i in range(series):
        labels = Labels.of(name="x_total", i=str(i))
        for minute in range(11):
            store.append(labels, minute * 60_000 + 30_000, float(minute))
    return store


@pytest.mark.parametrize(
    ("expr", "most"),
    [
        ("x_total", 10_000),  # one sample a series
        ("sum(x_total)", 10_000),  # the aggregation adds nothing while it reads
        ("x_total * 2", 3_332),  # 3N + 2: both sides, gathered again, the output
        ("timestamp(x_total)", 5_000),  # its samples, then the output
        ("rate(x_total[5m])", 9_995),  # outputs so far + a 5-sample window + its output
        ("sum_over_time(sum(x_total)[5m:1m])", 2_000),  # a range evaluation: 5 steps of N
    ],
)
def test_the_largest_query_under_the_bound_runs_and_one_more_series_fails(
    expr: str, most: int
) -> None:
    evaluate(expr, _store(most), 600_000, max_samples=LIMIT)
    with pytest.raises(PromQLError, match=TOO_MANY):
        evaluate(expr, _store(most + 1), 600_000, max_samples=LIMIT)


def test_no_bound_unless_asked() -> None:
    assert len(evaluate("rate(x_total[5m])", _store(10_001), 600_000)) == 10_001
