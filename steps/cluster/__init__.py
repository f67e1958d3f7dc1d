"""Lab 01's phrases: nodes, workloads, scheduling, failures, rollouts, autoscaling, checks."""

from kubeloop.steps.cluster import (
    assertions,
    autoscaling,
    failures,
    nodes,
    pods,
    reconcile,
    rollout,
    rollout_bounds,
    scheduling,
    workloads,
)

__all__ = [
    "assertions",
    "autoscaling",
    "failures",
    "nodes",
    "pods",
    "reconcile",
    "rollout",
    "rollout_bounds",
    "scheduling",
    "workloads",
]
