"""Lab 01's phrases: nodes, workloads, scheduling, failures, rollouts, autoscaling, checks."""

from kubeloop.steps.cluster import (
    assertions,
    autoscaling,
    disruption,
    failures,
    nodes,
    readiness,
    rollout,
    scheduling,
    timing,
    workloads,
)

__all__ = [
    "assertions",
    "autoscaling",
    "disruption",
    "failures",
    "nodes",
    "readiness",
    "rollout",
    "scheduling",
    "timing",
    "workloads",
]
