"""The cluster's state and the indexes kept in step with it.

Every mutation goes through a method here so that per-node totals, per-owner pod
sets, ready counts and the capacity index never drift apart.
"""

from __future__ import annotations

from collections.abc import Iterator

from kubeloop.cluster.capacity_index import CapacityIndex
from kubeloop.cluster.deployments import DeploymentRecord, ReplicaSetRecord
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.taints import Toleration
from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog


class ClusterState:
    def __init__(self, clock: Clock, events: EventLog) -> None:
        self.clock = clock
        self.events = events
        self.nodes: dict[str, NodeRecord] = {}
        self.pods: dict[str, PodRecord] = {}
        self.pending: dict[str, PodRecord] = {}
        self.replicasets: dict[str, ReplicaSetRecord] = {}
        self.replicasets_by_deployment: dict[str, dict[str, ReplicaSetRecord]] = {}
        self.deployments: dict[str, DeploymentRecord] = {}
        self.index = CapacityIndex([])
        self.prefer_no_schedule_nodes = 0
        self.tainted_nodes: set[str] = set()
        self.marked_for_eviction: dict[str, PodRecord] = {}
        self.starting: dict[str, PodRecord] = {}
        self.silent_nodes: dict[str, int] = {}
        """Failed nodes not yet marked NotReady (realistic timing): when they went quiet."""
        self.node_grace_seconds: int | None = None
        """node-monitor-grace-period when failures are timed realistically; None: at once."""
        self.default_tolerations: tuple[Toleration, ...] = ()
        """DefaultTolerationSeconds: added to pods that tolerate neither taint themselves."""
        """Bound pods waiting out their startup delay (see ``kubelet.py``)."""
        self.generation = 0
        """Bumped whenever room may have appeared, so Pending pods are retried."""
        self.pod_seq = 0
        self.rs_seq = 0

    # --- nodes -----------------------------------------------------------------

    def add_node(self, node: NodeRecord) -> None:
        self.nodes[node.name] = node
        self.rebuild_index()
        self.generation += 1

    def rebuild_index(self) -> None:
        self.index = CapacityIndex([self.nodes[name] for name in sorted(self.nodes)])
        self._recount_taints()

    def _recount_taints(self) -> None:
        nodes = self.nodes.values()
        self.tainted_nodes = {n.name for n in nodes if n.taints}
        self.prefer_no_schedule_nodes = sum(
            1 for n in nodes if any(t.effect == "PreferNoSchedule" for t in n.taints)
        )

    def node_changed(self, node: NodeRecord) -> None:
        """A node's taints, readiness or cordon changed."""
        self.index.update(node)
        self._recount_taints()
        self.generation += 1

    def set_node_ready(self, node: NodeRecord, ready: bool) -> None:
        node.ready = ready
        node.not_ready_since = None if ready else self.clock.now
        for pod in node.pods.values():
            if not ready or (
                pod.name not in self.starting and pod.template.startup_seconds is not None
            ):
                self._set_pod_ready(pod, ready)
        self.node_changed(node)

    def nodes_in_order(self) -> Iterator[NodeRecord]:
        return iter(self.index.nodes)

    # --- pods ------------------------------------------------------------------

    def create_pod(self, rs: ReplicaSetRecord, deployment: DeploymentRecord) -> PodRecord:
        deployment.pod_counter += 1
        self.pod_seq += 1
        pod = PodRecord(
            name=f"{deployment.name}-{deployment.pod_counter}",
            deployment=deployment.name,
            replicaset=rs.name,
            template=rs.template,
            seq=self.pod_seq,
            created_at=self.clock.now,
        )
        self.pods[pod.name] = pod
        self.pending[pod.name] = pod
        rs.pods[pod.name] = pod
        return pod

    def bind(self, pods: list[PodRecord], node: NodeRecord) -> None:
        """Bind pods to one node, refreshing the capacity index once."""
        for pod in pods:
            pod.node = node.name
            pod.message = None
            del self.pending[pod.name]
            node.pods[pod.name] = pod
            template = pod.template
            node.allocated_cpu += template.cpu
            node.allocated_memory += template.memory
            node.scoring_cpu += template.scoring_cpu
            node.scoring_memory += template.scoring_memory
            self._start(pod, node)
        self.index.update(node)

    def _start(self, pod: PodRecord, node: NodeRecord) -> None:
        delay = pod.template.startup_seconds
        if delay == 0 or not node.ready:
            self._set_pod_ready(pod, node.ready)
        elif delay is not None:
            pod.ready_at = self.clock.now + delay
            self.starting[pod.name] = pod

    def mark_started(self, pod: PodRecord) -> None:
        """The pod's startup delay is over: it turns Ready (on a Ready node)."""
        del self.starting[pod.name]
        pod.ready_at = None
        node = self.nodes[pod.node] if pod.node is not None else None
        self._set_pod_ready(pod, node is not None and node.ready)

    def mark_for_eviction(self, pod: PodRecord, at: int | None) -> None:
        pod.evict_at = at
        if at is None:
            self.marked_for_eviction.pop(pod.name, None)
        else:
            self.marked_for_eviction[pod.name] = pod

    def delete_pod(self, pod: PodRecord) -> None:
        del self.pods[pod.name]
        self.marked_for_eviction.pop(pod.name, None)
        self.starting.pop(pod.name, None)
        rs = self.replicasets[pod.replicaset]
        del rs.pods[pod.name]
        if pod.ready:
            rs.ready_count -= 1
        if pod.node is None:
            del self.pending[pod.name]
            return
        node = self.nodes[pod.node]
        del node.pods[pod.name]
        node.allocated_cpu -= pod.template.cpu
        node.allocated_memory -= pod.template.memory
        node.scoring_cpu -= pod.template.scoring_cpu
        node.scoring_memory -= pod.template.scoring_memory
        self.index.update(node)
        self.generation += 1

    def _set_pod_ready(self, pod: PodRecord, ready: bool) -> None:
        if pod.ready == ready:
            return
        pod.ready = ready
        pod.ready_since = self.clock.now if ready else None
        rs = self.replicasets[pod.replicaset]
        rs.ready_count += 1 if ready else -1

    # --- replica sets ------------------------------------------------------------

    def add_replicaset(self, rs: ReplicaSetRecord) -> None:
        self.replicasets[rs.name] = rs
        self.replicasets_by_deployment.setdefault(rs.deployment, {})[rs.name] = rs

    def remove_replicaset(self, rs: ReplicaSetRecord) -> None:
        del self.replicasets[rs.name]
        del self.replicasets_by_deployment[rs.deployment][rs.name]

    def replicasets_of(self, deployment: str) -> list[ReplicaSetRecord]:
        """The deployment's ReplicaSets, oldest first."""
        owned = self.replicasets_by_deployment.get(deployment, {})
        return sorted(owned.values(), key=lambda rs: rs.seq)

    def pods_of(self, deployment: str) -> Iterator[PodRecord]:
        for rs in self.replicasets_of(deployment):
            yield from rs.pods.values()
