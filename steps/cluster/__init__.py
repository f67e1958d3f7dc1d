"""Lab 01's phrases: nodes, workloads, scheduling, failures, rollouts, autoscaling, checks."""

from kubeloop.steps.cluster import (
    affinity,
    assertions,
    autoscaling,
    cluster_autoscaler,
    disruption,
    failures,
    nodes,
    pods,
    readiness,
    reconcile,
    rollout,
    rollout_bounds,
    scheduling,
    timing,
    workloads,
)

__all__ = [
    "affinity",
    "assertions",
    "autoscaling",
    "cluster_autoscaler",
    "disruption",
    "failures",
    "nodes",
    "pods",
    "readiness",
    "reconcile",
    "rollout",
    "rollout_bounds",
    "scheduling",
    "timing",
    "workloads",
]
