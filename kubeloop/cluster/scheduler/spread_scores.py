"""What a spread batch (``spread_groups.py``) counts and scores with, besides the classes.

``DomainTally``: the batch's own copy of one constraint's domain counts, moved by each
decision before the pods are bound, with the minimum kept as it goes.
``PreferredNodeAffinity``: NodeAffinity's score split as a node-local scorer, so the batch
can normalise it per group as ``class_batch.py`` normalises TaintToleration.
"""

from __future__ import annotations

from collections import Counter

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.node_affinity import NodeAffinity, node_labels


class PreferredNodeAffinity:
    """NodeAffinity's score as a node-local scorer: the weights of the preferred terms the
    node matches, ``100 × raw // highest`` over the nodes scored together."""

    uses_highest = True
    name = NodeAffinity.name
    weight = NodeAffinity.weight

    def raw(self, pod: PodRecord, node: NodeRecord) -> int:
        affinity = pod.template.affinity
        preferred = affinity.node_preferred if affinity else ()
        labels = node_labels(node)
        return sum(t.weight for t in preferred if t.preference.matches(labels))

    def finish(self, raw: int, highest: int) -> int:
        return 0 if highest == 0 else 100 * raw // highest

    def score(self, pod: PodRecord, nodes: list[NodeRecord]) -> list[int]:
        raws = [self.raw(pod, node) for node in nodes]
        highest = max(raws, default=0)
        return [self.finish(raw, highest) for raw in raws]


class DomainTally:
    """One constraint's matching pods per domain, with the minimum and how many hold it."""

    __slots__ = ("at_low", "domains", "low")

    def __init__(self, domains: Counter[str]) -> None:
        self.domains = Counter(domains)
        self.low = min(self.domains.values(), default=0)
        self.at_low = sum(1 for v in self.domains.values() if v == self.low)

    def add(self, value: str) -> None:
        domains = self.domains
        before = domains[value]
        domains[value] = before + 1
        if before == self.low:
            self.at_low -= 1
            if not self.at_low:
                self.low = min(domains.values())
                self.at_low = sum(1 for v in domains.values() if v == self.low)
