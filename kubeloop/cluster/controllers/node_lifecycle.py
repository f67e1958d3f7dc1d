"""Node lifecycle and taint eviction: pods on a node with a NoExecute taint they do not
tolerate are deleted now; tolerated with ``tolerationSeconds`` they are deleted once that
much logical time has passed since the taint was seen; tolerated forever they stay.

kubeloop's pods carry no default 300 s tolerations, so a failed node's pods are
evicted at once (the lab's rule); give a pod an explicit toleration to wait.
"""

from __future__ import annotations

from kubeloop.cluster.controllers.actions import Action, CancelEviction, EvictPod, MarkForEviction
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.scheduler.taint_toleration import tolerated
from kubeloop.cluster.state import ClusterState


def reconcile(state: ClusterState) -> list[Action]:
    """Look at the nodes whose taints or pods changed, and at pods waiting out a toleration."""
    watched = state.dirty_nodes
    state.dirty_nodes = set()
    watched.update(p.node for p in state.marked_for_eviction.values() if p.node is not None)
    actions: list[Action] = []
    for name in sorted(watched):
        actions.extend(evictions_for(state.nodes[name], state.clock.now))
    return actions


def evictions_for(node: NodeRecord, now: int) -> list[Action]:
    no_execute = [t for t in node.taints if t.effect == "NoExecute"]
    actions: list[Action] = []
    for pod in sorted(node.pods.values(), key=lambda p: p.seq):
        tolerations = pod.template.tolerations
        if not no_execute:
            if pod.evict_at is not None:
                actions.append(CancelEviction(pod.name))
            continue
        if any(not tolerated(taint, tolerations) for taint in no_execute):
            actions.append(EvictPod(pod.name, node.name))
            continue
        seconds = [
            t.toleration_seconds
            for taint in no_execute
            for t in tolerations
            if t.tolerates(taint) and t.toleration_seconds is not None
        ]
        if not seconds:
            if pod.evict_at is not None:
                actions.append(CancelEviction(pod.name))
            continue
        due = now + max(0, min(seconds))
        if pod.evict_at is not None:
            due = min(due, pod.evict_at)
        if due <= now:
            actions.append(EvictPod(pod.name, node.name))
        elif due != pod.evict_at:
            actions.append(MarkForEviction(pod.name, due))
    return actions
