"""Place one placement-aware pod by node class, exactly as filtering and scoring every node would.

A pod with topology spread or inter-pod terms asks of a node its node-local questions —
which the node's class answers for every member alike (``node_classes.py``) — and which
domain the node is in for each topology key it counts by. A domain is a label value, and a
class shares its labels, unless the key is ``kubernetes.io/hostname`` without a label:
the node's own name, which tells every node apart. So while no key the pod's answer
depends on is the bare hostname, one member per class is filtered and scored. Every
normalisation (max, min over the feasible nodes) is the same over classes as over nodes,
and the per-node pass picks the first node by name with the best total: among the classes
with the best total, the one whose first member comes first.
"""

from __future__ import annotations

from kubeloop.cluster.affinity import HOSTNAME
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord, PodTemplate
from kubeloop.cluster.scheduler.framework import FilterPlugin, ScorePlugin
from kubeloop.cluster.scheduler.inter_pod_affinity import InterPodAffinity
from kubeloop.cluster.scheduler.node_classes import NodeClasses


def template_keys(template: PodTemplate) -> set[str]:
    """Every node label or topology key the template's own terms read."""
    keys = {k for k, _ in template.node_selector}
    keys.update(c.topology_key for c in template.topology_spread)
    affinity = template.affinity
    if affinity is not None:
        for term in affinity.node_required:
            keys.update(r.key for r in term.match_expressions)
        for preferred in affinity.node_preferred:
            keys.update(r.key for r in preferred.preference.match_expressions)
        terms = [*affinity.pod_required, *affinity.anti_required]
        terms += [w.term for w in (*affinity.pod_preferred, *affinity.anti_preferred)]
        keys.update(t.topology_key for t in terms)
    return keys


def applies(pod: PodRecord, inter_pod: InterPodAffinity) -> bool:
    """No answer for this pod depends on a node's name."""
    return HOSTNAME not in template_keys(pod.template) and not inter_pod.repelled_by_host(pod)


def choose(
    pod: PodRecord,
    classes: NodeClasses,
    filters: list[FilterPlugin],
    scorers: list[ScorePlugin],
) -> NodeRecord | None:
    """The node the per-node pass would bind the pod to, or None if none admits it."""
    feasible: list[NodeRecord] = []
    for number in list(classes.sizes):
        first = classes.first(number)
        if first is None:
            continue
        node = classes.nodes[first]
        if all(f.filter(pod, node) is None for f in filters):
            feasible.append(node)
    if len(feasible) <= 1:
        return feasible[0] if feasible else None
    totals = [0] * len(feasible)
    for plugin in scorers:
        for i, score in enumerate(plugin.score(pod, feasible)):
            totals[i] += score * plugin.weight
    best = max(totals)
    return min((n for n, t in zip(feasible, totals, strict=True) if t == best), key=_name)


def _name(node: NodeRecord) -> str:
    return node.name
