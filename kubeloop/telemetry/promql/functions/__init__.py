"""PromQL functions as pure code: range functions by family, vector functions by kind."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from kubeloop.telemetry.promql.functions import counters, over_time
from kubeloop.telemetry.promql.functions.vector_funcs import VECTOR_FUNCTIONS, absent_labels

RangeFunction = Callable[[list[int], list[float], int, int, list[float], int], float | None]
"""``f(timestamps_ms, values, window_start_ms, window_end_ms, scalar_args, eval_ms)``."""

RANGE_FUNCTIONS: Final[dict[str, RangeFunction]] = {
    **{name: getattr(counters, name) for name in (
        "rate", "increase", "delta", "irate", "idelta", "resets", "changes", "deriv",
        "predict_linear", "double_exponential_smoothing")},
    **{name: getattr(over_time, name) for name in (
        "avg_over_time", "count_over_time", "present_over_time", "absent_over_time",
        "last_over_time", "first_over_time", "ts_of_last_over_time", "ts_of_first_over_time",
        "max_over_time", "min_over_time", "ts_of_max_over_time", "ts_of_min_over_time",
        "sum_over_time", "quantile_over_time", "mad_over_time", "stdvar_over_time",
        "stddev_over_time")},
}  # fmt: skip

__all__ = ["RANGE_FUNCTIONS", "VECTOR_FUNCTIONS", "RangeFunction", "absent_labels"]
