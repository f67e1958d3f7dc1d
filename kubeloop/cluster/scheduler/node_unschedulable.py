"""NodeUnschedulable: a cordoned node (``spec.unschedulable``) takes no new pods, except
pods that tolerate ``node.kubernetes.io/unschedulable:NoSchedule`` (``node_unschedulable.go``)."""

from __future__ import annotations

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.framework import Status

_CORDONED = Status.unresolvable("node(s) were unschedulable")


class NodeUnschedulable:
    name = "NodeUnschedulable"
    node_local = True
    """Its answer depends only on the pod and this node\'s own state."""

    def filter(self, pod: PodRecord, node: NodeRecord) -> Status | None:
        if not node.unschedulable or pod.template.tolerates_cordon:
            return None
        return _CORDONED
