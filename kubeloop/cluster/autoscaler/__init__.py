"""The cluster autoscaler: node groups grown for unschedulable pods and shrunk when idle.

After ``kubernetes/autoscaler``'s cluster-autoscaler (1.33): ``groups`` (node groups and
their templates), ``settings`` (the flags), ``simulation`` (the cluster snapshot),
``estimator`` (binpacking), ``expander``, ``scale_up``, ``utilization``, ``scale_down``
(unneeded nodes), ``actuation`` (drain and delete), ``loop`` (RunOnce on the clock).
"""

from kubeloop.cluster.autoscaler.groups import NodeGroup, NodeGroupInfo, UpcomingNode
from kubeloop.cluster.autoscaler.settings import EXPANDERS, AutoscalerSettings
from kubeloop.cluster.autoscaler.views import ClusterAutoscalerInfo, UnneededNode

__all__ = [
    "EXPANDERS",
    "AutoscalerSettings",
    "ClusterAutoscalerInfo",
    "NodeGroup",
    "NodeGroupInfo",
    "UnneededNode",
    "UpcomingNode",
]
