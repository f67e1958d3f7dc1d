"""Lab 03's phrases: series and PromQL, alert rules and their states, traffic, SLOs."""

from kubeloop.steps.telemetry import (
    alerts,
    budget_ranges,
    counters,
    latency,
    queries,
    rule_tests,
    series,
    services,
    slos,
)

__all__ = [
    "alerts",
    "budget_ranges",
    "counters",
    "latency",
    "queries",
    "rule_tests",
    "series",
    "services",
    "slos",
]
