"""Series on the logical clock: label sets, matchers and the indexed sample store."""

from kubeloop.telemetry.series.labels import EMPTY, METRIC_NAME, Labels, quote
from kubeloop.telemetry.series.matchers import InvalidRegexError, Matcher, MatchOp, compile_regex
from kubeloop.telemetry.series.store import (
    STALE_NAN,
    Point,
    SampleOrderError,
    SeriesStore,
    StoredSeries,
    is_stale,
    repeats,
)

__all__ = [
    "EMPTY",
    "METRIC_NAME",
    "STALE_NAN",
    "InvalidRegexError",
    "Labels",
    "MatchOp",
    "Matcher",
    "Point",
    "SampleOrderError",
    "SeriesStore",
    "StoredSeries",
    "compile_regex",
    "is_stale",
    "quote",
    "repeats",
]
