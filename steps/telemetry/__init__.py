"""Lab 03's phrases: series and PromQL, alert rules and their states, traffic, SLOs."""

from . import (
    alert_words,
    alerts,
    budget_ranges,
    budget_words,
    counters,
    latency,
    latency_profile,
    paging,
    queries,
    rule_tests,
    series,
    service_checks,
    services,
    slo_pages,
    slos,
    traffic_normal,
)

__all__ = [
    "alert_words",
    "alerts",
    "budget_ranges",
    "budget_words",
    "counters",
    "latency",
    "latency_profile",
    "paging",
    "queries",
    "rule_tests",
    "series",
    "service_checks",
    "services",
    "slo_pages",
    "slos",
    "traffic_normal",
]
