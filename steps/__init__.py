"""The step library: one module per domain. Importing it registers every phrase.

Steps translate plain English into calls on the engine's public contract; they hold
no engine logic. Richer engine features are used where the engine has them, and a
step that needs one the engine lacks fails with "engine X does not provide …".
"""

from kubeloop.steps import (
    assertions,
    autoscaling,
    cluster,
    events,
    failures,
    rollout,
    scheduling,
    time,
    workloads,
)

__all__ = [
    "assertions",
    "autoscaling",
    "cluster",
    "events",
    "failures",
    "rollout",
    "scheduling",
    "time",
    "workloads",
]
