"""FailedScheduling messages kept from cycle to cycle, recomputed only where nodes changed.

The message is a histogram of every node's first failing reasons. For a pod whose filters
are all node-local, a node's reasons depend only on what the pod asks (``asks_of``) and on
that node, so the histogram is kept per asks and, when it is next needed, only the nodes
the ``NodeLog`` names as changed since are asked again: a pod failing in a cluster of
5,000 nodes costs a walk over the few nodes that changed, not over all of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from kubeloop.cluster.node_log import NodeLog
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.fit_error import message_from_counts
from kubeloop.cluster.scheduling_queue import Asks

LIMIT = 64
"""How many asks keep a histogram; the least recently used is dropped past it."""

Explain = Callable[[PodRecord, NodeRecord], tuple[str, ...]]


@dataclass
class _Histogram:
    read_to: int
    reasons: dict[str, tuple[str, ...]]
    counts: Counter[str] = field(default_factory=Counter)
    message: str | None = None

    def set(self, name: str, reasons: tuple[str, ...]) -> None:
        old = self.reasons.get(name)
        if old == reasons:
            return
        if old:
            self.counts.subtract(old)
        self.reasons[name] = reasons
        self.counts.update(reasons)
        self.message = None

    def drop(self, name: str) -> None:
        old = self.reasons.pop(name, None)
        if old is not None:
            self.counts.subtract(old)
            self.message = None


class FailureMessages:
    def __init__(self) -> None:
        self._histograms: dict[Asks, _Histogram] = {}

    def message(
        self,
        key: Asks,
        pod: PodRecord,
        nodes: dict[str, NodeRecord],
        log: NodeLog,
        explain: Explain,
    ) -> str:
        """The message ``pod`` gets now; ``key`` is its asks."""
        histogram = self._histograms.pop(key, None)
        changed = log.since(histogram.read_to) if histogram is not None else None
        if histogram is None or changed is None:
            histogram = _Histogram(log.end, {})
            for record in nodes.values():
                histogram.set(record.name, explain(pod, record))
        else:
            for name in changed:
                node = nodes.get(name)
                if node is None:
                    histogram.drop(name)
                else:
                    histogram.set(name, explain(pod, node))
            histogram.read_to = log.end
        self._histograms[key] = histogram  # most recently used last
        if len(self._histograms) > LIMIT:
            del self._histograms[next(iter(self._histograms))]
        if histogram.message is None:
            histogram.message = message_from_counts(len(nodes), histogram.counts)
        return histogram.message
