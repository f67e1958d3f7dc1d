"""What happens to a node from outside the control loop: failure, recovery, cordon, taints,
labels.

Each records the event ``kubectl get events`` would show; evictions that follow a
failure go through the node lifecycle controller's actions, as on every pass.
"""

from __future__ import annotations

from collections.abc import Mapping

from kubeloop.cluster import actuator, arguments
from kubeloop.cluster.controllers import node_lifecycle
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.state import ClusterState
from kubeloop.cluster.taints import UNREACHABLE_TAINT, Taint
from kubeloop.cluster.validation import check_labels
from kubeloop.errors import AlreadyExistsError, InvalidSpecError, NotFoundError


def fail(state: ClusterState, node: NodeRecord) -> None:
    """The node's kubelet stops reporting: NotReady at once, or after the grace period."""
    if not node.ready or node.name in state.silent_nodes:
        return
    if state.node_grace_seconds is not None:
        state.silent_nodes[node.name] = state.clock.now
        return
    mark_not_ready(state, node)


def mark_not_ready(state: ClusterState, node: NodeRecord) -> None:
    """The node lifecycle controller's verdict: NotReady, tainted unreachable, pods judged."""
    state.silent_nodes.pop(node.name, None)
    node.taints = (
        *node.taints,
        Taint(UNREACHABLE_TAINT, "", "NoSchedule"),
        Taint(UNREACHABLE_TAINT, "", "NoExecute"),
    )
    state.set_node_ready(node, False)
    state.events.normal(
        "NodeNotReady", f"node/{node.name}", f"Node {node.name} status is now: NodeNotReady"
    )
    actions = node_lifecycle.evictions_for(node, state.clock.now, state.default_tolerations)
    actuator.apply(state, actions, actuator.Changes())


def recover(state: ClusterState, node: NodeRecord) -> None:
    if state.silent_nodes.pop(node.name, None) is not None or node.ready:
        return
    node.taints = tuple(t for t in node.taints if t.key != UNREACHABLE_TAINT)
    state.set_node_ready(node, True)
    state.events.normal(
        "NodeReady", f"node/{node.name}", f"Node {node.name} status is now: NodeReady"
    )
    actions = node_lifecycle.evictions_for(node, state.clock.now, state.default_tolerations)
    actuator.apply(state, actions, actuator.Changes())


def set_unschedulable(state: ClusterState, node: NodeRecord, unschedulable: bool) -> None:
    if node.unschedulable == unschedulable:
        return
    node.unschedulable = unschedulable
    state.node_changed(node)
    status = "NodeNotSchedulable" if unschedulable else "NodeSchedulable"
    state.events.normal(status, f"node/{node.name}", f"Node {node.name} status is now: {status}")


def add_taint(state: ClusterState, node: NodeRecord, taint: Taint) -> None:
    if any((t.key, t.effect) == (taint.key, taint.effect) for t in node.taints):
        raise AlreadyExistsError(
            f'node "{node.name}" already has a {taint.key}:{taint.effect} taint'
        )
    node.taints = (*node.taints, taint)
    state.node_changed(node)


def remove_taint(state: ClusterState, node: NodeRecord, key: str, effect: str | None) -> None:
    kept = tuple(t for t in node.taints if not (t.key == key and effect in (None, t.effect)))
    if len(kept) == len(node.taints):
        raise NotFoundError("taint", f"{key}:{effect or '*'} on node {node.name}")
    node.taints = kept
    state.node_changed(node)


def label(state: ClusterState, node: NodeRecord, changes: Mapping[str, str | None]) -> None:
    """``kubectl label node``: each key set to its value, or removed where the value is None.

    Pods already bound stay where they are, as upstream's node affinity and topology spread
    are IgnoredDuringExecution; the next scheduling cycle reads the new labels. A change
    that is not valid changes nothing; one that changes no label is no change at all.
    """
    if not isinstance(changes, Mapping):
        raise InvalidSpecError(f'labels of node "{node.name}": must be a mapping of key to value')
    where = f'labels of node "{node.name}"'
    removed = [key for key, value in changes.items() if value is None]
    kept = check_labels({k: v for k, v in changes.items() if v is not None}, where)
    labels = {**node.labels, **kept}
    for key in removed:
        arguments.text(key, f"{where}: a key to remove")
        labels.pop(key, None)
    if labels != dict(node.labels):
        state.relabel_node(node, labels)
