"""Which Pending pods a scheduling cycle tries: upstream's scheduling queue and its hints.

kube-scheduler (``pkg/scheduler/backend/queue/scheduling_queue.go``) parks a pod that
failed in ``unschedulablePods`` and moves it back to ``activeQ`` only when a cluster event
arrives that one of the plugins which rejected it registered for (``EventsToRegister``)
and that plugin's ``QueueingHintFn`` answers ``Queue``; pods parked longer than
``podMaxInUnschedulablePodsDuration`` (5 minutes) are moved anyway
(``flushUnschedulablePodsLeftover``). kubeloop keeps that shape:

- New pods, and pods an event or the flush moved, are *active*: the next cycle tries them.
- A pod that failed and whose filters are all node-local waits in a *group* with the pods
  that ask the filters the same questions. The events that can help it each touch one
  node: a bound pod deleted from it (NodeResourcesFit's assigned-pod delete), the node
  added (NodeAdd), its taints, readiness or cordon changed (NodeUpdate). The hint asks the
  rejecting plugins' question on that node itself: does the pod now pass every filter
  there? A node failing, cordoned or tainted passes nobody, so it moves nobody; a pod
  deleted from node N moves only pods that now fit N. Any other node is as it was when
  the pods last failed, less what cycles bound since, so they would fail there again.
- A moved group is tried lazily, oldest pod first, until one of its pods fails: binding
  only ever takes room, so the rest would fail the same way and stay parked, untried.
- Pods whose placement reads other pods (spread, inter-pod (anti-)affinity) are moved by
  every event and after every cycle that bound a pod, as their plugins register
  assigned-pod events; while any pod has required anti-affinity, every pod counts as one
  (existing pods' terms may repel it). Those whose cross-pod filters read only the node
  tried (required anti-affinity by hostname, theirs and every repeller's) are hinted per
  node instead, as node-local groups are (``parked_local.py``). Changing the scoring
  strategy moves everything (upstream's wildcard event). A grouped pod failed on node-local
  filters alone, which only the events above change, so a hint on them never misses.
- Where upstream's coarser hints would retry a pod only to see it fail, its message becomes
  that failure's (``scheduler/stale_messages.py``).

Pods are tried in PrioritySort's order (``queue_sort.py``: higher priority first, then
creation order), as the retry-everything reference (``reference.py``) tries them, so both
place every pod on the same node (``tests/properties/test_queue_machine.py``); a group
holds pods of one priority, so its heap by creation order is in that order too.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator
from dataclasses import replace
from operator import attrgetter
from typing import Any

from kubeloop.cluster.change_feed import NODE_EVENTS, Change, ChangeFeed, PodDeleted
from kubeloop.cluster.pods import PodRecord, PodTemplate
from kubeloop.cluster.queue.events import CycleEvents
from kubeloop.cluster.queue.parked_aware import ParkedAware
from kubeloop.cluster.queue.parked_groups import Asks, ParkedGroup
from kubeloop.cluster.queue.parked_local import Fits, ParkedLocal, reads_one_node

FLUSH_AFTER = 300
"""podMaxInUnschedulablePodsDuration: seconds a pod waits before it is retried regardless."""

__all__ = ["FLUSH_AFTER", "Asks", "SchedulingQueue", "asks_of"]

_seq = attrgetter("seq")


def asks_of(template: PodTemplate) -> Asks:
    """What node-local filters read of a pod: its template less version, digest, labels and
    startup."""
    return replace(template, version="", labels=(), startup_seconds=0, digest=None)


class SchedulingQueue:
    """Active pods, parked groups, parked placement-aware pods; the events since are the
    cluster's change feed after the last cycle's read."""

    def __init__(self, feed: ChangeFeed | None = None) -> None:
        self._feed = ChangeFeed() if feed is None else feed
        self._read = self._feed.cursor()
        """How far the cycles have read the feed (every change after it is kept)."""
        self.active: dict[str, PodRecord] = {}
        """Pods an event, the flush or preemption moved: the next cycle tries them."""
        self._in_order = True
        """Whether ``active`` is in creation order."""
        self._fresh: list[PodRecord] = []
        """Pods created since the last cycle, in creation order: newer than any other pod
        here, as every other has been through a cycle. A list, not a dict: a scale-up's new
        pods cost an append each, and the few deleted before their first cycle are skipped."""
        self._fresh_gone: set[int] = set()
        """Seqs of fresh pods deleted before their first cycle."""
        self._groups: dict[Asks, ParkedGroup] = {}
        self._group_of: dict[str, Asks] = {}
        self._aware = ParkedAware()
        self._local = ParkedLocal()
        """Aware pods whose cross-pod filters read one node (``parked_local.py``)."""
        self._by_host = False
        """Whether every repeller was hostname-keyed when the last cycle ended."""
        self.events = CycleEvents()
        """During a cycle, its events and what they left parked (``events.py``)."""
        self._everything = False
        self._failed: list[tuple[list[PodRecord], Asks | None]] = []
        self._exhausted: set[Asks] = set()
        self._bound = False

    def __len__(self) -> int:
        fresh = len(self._fresh) - len(self._fresh_gone)
        parked = len(self._group_of) + len(self._aware) + len(self._local)
        return len(self.active) + fresh + parked

    def pods(self) -> list[PodRecord]:
        """Every pod the queue holds (between cycles: every Pending pod), by creation order."""
        gone = self._fresh_gone
        held = [*self.active.values(), *(p for p in self._fresh if p.seq not in gone)]
        for group in self._groups.values():
            held.extend(group.members.values())
        held.extend(self._aware.values())
        held.extend(self._local.values())
        return sorted(held, key=_seq)

    # --- what the cluster's state reports ------------------------------------------------

    def add(self, pods: list[PodRecord]) -> None:
        """New pods (in creation order, newer than every pod here): the next cycle tries them."""
        self._fresh.extend(pods)

    def forget(self, pod: PodRecord) -> None:
        """The pod is bound or deleted: it leaves whatever queue holds it."""
        name = pod.name  # the emptiness tests spare a bind of a pod the cycle handed out
        if self.active and self.active.pop(name, None) is not None:
            return
        key = self._group_of.pop(name, None) if self._group_of else None
        if key is not None:
            del self._groups[key].members[pod.seq]
        elif (self._aware.members or self._local) and self._pop_aware(name):
            return
        elif self._fresh:  # held nowhere else, so it is one of them (a cycle empties it)
            self._fresh_gone.add(pod.seq)

    def _pop_aware(self, name: str) -> bool:
        """Whether the pod was a parked aware pod (it leaves)."""
        if self._aware.members and self._aware.pop(name) is not None:
            return True
        return bool(self._local) and self._local.pop(name) is not None

    def forget_all(self, pods: list[PodRecord]) -> None:
        """``forget`` each (bound in one go); nothing to do while every queue is empty."""
        if self.active or self._group_of or self._aware.members or self._local or self._fresh:
            for pod in pods:
                self.forget(pod)

    def activate(self, pod: PodRecord) -> None:
        """Try this Pending pod at the next cycle whatever the hints say (e.g. a preemptor)."""
        self.forget(pod)
        self._activate(pod)

    def move_all(self) -> None:
        """A wildcard event: every parked pod is worth trying again."""
        self._everything = True

    # --- one cycle -------------------------------------------------------------------------

    def cycle(
        self,
        now: int,
        fits: Callable[[PodRecord, str], bool],
        *,
        hints: bool = True,
        order: Callable[[PodRecord], Any] | None = None,
        fits_all: Fits | None = None,
    ) -> Iterator[PodRecord]:
        """The pods this cycle tries, in creation order; ``fits`` (node-local filters) and
        ``fits_all`` (every filter, for ``parked_local.py``'s pods) answer the hints.

        ``hints=False`` is the reference: any event moves every parked pod, and every pod
        of a moved group is tried. ``order`` (pods of several priorities exist): the key to
        hand them out by instead (PrioritySort's).
        """
        touched, deleted, node_event = _events(self._feed.read(self._read))
        self.events = CycleEvents(deleted if hints else [], node_event and hints)
        everything, self._everything = self._everything, False
        moved_any = everything or bool(touched)
        if self._aware.members and (moved_any or self._bound):
            self._activate_aware()
        elif self._aware.members:
            for pod in self._aware.take_due(now, FLUSH_AFTER):
                self._activate(pod)
        if self._local:
            for pod in self._take_local(now, touched, everything, hints, fits_all):
                self._activate(pod)
        drains: list[Iterator[PodRecord]] = []
        for key, group in list(self._groups.items()):
            self._flush(group, now)
            if not group.members:
                del self._groups[key]
                continue
            group.compact()
            if everything or (not hints and touched):
                drains.append(self._drain(key, group, lazy=hints))
            elif touched and any(fits(group.sample, node) for node in touched):
                drains.append(self._drain(key, group, lazy=True))
            elif self.events.deleted:
                self.events.unmoved.append(group)
        active = list(self.active.values())
        self.active = {}
        fresh, self._fresh = self._fresh, []
        if self._fresh_gone:
            gone, self._fresh_gone = self._fresh_gone, set()
            fresh = [pod for pod in fresh if pod.seq not in gone]
        key = _seq if order is None else order
        if order is None and not self._in_order:
            active.sort(key=key)
        active.extend(fresh)
        if order is not None:
            active.sort(key=key)
        self._in_order = True
        if not drains:
            return iter(active)
        return heapq.merge(active, *drains, key=key)

    def failed(self, pods: list[PodRecord], key: Asks | None) -> None:
        """Pods the cycle could not place; ``key`` is their group's, None for aware pods.

        A group whose pod failed is not drained further this cycle.
        """
        self._failed.append((pods, key))
        if key is not None:
            self._exhausted.add(key)

    def end_cycle(self, now: int, bound: bool, by_host: bool = False) -> None:
        """Park the pods that failed, as of ``now``; ``by_host``: every required
        anti-affinity term of the cluster's pods is hostname-keyed."""
        self._by_host = by_host
        for pods, key in self._failed:
            if key is None:
                if by_host and reads_one_node(pods[0].template):
                    self._local.park(pods, now)
                else:
                    self._aware.park(pods, now)
                continue
            group = self._groups.get(key)
            if group is None:
                group = self._groups[key] = ParkedGroup(key, pods[0])
            group.park(pods, now)
            self._group_of.update((pod.name, group.key) for pod in pods)
        self._failed, self._exhausted, self._bound = [], set(), bound
        self.events = CycleEvents()  # read during the cycle only

    def _take_local(
        self, now: int, touched: set[str], everything: bool, hints: bool, fits: Fits | None
    ) -> list[PodRecord]:
        """The hinted aware pods to move; as every aware pod while the hint cannot answer."""
        if everything:
            return self._local.take_all()
        if not (hints and self._by_host and fits is not None):
            if touched or self._bound:
                return self._local.take_all()
            return self._local.take_moved(now, FLUSH_AFTER, set(), lambda pod, name: False)
        taken = self._local.take_moved(now, FLUSH_AFTER, touched, fits)
        self.events.unmoved_local = self._local.sets() if touched else []
        return taken

    def _activate_aware(self) -> None:
        """Activate every parked aware pod, in one step while none is active (every Pending
        pod with anti-affinity moves at every event)."""
        parked = self._aware.take_all()
        if not self.active:
            self.active = parked
            seqs = list(map(_seq, parked.values()))
            self._in_order = self._in_order and seqs == sorted(seqs)
            return
        for pod in parked.values():
            self._activate(pod)

    def _activate(self, pod: PodRecord) -> None:
        if self.active and pod.seq < next(reversed(self.active.values())).seq:
            self._in_order = False
        self.active[pod.name] = pod

    def _flush(self, group: ParkedGroup, now: int) -> None:
        """Pods parked for FLUSH_AFTER seconds become active."""
        queue, members = group.by_time, group.members
        while queue and now - queue[0][0] >= FLUSH_AFTER:
            parked, seqs = queue.popleft()
            group.timed -= len(seqs)
            for seq in seqs:
                pod = members.get(seq)
                if pod is not None and pod.parked_at == parked:
                    del members[seq]
                    del self._group_of[pod.name]
                    self._activate(pod)

    def _drain(self, key: Asks, group: ParkedGroup, *, lazy: bool) -> Iterator[PodRecord]:
        heap, members = group.by_seq, group.members
        while heap and not (lazy and key in self._exhausted):
            pod = members.pop(heapq.heappop(heap), None)
            if pod is not None:
                del self._group_of[pod.name]
                yield pod


def _events(changes: list[Change]) -> tuple[set[str], list[PodRecord], bool]:
    """What a cycle's hints read of the changes since the last cycle: the nodes an event
    touched, the bound pods deleted, and whether a node itself was added, changed or
    removed. A bind is no event here (a cycle that bound is ``end_cycle``'s ``bound``)."""
    touched: set[str] = set()
    deleted: list[PodRecord] = []
    node_event = False
    for change in changes:
        if type(change) is PodDeleted:
            touched.add(change.node)
            deleted.append(change.pod)
        elif isinstance(change, NODE_EVENTS):
            touched.add(change.node)
            node_event = True
    return touched, deleted, node_event
