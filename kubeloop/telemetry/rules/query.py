"""The rule manager's query function (``rules.EngineQueryFunc``): an instant query whose
result must be a vector, or a scalar read as a one-element vector without labels."""

from __future__ import annotations

from typing import Any

from kubeloop.telemetry.promql import PromQLError, Scalar, Vector, evaluate
from kubeloop.telemetry.promql.cached import CachedQuery
from kubeloop.telemetry.promql.options import DEFAULT_OPTIONS, QueryOptions
from kubeloop.telemetry.series import Labels, SeriesStore
from kubeloop.telemetry.series.histogram import is_histogram

Result = list[tuple[Labels, float]]


class RuleEvalError(PromQLError):
    """A rule's query failed, or returned something other than a vector or scalar."""


def query(
    parsed: Any, store: SeriesStore, t_ms: int, options: QueryOptions = DEFAULT_OPTIONS
) -> Result:
    """Evaluate ``parsed`` (an expression, or a rule's ``CachedQuery``) at ``t_ms``; raises
    ``RuleEvalError`` as Prometheus would."""
    try:
        if isinstance(parsed, CachedQuery):
            value = parsed.evaluate(store, t_ms, options)
        else:
            delayed = options.features.delayed_name_removal
            value = evaluate(parsed, store, t_ms, subquery_step_ms=options.subquery_step_ms,
                             max_samples=options.max_samples,
                             delayed_name_removal=delayed)  # fmt: skip
    except PromQLError as error:
        raise RuleEvalError(error.message) from None
    if isinstance(value, Scalar):
        return [(Labels(), float(value.value))]
    if isinstance(value, Vector):
        return [
            (sample.labels, v if (v := sample.value).__class__ is float else _sample_value(v))
            for sample in value
        ]
    raise RuleEvalError("rule result is not a vector or scalar")


def _sample_value(value: object) -> float:
    """A float, or a native histogram kept as it is (recording rules record it)."""
    if is_histogram(value):
        return value  # type: ignore[return-value]
    return float(value)  # type: ignore[arg-type]


MAX_TEMPLATE_QUERIES = 1_000
"""The most ``query`` calls the templates of one rule evaluation make, all samples together:
a template that queries per sample, or inside a range, is bounded as a whole."""


def template_query(store: SeriesStore, t_ms: int, options: QueryOptions = DEFAULT_OPTIONS) -> Any:
    """The ``query`` template function: samples as Go's ``{Labels, Value}`` structs; one
    budget of ``MAX_TEMPLATE_QUERIES`` calls for the whole evaluation."""
    from kubeloop.telemetry.promql import parse  # noqa: PLC0415

    calls = [0]

    def run(text: str) -> list[dict[str, Any]]:
        calls[0] += 1
        if calls[0] > MAX_TEMPLATE_QUERIES:
            raise RuleEvalError(
                f"the templates made more than {MAX_TEMPLATE_QUERIES} query calls in one "
                "evaluation; query once, outside range and per-sample templates"
            )
        return [
            {"Labels": labels.as_dict(), "Value": value}
            for labels, value in query(parse(text, options.features), store, t_ms, options)
        ]

    return run
