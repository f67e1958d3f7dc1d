"""Where the mechanisms meet on the one clock, one module per meeting (see ``links.py``).

The names are imported at first use (``kubeloop.exports``): reading ``links.timeline``
does not import every link.
"""

from typing import TYPE_CHECKING

from kubeloop.exports import exports

if TYPE_CHECKING:
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

__getattr__ = exports(
    __name__,
    {
        "kubeloop.links.alert_rollback": (
            "AlertRollback",
            "RollbackRule",
        ),
        "kubeloop.links.links": ("Links",),
        "kubeloop.links.query_hpa": ("QueryMetric",),
        "kubeloop.links.rollout": (
            "RolloutLink",
            "refusal",
        ),
        "kubeloop.links.timeline": (
            "LinkMark",
            "RolloutMark",
            "TimelineRecorder",
            "TrafficMark",
        ),
    },
)
