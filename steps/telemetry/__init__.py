"""Lab 03's phrases: series and PromQL, alert rules and their states, traffic, SLOs."""

from . import (
    alerts,
    budget_ranges,
    counters,
    latency,
    latency_profile,
    paging,
    queries,
    rule_tests,
    series,
    service_checks,
    services,
    slos,
)

__all__ = [
    "alerts",
    "budget_ranges",
    "counters",
    "latency",
    "latency_profile",
    "paging",
    "queries",
    "rule_tests",
    "series",
    "service_checks",
    "services",
    "slos",
]
