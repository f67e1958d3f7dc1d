"""Lab 03: telemetry — series on the logical clock, PromQL over them, alert rules and SLOs.

``Telemetry`` is the entry point: services that emit metrics, rules evaluated on the clock,
alert timelines, SLOs with burn-rate verdicts.

``kubeloop.telemetry.series`` stores samples; ``kubeloop.telemetry.promql`` parses and
evaluates PromQL text against a store with Prometheus 3.x semantics (see docs/promql.md).

The names are imported at first use (``kubeloop.exports``): a step that reads a PromQL
duration needs ``kubeloop.telemetry.durations``, not every rule and SLO module.
"""

from typing import TYPE_CHECKING

from kubeloop.exports import exports

if TYPE_CHECKING:
    from kubeloop.telemetry.durations import DurationError
    from kubeloop.telemetry.promql.errors import PromQLError, UnsupportedError
    from kubeloop.telemetry.promtool.notation import NotationError
    from kubeloop.telemetry.rules.templates import TemplateError
    from kubeloop.telemetry.series import Labels, SeriesStore
    from kubeloop.telemetry.slo.book import SLO
    from kubeloop.telemetry.slo.verdict import Verdict
    from kubeloop.telemetry.telemetry import Telemetry
    from kubeloop.telemetry.timeline import AlertTimeline
    from kubeloop.telemetry.traffic import Service

__all__ = [
    "SLO",
    "AlertTimeline",
    "DurationError",
    "Labels",
    "NotationError",
    "PromQLError",
    "SeriesStore",
    "Service",
    "Telemetry",
    "TemplateError",
    "UnsupportedError",
    "Verdict",
]

__getattr__ = exports(
    __name__,
    {
        "kubeloop.telemetry.durations": ("DurationError",),
        "kubeloop.telemetry.promql.errors": (
            "PromQLError",
            "UnsupportedError",
        ),
        "kubeloop.telemetry.promtool.notation": ("NotationError",),
        "kubeloop.telemetry.rules.templates": ("TemplateError",),
        "kubeloop.telemetry.series": (
            "Labels",
            "SeriesStore",
        ),
        "kubeloop.telemetry.slo.book": ("SLO",),
        "kubeloop.telemetry.slo.verdict": ("Verdict",),
        "kubeloop.telemetry.telemetry": ("Telemetry",),
        "kubeloop.telemetry.timeline": ("AlertTimeline",),
        "kubeloop.telemetry.traffic": ("Service",),
    },
)
