"""Where the mechanisms meet on the one clock, one module per meeting (see ``links.py``)."""

from kubeloop.links.alert_rollback import AlertRollback, RollbackRule
from kubeloop.links.links import Links
from kubeloop.links.query_hpa import QueryMetric
from kubeloop.links.rollout import RolloutLink, refusal
from kubeloop.links.timeline import LinkMark, RolloutMark, TimelineRecorder, TrafficMark

__all__ = [
    "AlertRollback",
    "LinkMark",
    "Links",
    "QueryMetric",
    "RollbackRule",
    "RolloutLink",
    "RolloutMark",
    "TimelineRecorder",
    "TrafficMark",
    "refusal",
]
