"""FailedScheduling messages kept from cycle to cycle, recomputed only where nodes changed.

The message is a histogram of every node's first failing reasons. For a pod whose filters
are all node-local, a node's reasons depend only on what the pod asks (``asks_of``) and on
that node, so the histogram is kept per asks and, when it is next needed, only the nodes
the change feed names as changed since are asked again: a pod failing in a large cluster
costs a walk over the few nodes that changed, not over all of them. Each
node's status code is kept too: how many rejections were Unschedulable (preemption found no
victims there) or not (not helpful) gives the ``preemption: …`` suffix without a walk.

Pods that differ only in what they request — deployments each of their own size — share
one set of counts per profile instead (``room_counts.py``), whenever the capacity index shows
no node has room for them: a new size then costs a bisect, not a walk over every node.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kubeloop.cluster.capacity_index import CapacityIndex
from kubeloop.cluster.change_feed import ChangeFeed
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.queue.hinted import Asks
from kubeloop.cluster.queue.parked_groups import ParkedGroup
from kubeloop.cluster.scheduler.fit_error import NO_NODES, message_from_counts
from kubeloop.cluster.scheduler.framework import Code, FilterPlugin, Status
from kubeloop.cluster.scheduler.node_classes import NodeClasses
from kubeloop.cluster.scheduler.preemption import suffix
from kubeloop.cluster.scheduler.resources_fit import ROOM_REASONS
from kubeloop.cluster.scheduler.room_counts import RoomCounts

if TYPE_CHECKING:
    from kubeloop.cluster.state import ClusterState

LIMIT = 64
"""How many asks keep a histogram; the least recently used is dropped past it."""

Explain = Callable[[PodRecord, NodeRecord], Status | None]


@dataclass
class _Histogram:
    read_to: int
    statuses: dict[str, Status | None]
    counts: Counter[str] = field(default_factory=Counter)
    failing: int = 0
    """Nodes that reject the pod."""
    resolvable: int = 0
    """Of those, nodes whose rejection is Unschedulable (preemption may help there)."""
    message: str | None = None

    def set(self, name: str, status: Status | None) -> None:
        if name in self.statuses:
            old = self.statuses[name]
            if old == status:
                return
            self._count(old, -1)
        self.statuses[name] = status
        self._count(status, 1)
        self.message = None

    def drop(self, name: str) -> None:
        if name in self.statuses:
            self._count(self.statuses.pop(name), -1)
            self.message = None

    def _count(self, status: Status | None, sign: int) -> None:
        if status is None:
            return
        counts = self.counts
        for reason in status.reasons:
            counts[reason] += sign
        self.failing += sign
        if status.code is Code.UNSCHEDULABLE:
            self.resolvable += sign


class FailureMessages:
    def __init__(self, filters: list[FilterPlugin] | None = None) -> None:
        """``filters``, the scheduler's node-local ones: pods that differ only in what they
        request share counts per profile (``room_counts.py``); without them, every asks
        keeps its own histogram, walked over every node when it is made (the tests' oracle)."""
        self._histograms: dict[Asks, _Histogram] = {}
        self._rooms = RoomCounts(filters) if filters is not None else None

    def message(
        self,
        key: Asks,
        pod: PodRecord,
        nodes: dict[str, NodeRecord],
        log: ChangeFeed,
        explain: Explain,
        index: CapacityIndex | None = None,
    ) -> str:
        """The message ``pod`` gets now; ``key`` is its asks (``index``: the capacity index,
        which says whether the counts per profile apply)."""
        return self._counted(key, pod, nodes, log, explain, index)[0]

    def _counted(
        self,
        key: Asks,
        pod: PodRecord,
        nodes: dict[str, NodeRecord],
        log: ChangeFeed,
        explain: Explain,
        index: CapacityIndex | None,
    ) -> tuple[str, Counter[str]]:
        """The message and its reason counts."""
        found = self._by_room(pod, nodes, log, index)
        if found is not None:
            return found
        histogram = self._histograms.pop(key, None)
        changed = log.nodes_since(histogram.read_to) if histogram is not None else None
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
        text = histogram.message
        if text is None:
            text = histogram.message = message_from_counts(len(nodes), histogram.counts)
        resolvable, failing = histogram.resolvable, histogram.failing
        return _with_suffix(text, pod, len(nodes), resolvable, failing), histogram.counts

    def _by_room(
        self,
        pod: PodRecord,
        nodes: dict[str, NodeRecord],
        log: ChangeFeed,
        index: CapacityIndex | None,
    ) -> tuple[str, Counter[str]] | None:
        """The message from the pod's profile's counts, when they can say it."""
        if self._rooms is None or index is None:
            return None
        found = self._rooms.histogram(pod, nodes, log, index)
        if found is None:
            return None
        counts, failing, resolvable = found
        total = len(nodes)
        text = message_from_counts(total, counts)
        return _with_suffix(text, pod, total, resolvable, failing), counts

    def retry_message(
        self,
        state: ClusterState,
        group: ParkedGroup,
        explain: Explain,
        classes: Callable[[ClusterState], NodeClasses] | None,
    ) -> str | None:
        """The message a retry of a group a bound pod's deletion left parked
        (``CycleEvents.unmoved``) gives now, or None when NodeResourcesFit rejects its pods
        nowhere: upstream's NodeResourcesFit hint retries the pods it rejected anywhere on
        such a deletion, and they fail again. The exact hint spares the retry itself
        (``stale_messages.py`` gives the pods this message at their turn).

        A group whose histogram is no longer kept is walked by node class (``classes``, the
        scheduler's, when every plugin is node-local), not node by node: a class's members
        answer alike."""
        nodes, log = state.nodes, state.feed
        pod = group.sample
        found = self._by_room(pod, nodes, log, state.index)
        if found is not None:
            message, counts = found
        elif group.key in self._histograms or classes is None or pod.template.names_hosts:
            message, counts = self._counted(group.key, pod, nodes, log, explain, None)
        else:
            message, counts = by_class(pod, classes(state), explain)
        if any(n and reason.startswith(ROOM_REASONS) for reason, n in counts.items()):
            return message
        return None


def _with_suffix(text: str, pod: PodRecord, total: int, resolvable: int, failing: int) -> str:
    """The message with preemption's suffix (none when there are no nodes)."""
    return text + suffix(pod, total, resolvable, failing) if total else text


def by_class(pod: PodRecord, classes: NodeClasses, explain: Explain) -> tuple[str, Counter[str]]:
    """The message a walk over every node gives (and its reason counts), asking one member
    of each class: every node-local filter answers a class's members alike."""
    counts: Counter[str] = Counter()
    failing = resolvable = 0
    for number, size in classes.sizes.items():
        first = classes.first(number)
        assert first is not None  # a class in ``sizes`` has members
        status = explain(pod, classes.nodes[first])
        if status is not None:
            failing += size
            resolvable += size if status.code is Code.UNSCHEDULABLE else 0
            for reason in status.reasons:
                counts[reason] += size
    total = len(classes.nodes)
    if total == 0:
        return NO_NODES, counts
    return message_from_counts(total, counts) + suffix(pod, total, resolvable, failing), counts
