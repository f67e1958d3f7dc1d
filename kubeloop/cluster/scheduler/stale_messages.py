"""Messages of parked pods that upstream's hints would retry and the exact hints do not.

The queue (``queue/hinted.py``) retries a parked pod only when an event could place it.
Upstream's hints are coarser in two places, and a pod retried there fails again, with a new
FailedScheduling message:

- NodeResourcesFit's ``isSchedulableAfterPodEvent`` queues every pod it rejected on any
  bound pod's deletion (a node's evictions, a scale-down, a ``delete_pod``);
- InterPodAffinity's hints queue a pod with required anti-affinity terms on any node added
  or changed that carries a term's topology key (``kubernetes.io/hostname``: every node
  does), and on the deletion of a bound pod that matches all of its terms
  (``isSchedulableAfterNodeChange``, ``isSchedulableAfterPodChange``; a pod repelled only by
  other pods' terms has none, and those hints skip it).

The exact hint is right that such a pod fails again, so kubeloop spares the retry and gives
the pod the message the retry would have: placements and parking times are as they were,
and no FailedScheduling event is recorded for it. Upstream pops a queued pod in
PrioritySort's order (``schedule_one.go``'s ``ScheduleOne`` takes one pod at a time), so its
retry sees the cluster as the pods before it in that order left it, and none of the binds
after it: ``StaleMessages.renew_before`` is called before each batch the cycle places, and
renews the messages of the pods that come before that batch in the queue's order.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.queue.events import CycleEvents
from kubeloop.cluster.scheduler.inter_pod_affinity import AFFINITY, ANTI_AFFINITY, EXISTING_ANTI
from kubeloop.cluster.scheduler.resources_fit import ROOM_REASONS

INTER_POD_REASONS = (*AFFINITY.reasons, *ANTI_AFFINITY.reasons, *EXISTING_ANTI.reasons)
"""InterPodAffinity's reasons: a message with one of them was rejected by it somewhere."""

Renewal = Callable[[], "str | None"]
"""The message a retry of the pods would give now; None: upstream would not retry them."""


@dataclass
class _Parked:
    """Pods of one parked group or ReplicaSet, renewed in turn."""

    pods: Collection[PodRecord]
    """In the queue's order once ``keys`` is set; until then, as parked (the group's own
    collection, not a copy: a large group costs no new list, so no collector pass)."""
    last: Any
    """The largest key among ``pods``: a batch after it takes them all at once."""
    renewal: Renewal
    ordered: list[PodRecord] | None = None
    """``pods`` in the queue's order: made only when a batch falls among them."""
    keys: list[Any] = field(default_factory=list)
    """``ordered``'s keys."""
    at: int = 0
    """The first pod not renewed yet (in order)."""
    renewed: tuple[int, str | None] | None = None
    """(binds when renewed, the message): no bind since, no walk again."""

    def renew(self, limit: Any, order: Callable[[PodRecord], Any], message: str | None) -> Any:
        """Give ``message`` (None: leave the message as it is) to the pods before ``limit``
        (None: to all); returns the key of the first pod left, or None if none is left."""
        if self.ordered is None and (limit is None or self.last < limit):
            if message is not None:
                for pod in self.pods:
                    pod.message = message
            self.pods = ()
            return None
        if self.ordered is None:  # a batch falls among them: order them, once
            self.ordered = sorted(self.pods, key=order)
            self.keys = list(map(order, self.ordered))
        pods, keys, end = self.ordered, self.keys, len(self.keys)
        while self.at < end and (limit is None or keys[self.at] < limit):
            if message is not None:
                pods[self.at].message = message
            self.at += 1
        return keys[self.at] if self.at < end else None


@dataclass
class StaleMessages:
    """One cycle's parked pods that upstream would retry, each renewed at its turn."""

    order: Callable[[PodRecord], Any]
    _added: list[tuple[Any, Collection[PodRecord], Renewal, Any]] = field(default_factory=list)
    """(first key, pods, renewal, last key) as added, until a batch falls before the last
    of them: then ``_heap`` by first key."""
    _last: Any = None
    """The largest key added."""
    _heap: list[tuple[Any, int, _Parked]] | None = None

    def add(
        self,
        pods: Collection[PodRecord],
        renewal: Renewal,
        bounds: tuple[Any, Any] | None = None,
    ) -> None:
        """Pods whose retry gives ``renewal``'s message (or none: they stay as they are);
        ``bounds``: keys at most the least and at least the largest of theirs, when the
        caller knows them without a pass over the pods."""
        if not pods:
            return
        order = self.order
        first, last = bounds or (min(map(order, pods)), max(map(order, pods)))
        self._added.append((first, pods, renewal, last))
        if self._last is None or self._last < last:
            self._last = last

    def renew_before(self, pod: PodRecord | None, binds: int) -> None:
        """Renew every pod the queue would hand out before ``pod`` (None: every pod left);
        ``binds`` counts the cycle's binds so far."""
        limit = None if pod is None else self.order(pod)
        if self._heap is None:
            if not self._added:
                return
            if limit is None or self._last < limit:  # the usual case: every pod comes first
                for _, pods, renewal, _ in self._added:
                    message = renewal()
                    if message is not None:
                        for parked_pod in pods:
                            parked_pod.message = message
                self._added = []
                return
            added = enumerate(self._added)
            self._heap = [(a[0], n, _Parked(a[1], a[3], a[2])) for n, a in added]
            heapq.heapify(self._heap)
        heap = self._heap
        while heap and (limit is None or heap[0][0] < limit):
            _, number, parked = heapq.heappop(heap)
            if parked.renewed is None or parked.renewed[0] != binds:
                parked.renewed = (binds, parked.renewal())
            left = parked.renew(limit, self.order, parked.renewed[1])
            if left is not None:
                heapq.heappush(heap, (left, number, parked))


def local_renewal(
    pods: list[PodRecord], events: CycleEvents, message: Callable[[PodRecord], str]
) -> list[tuple[list[PodRecord], Renewal]]:
    """A ReplicaSet's parked pods hinted per node (``parked_local.py``) that upstream's
    InterPodAffinity or NodeResourcesFit hints would retry, with their retry's message;
    whether one is retried depends on its old message."""
    decided: dict[str | None, bool] = {}
    for pod in pods:
        if pod.message not in decided:
            decided[pod.message] = retried_upstream(pod, events.deleted, events.node_event)
    retried = [pod for pod in pods if decided[pod.message]]
    if not retried:
        return []
    first = retried[0]
    return [(retried, lambda: message(first))]


def retried_upstream(pod: PodRecord, deleted: list[PodRecord], node_event: bool) -> bool:
    """Would upstream's hints retry this pod (placement-aware, its cross-pod filters by host)
    after these events: the bound pods deleted, and whether a node was added or changed?"""
    old = pod.message or ""
    if deleted and any(reason in old for reason in ROOM_REASONS):
        return True
    affinity = pod.template.affinity
    terms = affinity.anti_required if affinity is not None else ()
    if not terms or not any(reason in old for reason in INTER_POD_REASONS):
        return False
    return node_event or any(
        all(term.selector.matches(gone.template.label_map) for term in terms) for gone in deleted
    )
