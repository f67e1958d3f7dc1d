"""Lab 03's phrases: series and PromQL, alert rules and their states, traffic, SLOs."""

from kubeloop.steps.telemetry import alerts, counters, queries, series, services, slos

__all__ = ["alerts", "counters", "queries", "series", "services", "slos"]
