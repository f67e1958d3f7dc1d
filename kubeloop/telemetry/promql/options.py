"""How queries run: the engine options promtool and kubeloop's own world set differently."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from kubeloop.telemetry.promql.evaluator import DEFAULT_SUBQUERY_STEP_MS
from kubeloop.telemetry.promql.features import EVERYTHING, Features


@dataclass(frozen=True, slots=True)
class QueryOptions:
    """``subquery_step_ms``: a subquery's step when it names none (the engine's
    ``NoStepSubqueryIntervalFn``); ``max_samples``: the most samples one query may hold at
    once (``query.max-samples``; None: unbounded); ``features``: the PromQL a text query
    (a template's ``query``) may use."""

    subquery_step_ms: int = DEFAULT_SUBQUERY_STEP_MS
    max_samples: int | None = None
    features: Features = field(default=EVERYTHING)


DEFAULT_OPTIONS: Final = QueryOptions()
PROMTOOL_MAX_SAMPLES: Final = 10_000
"""promtool's rule unit tests run their engine with ``MaxSamples: 10000``
(promql/promqltest/test.go, ``LazyLoader``)."""
