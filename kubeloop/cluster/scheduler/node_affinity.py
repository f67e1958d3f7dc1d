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
        for key, value in pod.template.node_selector:
            if node.labels.get(key) != value:
                return _MISMATCH
        return None
