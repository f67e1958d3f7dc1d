"""Native histograms under seeded fuzzing: mutated PromQL over a store where some ``up``
series are histograms never escapes as anything but PromQLError, and a histogram series
the query does not select changes no float answer (the native paths give floats the float
paths' results)."""

from __future__ import annotations

import random

from test_promql_fuzz import SEEDS, make_store, mutate

from kubeloop.telemetry.promql import PromQLError, Value, evaluate
from kubeloop.telemetry.promql.histogram.notation import parse_histogram
from kubeloop.telemetry.series import Labels, SeriesStore

TIMES = (0, 300_000, 900_000, 1_700_000)
NATIVE = (
    "rate(up[5m])", "sum(up)", "avg(up)", "-up", "up + up", "up - up", "up / 2", "2 * up",
    "histogram_quantile(0.5, up)", "histogram_fraction(0, 1, up)", "histogram_count(up)",
    "sort(up)", "topk(1, up)", 'count_values("v", up)', "max_over_time(up[5m])",
    "sum_over_time(up[5m:1m])", "irate(up[5m])", "resets(up[10m])", "up == up", "up > 1",
    "scalar(up)", "timestamp(up)", "quantile(0.5, up)", "up @ 300", "increase(up[5m] anchored)",
    "up smoothed", "rate(up[5m] smoothed)", "histogram_avg(rate(up[5m]))", "up and up",
    "avg_over_time(up[10m])", "histogram_stddev(up)", 'histogram_quantiles(up, "q", 0.1)',
)  # fmt: skip


def _with_histograms(name: str, jobs: tuple[str, ...]) -> SeriesStore:
    store = make_store()
    for job in jobs:
        labels = Labels.of(name=name, job=job, instance="h")
        hint = "gauge" if job == "web" else "unknown"
        for minute in range(30):
            text = f"{{{{count:{minute + 1} sum:{minute} buckets:[{minute} 1] " \
                   f"counter_reset_hint:{hint}}}}}"  # fmt: skip
            store.append_histogram(labels, minute * 60_000, parse_histogram(text).histogram)
    return store


def _outcome(expr: str, store: SeriesStore, t: int) -> Value | str:
    try:
        return evaluate(expr, store, t)
    except PromQLError as error:
        return error.message


def test_fuzzed_queries_over_histograms_raise_only_promql_errors() -> None:
    rng = random.Random(31)
    store = _with_histograms("up", ("api", "web"))
    exprs = [*SEEDS, *NATIVE, *(mutate(rng, rng.choice(SEEDS)) for _ in range(400))]
    for expr in exprs:
        for t in TIMES:
            _outcome(expr, store, t)  # anything but PromQLError fails the test


def _same(a: Value | str, b: Value | str) -> bool:
    """The same answer: the same error, or values that print the same (NaN prints as NaN)."""
    return a == b if isinstance(a, str) or isinstance(b, str) else str(a) == str(b)


def test_an_unselected_histogram_changes_no_float_answer() -> None:
    rng = random.Random(32)
    plain, native = make_store(), _with_histograms("elsewhere", ("zz",))
    for expr in [*SEEDS, *(mutate(rng, rng.choice(SEEDS)) for _ in range(300))]:
        for t in TIMES:
            a, b = _outcome(expr, plain, t), _outcome(expr, native, t)
            assert _same(a, b), (expr, t, a, b)
