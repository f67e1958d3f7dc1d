"""The lab's first-fit strategy for a run of one template's pods, placed as a batch.

The capacity index finds the first node by name with room in O(log n); the pod-specific
filters (taints, affinity) are asked of each node found, and as many of the batch bind
there as it has room for, which gives exactly what placing them one by one would.
"""

from __future__ import annotations

from collections.abc import Hashable

from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.framework import FilterPlugin
from kubeloop.cluster.state import ClusterState

LONG_WALK = 32
"""Nodes with room a batch walks past (taints, selectors) before it jumps to accepted ones."""

Verdicts = dict[Hashable, dict[int, bool]]
"""Per template's tolerations and selectors: each node position's verdict, this cycle."""


def place(
    state: ClusterState, batch: list[PodRecord], filters: list[FilterPlugin], verdicts: Verdicts
) -> int:
    """Bind the batch's pods in order, first fit by node name; how many were bound."""
    template = batch[0].template
    cpu, memory = template.cpu, template.memory
    index = state.index
    placed = 0
    position: int | None = 0
    rejected = 0
    while placed < len(batch):
        position = index.first_fit(cpu, memory, position or 0)
        if position is None:
            break
        node = index.nodes[position]
        if any(f.filter(batch[placed], node) is not None for f in filters):
            rejected += 1
            if rejected < LONG_WALK:
                position += 1
            else:
                position = _next_accepted(state, batch[placed], position + 1, filters, verdicts)
                if position is None:
                    break
            continue
        room = node.free_pods
        if cpu:
            room = min(room, node.free_cpu // cpu)
        if memory:
            room = min(room, node.free_memory // memory)
        state.bind(batch[placed : placed + room], node)
        placed += min(room, len(batch) - placed)
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
    known = verdicts.setdefault(key, {})
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
