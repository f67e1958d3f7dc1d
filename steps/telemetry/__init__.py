"""Lab 03's phrases: series and PromQL, alert rules and their states, traffic, SLOs."""

from kubeloop.steps.telemetry import alerts, series, services, slos

__all__ = ["alerts", "series", "services", "slos"]
