"""Realistic node-failure timing (opt-in): the node-monitor grace period and the default
300 s not-ready/unreachable tolerations.

With it, a node that fails keeps its Ready status until the node lifecycle controller
has heard nothing for longer than ``--node-monitor-grace-period`` (50 s from 1.32);
then it turns NotReady, is tainted unreachable, and its pods — which carry the
DefaultTolerationSeconds tolerations, ``tolerationSeconds: 300`` — are evicted 300 s
later unless they tolerate the taint themselves. Both happen at the first pass after
the time is up. Without it (the default) a failure is the lab's instant eviction.
"""

from __future__ import annotations

from kubeloop.cluster import node_events
from kubeloop.cluster.state import ClusterState
from kubeloop.cluster.taints import NOT_READY_TAINT, UNREACHABLE_TAINT, Toleration
from kubeloop.errors import InvalidSpecError

NODE_MONITOR_GRACE_SECONDS = 50
DEFAULT_TOLERATION_SECONDS = 300
MAX_SECONDS = 10**7


def check(state: ClusterState) -> None:
    """Mark NotReady every silent node whose grace period is over (strictly after)."""
    grace = state.node_grace_seconds
    if grace is None or not state.silent_nodes:
        return
    now = state.clock.now
    for name in sorted(state.silent_nodes):
        if now > state.silent_nodes[name] + grace:
            node_events.mark_not_ready(state, state.nodes[name])


class NodeTimingOperations:
    """Switching the realistic timing on: a part of the ``Cluster`` façade."""

    def __init__(self, state: ClusterState) -> None:
        self._state = state

    def use_realistic_node_failure(
        self,
        grace_seconds: int = NODE_MONITOR_GRACE_SECONDS,
        toleration_seconds: int = DEFAULT_TOLERATION_SECONDS,
    ) -> None:
        for value, name in (
            (grace_seconds, "grace_seconds"),
            (toleration_seconds, "toleration_seconds"),
        ):
            if (
                not isinstance(value, int)
                or isinstance(value, bool)
                or not 0 <= value <= MAX_SECONDS
            ):
                raise InvalidSpecError(f"{name} must be a whole number of seconds 0..{MAX_SECONDS}")
        self._state.node_grace_seconds = grace_seconds
        self._state.default_tolerations = tuple(
            Toleration(key, "Exists", effect="NoExecute", toleration_seconds=toleration_seconds)
            for key in (NOT_READY_TAINT, UNREACHABLE_TAINT)
        )
