"""PromQL over a SeriesStore with Prometheus 3.x semantics (pinned: v3.14.0).

parse(text) -> expression tree (PromQLError with the position on bad input)
evaluate(expr, store, t_ms) -> Vector | Scalar | Matrix | String

The names are imported at first use (``kubeloop.exports``): the command line reads the
feature flags' names (``features``) without importing the evaluator.
"""

from typing import TYPE_CHECKING, Final

from kubeloop.exports import exports

if TYPE_CHECKING:
    from kubeloop.telemetry.promql.annotations import Annotation
    from kubeloop.telemetry.promql.errors import PromQLError, UnsupportedError
    from kubeloop.telemetry.promql.parser import parse
    from kubeloop.telemetry.promql.queries import evaluate, evaluate_range
    from kubeloop.telemetry.promql.values import (
        Matrix,
        Sample,
        Scalar,
        Series,
        String,
        Value,
        Vector,
        format_value,
    )

PROMETHEUS_VERSION: Final = "3.14.0"
"""The Prometheus release whose semantics (and test data) this evaluator follows."""

__all__ = [
    "PROMETHEUS_VERSION",
    "Annotation",
    "Matrix",
    "PromQLError",
    "Sample",
    "Scalar",
    "Series",
    "String",
    "UnsupportedError",
    "Value",
    "Vector",
    "evaluate",
    "evaluate_range",
    "format_value",
    "parse",
]

__getattr__ = exports(
    __name__,
    {
        "kubeloop.telemetry.promql.annotations": ("Annotation",),
        "kubeloop.telemetry.promql.errors": ("PromQLError", "UnsupportedError"),
        "kubeloop.telemetry.promql.parser": ("parse",),
        "kubeloop.telemetry.promql.queries": ("evaluate", "evaluate_range"),
        "kubeloop.telemetry.promql.values": (
            "Matrix",
            "Sample",
            "Scalar",
            "Series",
            "String",
            "Value",
            "Vector",
            "format_value",
        ),
    },
)
