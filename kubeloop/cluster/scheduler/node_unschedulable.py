"""NodeUnschedulable: a cordoned node (``spec.unschedulable``) takes no new pods."""

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
        return _CORDONED if node.unschedulable else None
