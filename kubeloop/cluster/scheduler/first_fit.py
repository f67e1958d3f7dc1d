"""The lab's first-fit strategy for a run of one template's pods, placed as a batch.

The capacity index finds the first node by name with room in O(log n); the pod-specific
filters (taints, affinity) are asked of each node found, and as many of the batch bind
there as it has room for, which gives exactly what placing them one by one would.

Within a cycle room only shrinks (binds take it; nothing frees it unless a bound pod is
deleted, which preemption alone does mid-cycle), so a batch of pods that ask what an
earlier batch asked (requests, tolerations, selectors, affinity) resumes where that batch
stopped: every node before it was passed for want of room or by the filters, and would
be again. The node a batch filled is followed by the next one, asked directly before the
index is searched from there. Many small ReplicaSets then search the index about once a
node instead of about once a batch, and call no filter on a node twice.
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import groupby
from operator import attrgetter

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.framework import FilterPlugin, Status
from kubeloop.cluster.scheduler.taint_toleration import TaintToleration
from kubeloop.cluster.state import ClusterState

_replicaset = attrgetter("replicaset")

LONG_WALK = 32
"""Nodes with room a batch walks past (taints, selectors) before it jumps to accepted ones."""


class SoftTolerated:
    """Passes the nodes whose PreferNoSchedule taints the pod tolerates, all of them: under
    first fit, TaintToleration is the only scorer, and such a node outscores every node the
    pod has a soft taint against (while none has more than 100 of them: 100 × 1 // 101 is 0,
    a tie), so the reference picks the first of them by name with room, as long as any has."""

    name = "SoftTolerated"
    _SOFT = Status.unschedulable("node(s) had a PreferNoSchedule taint")
    _taints = TaintToleration()

    def filter(self, pod: PodRecord, node: NodeRecord) -> Status | None:
        return self._SOFT if node.taints and self._taints.raw(pod, node) else None


SOFT_TOLERATED = SoftTolerated()
MOST_SOFT_TAINTS = 100
"""More untolerated soft taints than this on one node can tie a tolerated node's score."""


class Verdicts:
    """What one cycle learns for first fit (made afresh each cycle)."""

    __slots__ = ("_deletions", "accepted", "resume")

    def __init__(self) -> None:
        self.accepted: dict[Hashable, dict[int, bool]] = {}
        """Per template's tolerations and selectors: each node position's verdict."""
        self.resume: dict[Hashable, int | None] = {}
        """Per asks: the position of the node the last such batch bound on, which the
        filters accept; None when no node from there on took its last pod."""
        self._deletions = -1

    def resumable(self, state: ClusterState) -> dict[Hashable, int | None]:
        """``resume``, emptied first if a bound pod was deleted (room freed) since."""
        if state.pod_deletions != self._deletions:
            self.resume.clear()
            self._deletions = state.pod_deletions
        return self.resume


def _has_room(node: NodeRecord, cpu: int, memory: int) -> bool:
    """What the capacity index asks of a node: schedulable, a pod slot, the requests."""
    return (
        node.schedulable
        and node.free_pods >= 1
        and node.free_cpu >= cpu
        and node.free_memory >= memory
    )


def place(
    state: ClusterState, batch: list[PodRecord], filters: list[FilterPlugin], verdicts: Verdicts
) -> int:
    """Bind the batch's pods in order, first fit by node name; how many were bound."""
    template = batch[0].template
    cpu, memory = template.cpu, template.memory
    index = state.index
    nodes = index.nodes
    asks = (cpu, memory, template.tolerations, template.node_selector, template.affinity)
    resume = verdicts.resumable(state)
    accepted = resume.get(asks, -1)  # a node the filters accept for these asks (-1: none)
    if accepted is None:
        return 0  # an earlier batch of the same asks found no node left
    placed = rejected = 0
    position: int | None = max(accepted, 0)  # each node before it is passed over this cycle
    while placed < len(batch):
        assert position is not None
        if position == accepted and _has_room(nodes[position], cpu, memory):
            node = nodes[position]  # accepted already: no filter to ask
        else:
            if position == accepted:
                position += 1  # accepted, but full
            if position < len(nodes) and _has_room(nodes[position], cpu, memory):
                pass  # what the index would find first
            else:
                position = index.first_fit(cpu, memory, position)
                if position is None:
                    break
            node = nodes[position]
            if any(f.filter(batch[placed], node) is not None for f in filters):
                rejected += 1
                if rejected < LONG_WALK:
                    position += 1
                else:
                    position = _next_accepted(state, batch[placed], position + 1, filters, verdicts)
                    if position is None:
                        break
                continue
        accepted = position
        room = node.free_pods
        if cpu:
            room = min(room, node.free_cpu // cpu)
        if memory:
            room = min(room, node.free_memory // memory)
        for _, run in groupby(batch[placed : placed + room], key=_replicaset):
            state.bind(list(run), node)  # a joined batch (``batch_runs.py``) binds by owner
        placed += min(room, len(batch) - placed)
    resume[asks] = accepted if placed == len(batch) else None
    if accepted >= 0:  # a search from the last node bound brings the index up to date, so
        index.first_fit(cpu, memory, accepted)  # the next operation does not pay for it
    return placed


def _next_accepted(
    state: ClusterState,
    pod: PodRecord,
    start: int,
    filters: list[FilterPlugin],
    verdicts: Verdicts,
) -> int | None:
    """The first position from ``start`` whose node the taint and affinity filters accept.

    Nodes' taints and labels do not change within a cycle, so each node's verdict for
    a template's tolerations and selectors is found once per cycle: pods selecting the
    last tenth of the nodes skip ahead without a capacity search per node passed.
    """
    template = pod.template
    key = (template.tolerations, template.node_selector, template.affinity)
    known = verdicts.accepted.setdefault(key, {})
    nodes = state.index.nodes
    for position in range(start, len(nodes)):
        accepted = known.get(position)
        if accepted is None:
            node = nodes[position]
            accepted = all(f.filter(pod, node) is None for f in filters)
            known[position] = accepted
        if accepted:
            return position
    return None
