"""The scheduling queue to read first: after any event, retry every Pending pod.

kube-scheduler parks a pod that failed and retries it when a cluster event arrives that
might help it, or after it has waited ``FLUSH_AFTER`` seconds. This queue asks no plugin
whether an event helps: any event (a node added, changed or removed, a bound pod deleted,
the scoring changed) retries every parked pod; a cycle that bound a pod retries the pods
whose placement reads other pods (a bind may satisfy their affinity or spread); and a
pod parked ``FLUSH_AFTER`` seconds is retried regardless. New pods are tried at the next
cycle. Pods are handed out in PrioritySort's order (``scheduler/queue_sort.py``).

It is the oracle the hinted queue (``hinted.py``) is property-tested against: the hints
only leave out retries that would fail, so both place every pod on the same node
(``tests/properties/test_queue_machine.py``). It is slow on purpose: every cycle after an
event walks every Pending pod.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from operator import attrgetter
from typing import Any

from kubeloop.cluster.change_feed import BINDS, ChangeFeed
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.queue.events import CycleEvents
from kubeloop.cluster.queue.hinted import FLUSH_AFTER
from kubeloop.cluster.queue.parked_groups import Asks

_seq = attrgetter("seq")


class ReferenceQueue:
    """Every Pending pod, and which of them the next cycle tries."""

    def __init__(self, feed: ChangeFeed | None = None) -> None:
        self._feed = ChangeFeed() if feed is None else feed
        self._read = self._feed.cursor()
        """How far the cycles have read the cluster's change feed (every change is kept)."""
        self._pending: dict[str, PodRecord] = {}
        """Every Pending pod the queue holds."""
        self._next: set[str] = set()
        """Pods the next cycle tries whatever happens: new, or activated."""
        self._reads_pods: set[str] = set()
        """Parked pods whose placement reads other pods (they failed with no group)."""
        self._event = False
        self._bound = False
        self._failed: list[tuple[list[PodRecord], Asks | None]] = []
        self.events = CycleEvents()
        """No event is ever left unretried here: always empty."""

    def __len__(self) -> int:
        return len(self._pending)

    def pods(self) -> list[PodRecord]:
        """Every Pending pod, by creation order."""
        return sorted(self._pending.values(), key=_seq)

    # --- what the cluster's state reports ------------------------------------------------

    def add(self, pods: list[PodRecord]) -> None:
        for pod in pods:
            self._pending[pod.name] = pod
            self._next.add(pod.name)

    def forget(self, pod: PodRecord) -> None:
        self._pending.pop(pod.name, None)
        self._next.discard(pod.name)
        self._reads_pods.discard(pod.name)

    def forget_all(self, pods: list[PodRecord]) -> None:
        for pod in pods:
            self.forget(pod)

    def activate(self, pod: PodRecord) -> None:
        self._pending[pod.name] = pod
        self._next.add(pod.name)

    def move_all(self) -> None:
        self._event = True

    # --- one cycle -------------------------------------------------------------------------

    def cycle(
        self,
        now: int,
        fits: Callable[[PodRecord, str], bool] | None = None,
        *,
        hints: bool = False,
        order: Callable[[PodRecord], Any] | None = None,
        fits_all: Callable[[PodRecord, str], bool] | None = None,
    ) -> Iterator[PodRecord]:
        """The pods this cycle tries, in ``order`` (creation order if None); the hints'
        arguments are taken and ignored, so a scheduler runs over either queue."""
        changes = self._feed.read(self._read)  # anything but a bind is an event
        event = self._event or any(not isinstance(change, BINDS) for change in changes)
        self._event = False
        bound = self._bound
        tried = [
            pod
            for pod in self._pending.values()
            if event
            or pod.name in self._next
            or (bound and pod.name in self._reads_pods)
            or now - pod.parked_at >= FLUSH_AFTER
        ]
        self._next = set()
        return iter(sorted(tried, key=order or _seq))

    def failed(self, pods: list[PodRecord], key: Asks | None) -> None:
        """Pods the cycle could not place; ``key`` None: their placement reads other pods."""
        self._failed.append((pods, key))

    def end_cycle(self, now: int, bound: bool, by_host: bool = False) -> None:
        """Park the pods that failed, as of ``now``; ``bound``: the cycle bound a pod."""
        for pods, key in self._failed:
            for pod in pods:
                pod.parked_at = now
                if key is None:
                    self._reads_pods.add(pod.name)
                else:
                    self._reads_pods.discard(pod.name)
        self._failed, self._bound = [], bound
