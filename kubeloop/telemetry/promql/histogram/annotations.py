"""The annotations native histograms give (util/annotations/annotations.go), as messages."""

from __future__ import annotations


def _named(message: str, metric: str) -> str:
    return f'{message} for metric name "{metric}"' if metric else message


def mixed_floats_histograms(metric: str) -> str:
    return f'encountered a mix of histograms and floats for metric name "{metric}"'


MIXED_IN_AGGREGATION = "encountered a mix of histograms and floats for aggregation"


def not_counter(metric: str) -> str:
    return f'this native histogram metric is not a counter: "{metric}"'


def not_gauge(metric: str) -> str:
    return f'this native histogram metric is not a gauge: "{metric}"'


def mixed_exponential_custom(metric: str) -> str:
    return (
        "vector contains a mix of histograms with exponential and custom buckets schemas for "
        f'metric name "{metric}"'
    )


def mixed_classic_native(metric: str) -> str:
    return _named("vector contains a mix of classic and native histograms", metric)


def incompatible_types(lhs: str, op: str, rhs: str) -> str:
    return f'incompatible sample types encountered for binary operator "{op}": {lhs} {op} {rhs}'


def ignored_in_aggregation(op: str) -> str:
    return f"ignored histogram in {op} aggregation"


def ignored_in_mixed_range(metric: str) -> str:
    return (
        "ignored histograms in a range containing both floats and histograms for metric name "
        f'"{metric}"'
    )


def counter_reset_collision(operation: str) -> str:
    return f"conflicting counter resets during histogram {operation}"


def mismatched_custom_buckets(operation: str) -> str:
    return f"mismatched custom buckets were reconciled during {operation}"


def quantile_nan_result(metric: str) -> str:
    return _named("input to histogram_quantile has NaN observations, result is NaN", metric)


def quantile_nan_skew(metric: str) -> str:
    return _named("input to histogram_quantile has NaN observations, result is skewed higher",
                  metric)  # fmt: skip


def fraction_nans(metric: str) -> str:
    return _named(
        "input to histogram_fraction has NaN observations, which are excluded from all fractions",
        metric,
    )
