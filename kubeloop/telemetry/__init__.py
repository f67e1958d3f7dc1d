"""Lab 03: telemetry — series on the logical clock and PromQL over them.

``kubeloop.telemetry.series`` stores samples; ``kubeloop.telemetry.promql`` parses and
evaluates PromQL text against a store with Prometheus 3.x semantics (see docs/promql.md).
"""

from kubeloop.telemetry.series import Labels, SeriesStore

__all__ = ["Labels", "SeriesStore"]
