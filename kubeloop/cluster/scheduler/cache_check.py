"""A debug mode: after every scheduling cycle, build each cache afresh and compare.

The scheduler's caches follow the cluster's changes instead of reading the cluster again:
the capacity index (its trees refreshed from the nodes it was told changed), the node
classes (following the state's change feed from their own read position) and the pod counts
of the topology plugins (following the binds and deletions). A change that reaches the
state without reaching a cache would make the fast paths quietly disagree with the
reference. With ``KUBELOOP_CHECK_CACHES=1`` in the environment, every cycle ends by
building each cache from the cluster alone and comparing it with the one kept;
``CacheDriftError`` names the first that differs. It is slow on purpose (every cache is
rebuilt every cycle) and off by default.
"""

from __future__ import annotations

import os
from collections import Counter

from kubeloop.cluster.capacity_index import CapacityIndex
from kubeloop.cluster.scheduler.node_classes import NodeClasses
from kubeloop.cluster.scheduler.pod_counts import PodCounts
from kubeloop.cluster.state import ClusterState

ENV = "KUBELOOP_CHECK_CACHES"


class CacheDriftError(AssertionError):
    """A cache kept from cycle to cycle differs from the same cache built afresh: a bug in
    kubeloop, not in the user's input, so not a ``KubeloopError``."""


def enabled() -> bool:
    """Whether the environment asks for the check (any value but empty or ``0``)."""
    return os.environ.get(ENV, "") not in ("", "0")


def check(state: ClusterState, classes: NodeClasses | None, counts: PodCounts) -> None:
    """Compare each kept cache with one built from ``state`` alone; ``classes`` and
    ``counts`` are the scheduler's, already caught up with the state."""
    index = state.index
    if index.trees() != CapacityIndex(index.nodes).trees():
        raise CacheDriftError("the capacity index differs from one built from the nodes")
    if classes is not None:
        kept = _partition(classes)
        fresh = _partition(NodeClasses(index.nodes))
        if kept != fresh:
            wrong = sorted(kept ^ fresh)[0]
            raise CacheDriftError(f"the node classes differ from the nodes' own: {wrong}")
    if counts.state is state:
        state = counts.sync()
        rebuilt = PodCounts()
        rebuilt.reset(state)
        rebuilt.sync()
        kept_counts, fresh_counts = _per_node(counts), _per_node(rebuilt)
        if kept_counts != fresh_counts:
            names = sorted(kept_counts.keys() | fresh_counts.keys())
            node = next(n for n in names if kept_counts.get(n) != fresh_counts.get(n))
            raise CacheDriftError(f"the pod counts differ from a recount (first node: {node})")


def _partition(classes: NodeClasses) -> set[tuple[str, ...]]:
    """The classes as sets of node names (their numbers depend on the order they were met)."""
    members: dict[int, list[str]] = {}
    for name in sorted(classes.class_of):
        members.setdefault(classes.class_of[name], []).append(name)
    return {tuple(names) for names in members.values()}


def _per_node(counts: PodCounts) -> dict[str, Counter[int]]:
    """Each node's bound pods per template, nodes with none left out."""
    kept = {name: +counter for name, counter in counts.on_node.items()}
    return {name: counter for name, counter in kept.items() if counter}
