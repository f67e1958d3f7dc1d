"""Function and aggregator signatures, as promql/parser/functions.go declares them."""

from __future__ import annotations

from typing import Final

from kubeloop.telemetry.promql.ast import ValueType

S: Final = "scalar"
V: Final = "vector"
M: Final = "matrix"
T: Final = "string"

# name: (argument types, how many of the trailing ones may be left out, -1 = the last repeats)
_MATH = ("abs", "ceil", "floor", "exp", "sqrt", "ln", "log2", "log10", "sgn", "deg", "rad")
_TRIG = ("acos", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "sin", "sinh", "tan")
_DATES = ("day_of_month", "day_of_week", "day_of_year", "days_in_month", "hour", "minute")
_OVER_TIME = (
    "avg_over_time", "count_over_time", "last_over_time", "first_over_time", "max_over_time",
    "min_over_time", "present_over_time", "stddev_over_time", "stdvar_over_time",
    "sum_over_time", "mad_over_time", "ts_of_first_over_time", "ts_of_last_over_time",
    "ts_of_max_over_time", "ts_of_min_over_time", "absent_over_time",
)  # fmt: skip
HISTOGRAM_STATS: Final = (
    "histogram_avg", "histogram_count", "histogram_sum", "histogram_stddev", "histogram_stdvar"
)  # fmt: skip
"""Functions of native histogram samples alone (a float sample gives nothing)."""
_RANGE = ("rate", "increase", "delta", "irate", "idelta", "resets", "changes", "deriv")

FUNCTIONS: Final[dict[str, tuple[tuple[ValueType, ...], int, ValueType]]] = {
    **dict.fromkeys((*_MATH, *_TRIG, "tanh", "abs", "absent", "timestamp"), ((V,), 0, V)),
    **dict.fromkeys(HISTOGRAM_STATS, ((V,), 0, V)),
    **dict.fromkeys((*_DATES, "month", "year"), ((V,), 1, V)),
    **dict.fromkeys((*_OVER_TIME, *_RANGE), ((M,), 0, V)),
    "quantile_over_time": ((S, M), 0, V),
    "predict_linear": ((M, S), 0, V),
    "double_exponential_smoothing": ((M, S, S), 0, V),
    "clamp": ((V, S, S), 0, V),
    "clamp_max": ((V, S), 0, V),
    "clamp_min": ((V, S), 0, V),
    "round": ((V, S), 1, V),
    "histogram_quantile": ((S, V), 0, V),
    "histogram_fraction": ((S, S, V), 0, V),
    "histogram_quantiles": ((V, T, S, S), 9, V),
    "label_replace": ((V, T, T, T, T), 0, V),
    "label_join": ((V, T, T, T), -1, V),
    "sort": ((V,), 0, V),
    "sort_desc": ((V,), 0, V),
    "sort_by_label": ((V, T), -1, V),
    "sort_by_label_desc": ((V, T), -1, V),
    "scalar": ((V,), 0, S),
    "vector": ((S,), 0, V),
    "time": ((), 0, S),
    "pi": ((), 0, S),
    # Experimental in Prometheus (off by default there): the query's own start, end, range
    # and step, and scalar min/max.
    "start": ((), 0, S),
    "end": ((), 0, S),
    "range": ((), 0, S),
    "step": ((), 0, S),
    "min_of": ((S, S), 0, S),
    "max_of": ((S, S), 0, S),
    "info": ((V, V), 1, V),
    "start_timestamp": ((V,), 0, V),
}

AGGREGATORS: Final[dict[str, ValueType | None]] = {
    "sum": None, "avg": None, "count": None, "min": None, "max": None, "group": None,
    "stddev": None, "stdvar": None, "topk": S, "bottomk": S, "quantile": S,
    "count_values": T, "limitk": S, "limit_ratio": S,
}  # fmt: skip
"""Each aggregator and the type of its parameter (None: it takes none)."""
