"""Where the mechanisms meet: prod deploying to the cluster, alerts that roll back, HPAs fed
by a query (``kubeloop.links``)."""

from . import (
    autoscaling,
    history_ends,
    manager_story,
    outcomes,
    releases,
    rollback,
    rollback_counts,
    rollout,
    servers,
    story,
    timeline,
    traffic,
    version_faults,
)

__all__ = [
    "autoscaling",
    "history_ends",
    "manager_story",
    "outcomes",
    "releases",
    "rollback",
    "rollback_counts",
    "rollout",
    "servers",
    "story",
    "timeline",
    "traffic",
    "version_faults",
]
