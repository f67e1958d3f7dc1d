"""Scale-down actuation (``core/scaledown/actuation``): taint, drain through the eviction API,
delete the node — with the events CA writes.

A node chosen for deletion is tainted ``ToBeDeletedByClusterAutoscaler=<now>:NoSchedule``
(``node/<n>``: ``ScaleDown "marked the node as toBeDeleted/unschedulable"``), so nothing new
lands on it. An empty node is deleted at once. A node with pods is drained: each pod is
evicted through the cluster's eviction API (``eviction.py``), so a disruption budget with
nothing left to give refuses it (429) — ``pod/<p>``: ``ScaleDown "deleting pod for node scale
down"`` on the first try; refused evictions are retried every loop until
``max-pod-eviction-time`` (2 min) has passed. When the node is empty it is removed
(``ScaleDown "nodes removed by cluster autoscaler"``); when time runs out, each pod still
there gets ``ScaleDownFailed "failed to delete pod for ScaleDown"``, the node
``ScaleDownFailed "failed to drain and delete node: …"``, and the taint is taken off.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from kubeloop.cluster import eviction, node_events
from kubeloop.cluster.autoscaler.groups import NodeGroupRecord
from kubeloop.cluster.autoscaler.scale_down import Removable
from kubeloop.cluster.autoscaler.scale_up import STATUS
from kubeloop.cluster.disruption_budget import PodDisruptionBudget
from kubeloop.cluster.names import NAMESPACE
from kubeloop.cluster.state import ClusterState
from kubeloop.cluster.taints import Taint
from kubeloop.errors import EvictionRefusedError

TO_BE_DELETED = "ToBeDeletedByClusterAutoscaler"


@dataclass
class Deletion:
    node: str
    group: str
    drain: bool
    started: int
    refused: dict[str, str] = field(default_factory=dict)
    """Pods whose last eviction was refused → the eviction API's message."""


@dataclass
class Actuator:
    deletions: dict[str, Deletion] = field(default_factory=dict)
    removed: list[str] = field(default_factory=list)
    """Every node deleted so far, in order."""
    changed: bool = False
    """Something was evicted, deleted or untainted since the loop last looked."""

    @property
    def drains(self) -> int:
        return sum(1 for d in self.deletions.values() if d.drain)

    def start(
        self,
        state: ClusterState,
        groups: Mapping[str, NodeGroupRecord],
        budgets: Mapping[str, PodDisruptionBudget],
        nodes: list[Removable],
        timeout: int,
    ) -> None:
        now = state.clock.now
        for chosen in nodes:
            node = state.nodes[chosen.node]
            if chosen.pods:
                pods = ",".join(chosen.pods)
                state.events.normal(
                    "ScaleDown",
                    STATUS,
                    f"Scale-down: removing node {node.name}, utilization: "
                    f"{chosen.utilization.describe()}, pods to reschedule: {pods}",
                )
            else:
                state.events.normal(
                    "ScaleDownEmpty", STATUS, f'Scale-down: removing empty node "{node.name}"'
                )
            node_events.add_taint(state, node, Taint(TO_BE_DELETED, str(now), "NoSchedule"))
            state.events.normal(
                "ScaleDown", f"node/{node.name}", "marked the node as toBeDeleted/unschedulable"
            )
            deletion = Deletion(node.name, chosen.group, bool(chosen.pods), now)
            self.deletions[node.name] = deletion
            for pod in sorted(node.pods.values(), key=lambda p: p.seq):
                state.events.normal(
                    "ScaleDown", f"pod/{pod.name}", "deleting pod for node scale down"
                )
        self.progress(state, groups, budgets, timeout)

    def progress(
        self,
        state: ClusterState,
        groups: Mapping[str, NodeGroupRecord],
        budgets: Mapping[str, PodDisruptionBudget],
        timeout: int,
    ) -> int:
        """Retry refused evictions; delete nodes that are empty; give up on timed-out drains.

        Returns how many drains were given up."""
        now = state.clock.now
        failed = 0
        for name in sorted(self.deletions):
            deletion = self.deletions[name]
            node = state.nodes.get(name)
            if node is None:
                del self.deletions[name]
                continue
            deletion.refused = {}
            for pod in sorted(node.pods.values(), key=lambda p: p.seq):
                try:
                    eviction.evict(state, budgets, pod.name)
                    self.changed = True
                except EvictionRefusedError as error:
                    deletion.refused[pod.name] = error.message
            if not node.pods:
                self._delete(state, groups, deletion)
            elif now - deletion.started >= timeout:
                self._fail(state, deletion)
                failed += 1
        return failed

    def _delete(
        self, state: ClusterState, groups: Mapping[str, NodeGroupRecord], deletion: Deletion
    ) -> None:
        del self.deletions[deletion.node]
        self.changed = True
        groups[deletion.group].nodes.discard(deletion.node)
        state.remove_node(deletion.node)
        self.removed.append(deletion.node)
        state.events.normal(
            "ScaleDown", f"node/{deletion.node}", "nodes removed by cluster autoscaler"
        )
        if deletion.drain:
            state.events.normal(
                "ScaleDown", STATUS, f"Scale-down: node {deletion.node} removed with drain"
            )
        else:
            state.events.normal(
                "ScaleDownEmpty", STATUS, f"Scale-down: empty node {deletion.node} removed"
            )

    def _fail(self, state: ClusterState, deletion: Deletion) -> None:
        del self.deletions[deletion.node]
        self.changed = True
        errors = []
        for pod, message in sorted(deletion.refused.items()):
            state.events.warning(
                "ScaleDownFailed", f"pod/{pod}", "failed to delete pod for ScaleDown"
            )
            errors.append(
                f"failed to evict pod {NAMESPACE}/{pod} within allowed timeout "
                f"(last error: {message})"
            )
        state.events.warning(
            "ScaleDownFailed",
            f"node/{deletion.node}",
            f"failed to drain and delete node: Failed to drain node /{deletion.node}, due to "
            f"following errors: [{' '.join(errors)}]",
        )
        node = state.nodes[deletion.node]
        node.taints = tuple(t for t in node.taints if t.key != TO_BE_DELETED)
        state.node_changed(node)
