"""Where the mechanisms meet: prod deploying to the cluster, alerts that roll back, HPAs fed
by a query (``kubeloop.links``)."""

from . import autoscaling, rollback, rollout, timeline, traffic

__all__ = ["autoscaling", "rollback", "rollout", "timeline", "traffic"]
