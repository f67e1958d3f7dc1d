"""NodeAffinity (``nodeaffinity/node_affinity.go``): the node must match the pod's
nodeSelector AND one of its required node selector terms (terms ORed, expressions ANDed);
preferred terms score the sum of their weights on the nodes they match, normalised to
``100 × s / max``."""

from __future__ import annotations

from collections.abc import Mapping

from kubeloop.cluster.affinity import HOSTNAME
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.framework import Status

_MISMATCH = Status.unresolvable("node(s) didn't match Pod's node affinity/selector")


def node_labels(node: NodeRecord) -> Mapping[str, str]:
    """The node's labels with the kubelet's ``kubernetes.io/hostname=<name>``."""
    if HOSTNAME in node.labels:
        return node.labels
    return {**node.labels, HOSTNAME: node.name}


def node_affinity_matches(pod: PodRecord, node: NodeRecord) -> bool:
    selector = pod.template.node_label_selector
    affinity = pod.template.affinity
    required = affinity.node_required if affinity is not None else ()
    if selector.empty and not required:
        return True
    labels = node_labels(node)
    if not (selector.empty or selector.matches(labels)):
        return False
    return not required or any(term.matches(labels) for term in required)


class NodeAffinity:
    name = "NodeAffinity"
    weight = 2
    node_local = True
    """Its answer depends only on the pod and this node\'s own state."""

    def filter(self, pod: PodRecord, node: NodeRecord) -> Status | None:
        return None if node_affinity_matches(pod, node) else _MISMATCH

    def score(self, pod: PodRecord, nodes: list[NodeRecord]) -> list[int]:
        affinity = pod.template.affinity
        preferred = affinity.node_preferred if affinity else ()
        raw = [
            sum(t.weight for t in preferred if t.preference.matches(node_labels(node)))
            for node in nodes
        ]
        highest = max(raw, default=0)
        if highest == 0:
            return [0] * len(nodes)
        return [100 * s // highest for s in raw]
