"""NodeHealth: a failed (NotReady) node receives no pod until it recovers.

Upstream this falls out of the ``node.kubernetes.io/unreachable:NoSchedule`` taint;
kubeloop checks readiness itself so that even a pod tolerating every taint stays
off a failed node. The reason text is the taint message a real cluster prints.
"""

from __future__ import annotations

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.framework import Status
from kubeloop.cluster.taints import UNREACHABLE_TAINT

_NOT_READY = Status.unresolvable(f"node(s) had untolerated taint {{{UNREACHABLE_TAINT}: }}")


class NodeHealth:
    name = "NodeHealth"
    node_local = True
    """Its answer depends only on the pod and this node\'s own state."""

    def filter(self, pod: PodRecord, node: NodeRecord) -> Status | None:
        return None if node.ready else _NOT_READY
