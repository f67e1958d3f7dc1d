"""The binpacking estimator (``estimator/binpacking_estimator.go``): how many template nodes
would the pods need?

First-fit decreasing over pod equivalence groups: groups are ordered by
``cpu / allocatable cpu + memory / allocatable memory`` of their first pod, largest first
(``decreasing_pod_orderer.go``; ties keep the groups' order — Go's unstable sort leaves
that open). For each group, its pods go onto the nodes this estimate already added while
one fits; the rest try the last added node, and a new node is added when that fails —
unless the last node is still empty (a pod that does not fit an empty template node never
will) or the limiter refuses (``max - target size`` of the group, and the cluster's node
limit). A pod that does not fit even a fresh node ends that group. The count is the number
of new nodes that got a pod. A pod with a hostname topology-spread constraint that the last
node rejects for skew tries every other node of the snapshot first, as upstream does.
"""

from __future__ import annotations

from dataclasses import dataclass

from kubeloop.cluster.affinity import HOSTNAME
from kubeloop.cluster.autoscaler.simulation import Snapshot
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.topology_spread import SKEWED


@dataclass(frozen=True)
class Estimate:
    node_count: int
    pods: tuple[PodRecord, ...]
    """The pods the new nodes would take, in the order they were placed."""


def order_groups(groups: list[list[PodRecord]], template: NodeRecord) -> list[list[PodRecord]]:
    """Largest first by the share of the template's allocatable the first pod asks for."""

    def score(group: list[PodRecord]) -> float:
        t = group[0].template
        value = 0.0
        if template.cpu > 0:
            value += t.cpu / template.cpu
        if template.memory > 0:
            value += t.memory / template.memory
        return value

    return sorted(groups, key=score, reverse=True)


class _Limiter:
    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.added = 0

    def permit(self) -> bool:
        if self.added >= self.limit:
            return False
        self.added += 1
        return True


def estimate(
    snapshot: Snapshot, groups: list[list[PodRecord]], template: NodeRecord, limit: int
) -> Estimate:
    """Binpack ``groups`` (each a list of equivalent pods) onto copies of ``template``.

    ``snapshot`` is forked: the nodes added here never leave this function.
    """
    sim = snapshot.fork()
    limiter = _Limiter(limit)
    new_nodes: list[str] = []
    with_pods: set[str] = set()
    placed: list[PodRecord] = []
    more_nodes = True

    def track(pod: PodRecord, node: str) -> None:
        sim.place(pod, node)
        with_pods.add(node)
        placed.append(pod)

    for group in order_groups(groups, template):
        remaining = group
        for index, pod in enumerate(group):
            node, _ = sim.first_fit(pod, new_nodes)
            if node is None:
                remaining = group[index:]
                break
            track(pod, node)
        else:
            remaining = []
        if not more_nodes:
            continue
        for pod in remaining:
            last = new_nodes[-1] if new_nodes else None
            if last is not None:
                reasons = sim.reasons(pod, sim.nodes[last])
                if not reasons:
                    track(pod, last)
                    continue
                if _hostname_spread(pod) and SKEWED.reasons[0] in reasons:
                    other, _ = sim.first_fit(pod, [n for n in sim.order if n != last])
                    if other is not None:
                        track(pod, other)
                        continue
                if last not in with_pods:
                    break
            if not limiter.permit():
                more_nodes = False
                break
            name = f"{template.name}/e-{len(new_nodes)}"  # "/": no real node is named so
            sim.add_node(_fresh(template, name))
            new_nodes.append(name)
            if sim.reasons(pod, sim.nodes[name]):
                break
            track(pod, name)
    return Estimate(len(with_pods), tuple(placed))


def _fresh(template: NodeRecord, name: str) -> NodeRecord:
    """A copy of the template named ``name`` — its own hostname, as ``SanitizedNodeInfo``."""
    labels = dict(template.labels)
    if HOSTNAME in labels:
        labels[HOSTNAME] = name
    return NodeRecord(
        name, template.cpu, template.memory, template.max_pods, labels, template.taints
    )


def _hostname_spread(pod: PodRecord) -> bool:
    return any(c.topology_key == HOSTNAME for c in pod.template.topology_spread)
