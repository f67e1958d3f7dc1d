"""FailedScheduling histograms shared by pods that differ only in what they request.

For a pod that fits nowhere, each node's first failing filter is either one of the filters
before NodeResourcesFit — which read the pod's tolerations, node selector and node affinity,
never its requests — or NodeResourcesFit itself, whose reasons are three comparisons: no pod
slot left, less free cpu than requested, less free memory than requested. So pods of one
*profile* (the same tolerations, selector and affinity) share the first part of the
histogram, and the second is three counts over the nodes the first part lets through: the
nodes without a slot, and two ranks in sorted lists of free cpu and free memory.
Deployments that each ask their own size then cost a bisect per message, where a histogram
per asks (``messages.py``) costs a walk over every node per size.

Reasons are counted, not whether a node gives none: the counts are used only when the
capacity index finds no schedulable node with room (so every node rejects the pod), and
only for pods that do not tolerate the cordon (the index leaves cordoned nodes out). Each
profile follows the nodes changed since it was last read (``ChangeFeed``), as the histograms do.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Hashable

from kubeloop.cluster.capacity_index import CapacityIndex
from kubeloop.cluster.change_feed import ChangeFeed
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.framework import Code, FilterPlugin, Status
from kubeloop.cluster.scheduler.resources_fit import (
    INSUFFICIENT_CPU,
    INSUFFICIENT_MEMORY,
    TOO_MANY_PODS,
    NodeResourcesFit,
)

LIMIT = 16
"""How many profiles are kept; the least recently used is dropped past it."""

Histogram = tuple[Counter[str], int, int]
"""Reason counts, nodes rejecting the pod, and of those the Unschedulable ones."""


class _Profile:
    """Every node's answer under the filters before NodeResourcesFit, for one profile."""

    def __init__(self, read_to: int) -> None:
        self.read_to = read_to
        self.early: dict[str, Status | None] = {}
        """Each node's first failure among the earlier filters (None: it reaches the fit)."""
        self.room: dict[str, tuple[int, int, bool]] = {}
        """The nodes let through: free cpu, free memory, and whether no slot is left."""
        self.cpus: list[int] = []
        self.memories: list[int] = []
        """The free cpu and memory of the nodes let through, sorted."""
        self.full = 0
        self.counts: Counter[str] = Counter()
        """Reasons of the nodes the earlier filters reject."""
        self.rejected = 0
        self.resolvable = 0

    def add(self, node: NodeRecord, status: Status | None) -> None:
        name = node.name
        self.early[name] = status
        if status is not None:
            self.counts.update(status.reasons)
            self.rejected += 1
            self.resolvable += status.code is Code.UNSCHEDULABLE
            return
        cpu, memory, full = node.free_cpu, node.free_memory, node.free_pods < 1
        self.room[name] = (cpu, memory, full)
        insort(self.cpus, cpu)
        insort(self.memories, memory)
        self.full += full

    def drop(self, name: str) -> None:
        if name not in self.early:
            return
        status = self.early.pop(name)
        if status is not None:
            self.counts.subtract(status.reasons)
            self.rejected -= 1
            self.resolvable -= status.code is Code.UNSCHEDULABLE
            return
        cpu, memory, full = self.room.pop(name)
        del self.cpus[bisect_left(self.cpus, cpu)]
        del self.memories[bisect_left(self.memories, memory)]
        self.full -= full

    def histogram(self, cpu: int, memory: int) -> Histogram:
        """What a walk over every node gives a pod of this size that fits on none: every
        node let through rejects it, with ``fit_reasons``'s reasons."""
        counts = +self.counts  # a copy, less the reasons counted down to 0
        counts[TOO_MANY_PODS] += self.full
        if cpu > 0:
            counts[INSUFFICIENT_CPU] += bisect_left(self.cpus, cpu)
        if memory > 0:
            counts[INSUFFICIENT_MEMORY] += bisect_left(self.memories, memory)
        through = len(self.room)
        return +counts, self.rejected + through, self.resolvable + through


class RoomCounts:
    """The profiles of the pods that failed lately, each kept in step with the nodes."""

    def __init__(self, filters: list[FilterPlugin]) -> None:
        """``filters``: the scheduler's node-local filters, NodeResourcesFit last."""
        self.applies = bool(filters) and isinstance(filters[-1], NodeResourcesFit)
        self.early = filters[:-1]
        self._profiles: dict[Hashable, _Profile] = {}

    def histogram(
        self, pod: PodRecord, nodes: dict[str, NodeRecord], log: ChangeFeed, index: CapacityIndex
    ) -> Histogram | None:
        """The pod's histogram over every node, or None when the counts cannot say it (the
        pod tolerates the cordon, or some schedulable node has room for it)."""
        template = pod.template
        if not self.applies or template.tolerates_cordon:
            return None
        if index.first_fit(template.cpu, template.memory) is not None:
            return None
        key = (template.tolerations, template.node_selector, template.affinity)
        profile = self._profiles.pop(key, None)
        changed = log.nodes_since(profile.read_to) if profile is not None else None
        if profile is None or changed is None:
            profile = _Profile(log.end)
            for node in nodes.values():
                profile.add(node, self._early(pod, node))
        else:
            for name in changed:
                profile.drop(name)
                record = nodes.get(name)
                if record is not None:
                    profile.add(record, self._early(pod, record))
            profile.read_to = log.end
        self._profiles[key] = profile  # most recently used last
        if len(self._profiles) > LIMIT:
            del self._profiles[next(iter(self._profiles))]
        return profile.histogram(template.cpu, template.memory)

    def _early(self, pod: PodRecord, node: NodeRecord) -> Status | None:
        for plugin in self.early:
            status = plugin.filter(pod, node)
            if status is not None:
                return status
        return None
