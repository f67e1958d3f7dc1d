"""NodeAffinity, nodeSelector part: every selector pair must be a label of the node."""

from __future__ import annotations

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.framework import Status

_MISMATCH = Status.unresolvable("node(s) didn't match Pod's node affinity/selector")


class NodeAffinity:
    name = "NodeAffinity"
    node_local = True
    """Its answer depends only on the pod and this node\'s own state."""

    def filter(self, pod: PodRecord, node: NodeRecord) -> Status | None:
        selector = pod.template.node_label_selector
        if selector.empty or selector.matches(node.labels):
            return None
        return _MISMATCH
