"""PromQL's annotations: the warnings and infos a query gives beside its value
(util/annotations/annotations.go).

kubeloop reports the ones of the float engine: an invalid quantile (``quantile``,
``quantile_over_time``, ``histogram_quantile(s)``), a bucket without a parsable ``le``, buckets
forced monotonic in ``histogram_quantile(s)``, ``sort`` in a range query, and ``rate``/
``increase`` over a name that does not end like a counter's. Each is kept once
per message and position, as upstream's set keeps them; ``render`` prints it as Prometheus
does, with the ``line:column`` of the expression it is about.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from kubeloop.telemetry.promql.values import go_g

Kind = Literal["warning", "info"]
MONOTONICITY: Final = (
    "input to histogram_quantile needed to be fixed for monotonicity (see "
    "https://prometheus.io/docs/prometheus/latest/querying/functions/#histogram_quantile)"
)
SORT_IN_RANGE: Final = (
    "sort is ineffective for range queries since results are always ordered by labels"
)


@dataclass(frozen=True, slots=True)
class Annotation:
    kind: Kind
    message: str
    pos: int

    def render(self, text: str) -> str:
        """``PromQL warning: … (line:column)`` for the query ``text``."""
        line = text.count("\n", 0, self.pos) + 1
        column = self.pos - (text.rfind("\n", 0, self.pos) + 1) + 1
        return f"PromQL {self.kind}: {self.message} ({line}:{column})"


def invalid_quantile(q: float) -> str:
    return f"quantile value should be between 0 and 1, got {go_g(q)}"


def invalid_ratio(r: float, capped: float) -> str:
    return f"ratio value should be between -1 and 1, got {go_g(r)}, capping to {go_g(capped)}"


def possible_non_counter(metric: str) -> str:
    return (
        "metric might not be a counter, name does not end in _total/_sum/_count/_bucket: "
        f'"{metric}"'
    )


def bad_bucket_label(value: str, metric: str = "") -> str:
    """Named with the metric only under delayed name removal, as upstream does."""
    text = f'bucket label "le" is missing or has a malformed value of "{value}"'
    return f'{text} for metric name "{metric}"' if metric else text
