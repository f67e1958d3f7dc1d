"""TaintToleration: NoSchedule/NoExecute taints filter, PreferNoSchedule lowers the score."""

from __future__ import annotations

from collections.abc import Iterable

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.framework import Status, score_nodes
from kubeloop.cluster.taints import Taint, Toleration


def tolerated(taint: Taint, tolerations: Iterable[Toleration]) -> bool:
    return any(t.tolerates(taint) for t in tolerations)


def first_untolerated(taints: Iterable[Taint], tolerations: tuple[Toleration, ...]) -> Taint | None:
    """The first NoSchedule/NoExecute taint, in node order, that no toleration matches."""
    for taint in taints:
        if taint.effect != "PreferNoSchedule" and not tolerated(taint, tolerations):
            return taint
    return None


def reverse_normalised(count: int, highest: int) -> int:
    """``100 - 100*count/highest`` (integer maths); 100 when no node scored has any."""
    return 100 if highest == 0 else 100 - 100 * count // highest


class TaintToleration:
    name = "TaintToleration"
    node_local = True
    """Its answer depends only on the pod and this node\'s own state."""
    weight = 3
    uses_highest = True

    def filter(self, pod: PodRecord, node: NodeRecord) -> Status | None:
        taint = first_untolerated(node.taints, pod.template.tolerations)
        if taint is None:
            return None
        return Status.unresolvable(f"node(s) had untolerated taint {{{taint.key}: {taint.value}}}")

    def raw(self, pod: PodRecord, node: NodeRecord) -> int:
        """The node's PreferNoSchedule taints the pod does not tolerate."""
        relevant = [t for t in pod.template.tolerations if t.effect in ("", "PreferNoSchedule")]
        return sum(
            1
            for taint in node.taints
            if taint.effect == "PreferNoSchedule" and not tolerated(taint, relevant)
        )

    def finish(self, raw: int, highest: int) -> int:
        return reverse_normalised(raw, highest)

    def score(self, pod: PodRecord, nodes: list[NodeRecord]) -> list[int]:
        return score_nodes(self, pod, nodes)
