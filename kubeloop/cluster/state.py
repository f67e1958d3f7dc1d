"""The cluster's state and the indexes kept in step with it.

Every mutation goes through a method here so that per-node totals, per-owner pod
sets, ready counts and the capacity index never drift apart — and so that every change
puts its owner on a work queue, as upstream's informers enqueue the keys that changed:
``dirty_deployments`` for the deployment, ReplicaSet and status controllers,
``dirty_nodes`` for taint eviction; and every change a node sees goes on the change feed
(``change_feed.py``), which the scheduling queue's hints and the scheduler's caches read.
A pass looks only at what is queued (plus what time alone can change), so a pass over a
settled cluster costs nothing per object.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

from kubeloop.cluster.capacity_index import CapacityIndex
from kubeloop.cluster.change_feed import ChangeFeed, NodeAdded, NodeChanged, NodeRemoved
from kubeloop.cluster.deadlines import Deadlines
from kubeloop.cluster.deployments import DeploymentRecord, ReplicaSetRecord
from kubeloop.cluster.nodes import Node, NodeRecord
from kubeloop.cluster.pod_state import PodState
from kubeloop.cluster.pod_table import PodTable
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.priority import Priorities
from kubeloop.cluster.queue.hinted import SchedulingQueue
from kubeloop.cluster.scheduled_events import ScheduledEvents
from kubeloop.cluster.taints import Toleration
from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog
from kubeloop.core.gc_pause import gc_paused


class ClusterState(PodState):
    def __init__(self, clock: Clock, events: EventLog) -> None:
        self.clock = clock
        self.events = events
        self.nodes: dict[str, NodeRecord] = {}
        self.pods = PodTable()
        self.pending_count = 0
        """How many pods are Pending (the queue holds them between cycles)."""
        self.replicasets: dict[str, ReplicaSetRecord] = {}
        self.replicasets_by_deployment: dict[str, dict[str, ReplicaSetRecord]] = {}
        self.repelling: dict[str, ReplicaSetRecord] = {}
        """ReplicaSets whose pods have required anti-affinity (which may repel any pod)."""
        self.deployments: dict[str, DeploymentRecord] = {}
        self._index = CapacityIndex([])
        self._index_stale = False
        self.tainted_nodes: set[str] = set()
        """Nodes with any taint: the only ones the taint-eviction pass needs to look at."""
        self.soft_tainted_nodes: set[str] = set()
        """Nodes with a PreferNoSchedule taint: while there are any, pods are scored."""
        self.marked_for_eviction: dict[str, PodRecord] = {}
        self.dirty_deployments: set[str] = set()
        """Deployments something happened to since their controllers last looked."""
        self.dirty_nodes: set[str] = set()
        """Nodes whose taints, readiness or NoExecute-tainted pods changed."""
        self.deadlines = Deadlines()
        """When time alone would exceed a stuck rollout's progress deadline, by deployment."""
        self.feed = ChangeFeed()
        """Every change to a node or the pods bound to it, in order."""
        self.queue = SchedulingQueue(self.feed)
        """Which Pending pods the next scheduling cycle tries."""
        self.pending_by_deployment: Counter[str] = Counter()
        self.not_ready_nodes: set[str] = set()
        self.starting: dict[str, PodRecord] = {}
        """Bound pods waiting out their startup delay (see ``kubelet.py``)."""
        self.wakeups: dict[str, int] = {}
        """When time alone makes a deployment's Ready pods available (minReadySeconds)."""
        self.silent_nodes: dict[str, int] = {}
        """Failed nodes not yet marked NotReady (realistic timing): when they went quiet."""
        self.node_grace_seconds: int | None = None
        """node-monitor-grace-period when failures are timed realistically; None: at once."""
        self.default_tolerations: tuple[Toleration, ...] = ()
        """DefaultTolerationSeconds: added to pods that tolerate neither taint themselves."""
        self.pod_seq = 0
        self.scheduled = ScheduledEvents(self.feed, events)
        """Records each bound pod's Scheduled event at the end of a pass."""
        self.rs_seq = 0
        self.priorities = Priorities()
        """PriorityClasses and admission (``priority.py``); preemption reads it."""

    # --- nodes -----------------------------------------------------------------

    def add_nodes(self, specs: Iterable[Node]) -> None:
        """Add nodes built from their specs, in order (``Cluster(nodes=…)``), with the garbage
        collector paused: a large cluster's records live as long as it does, so no collection
        needs to scan them."""
        with gc_paused():
            for record in map(NodeRecord.from_spec, specs):
                self.add_node(record)

    def add_node(self, node: NodeRecord) -> None:
        """Add a node; the capacity index is rebuilt once, when it is next read.

        Adding many nodes one at a time then costs one O(n log n) rebuild, not one each.
        """
        name = node.name
        nodes = self.nodes
        nodes[name] = node
        self._index_stale = True
        if node.taints:  # a new name is in no taint set (``remove_node`` takes it out)
            self._count_taints(node)
        self.feed.append(NodeAdded(name), len(nodes))

    def remove_node(self, name: str) -> None:
        """Remove an empty node (the cluster autoscaler deleting it); the index is rebuilt."""
        node = self.nodes.pop(name)
        assert not node.pods, f"node {name} still has pods"
        self._index_stale = True
        for names in (self.tainted_nodes, self.soft_tainted_nodes, self.not_ready_nodes):
            names.discard(name)
        self.dirty_nodes.discard(name)
        self.silent_nodes.pop(name, None)
        self.feed.append(NodeRemoved(name), len(self.nodes))

    @property
    def index(self) -> CapacityIndex:
        if self._index_stale:
            self._index = CapacityIndex([self.nodes[name] for name in sorted(self.nodes)])
            self._index_stale = False
        return self._index

    @property
    def prefer_no_schedule_nodes(self) -> int:
        return len(self.soft_tainted_nodes)

    def _count_taints(self, node: NodeRecord) -> None:
        """Keep the taint sets in step with one node (O(its taints), never O(nodes))."""
        name = node.name
        if node.taints:
            self.tainted_nodes.add(name)
        else:
            self.tainted_nodes.discard(name)
        if any(t.effect == "PreferNoSchedule" for t in node.taints):
            self.soft_tainted_nodes.add(name)
        else:
            self.soft_tainted_nodes.discard(name)

    def node_changed(self, node: NodeRecord) -> None:
        """A node's taints, readiness or cordon changed."""
        if not self._index_stale:
            self._index.update(node)
        self._count_taints(node)
        self.dirty_nodes.add(node.name)
        self.feed.append(NodeChanged(node.name), len(self.nodes))

    def touch(self, deployment: str) -> None:
        """Queue a deployment whose spec or template the user changed."""
        self.dirty_deployments.add(deployment)

    def set_node_ready(self, node: NodeRecord, ready: bool) -> None:
        node.ready = ready
        node.not_ready_since = None if ready else self.clock.now
        if ready:
            self.not_ready_nodes.discard(node.name)
        else:
            self.not_ready_nodes.add(node.name)
        for pod in node.pods.values():
            if not ready or (
                pod.name not in self.starting and pod.template.startup_seconds is not None
            ):
                self._set_pod_ready(pod, ready)
        self.node_changed(node)

    def nodes_in_order(self) -> Iterator[NodeRecord]:
        return iter(self.index.nodes)

    # --- replica sets ------------------------------------------------------------

    def add_replicaset(self, rs: ReplicaSetRecord) -> None:
        self.dirty_deployments.add(rs.deployment)
        self.replicasets[rs.name] = rs
        self.pods.shelve(rs.deployment, rs.pods)
        affinity = rs.template.affinity
        if affinity is not None and affinity.anti_required:
            self.repelling[rs.name] = rs
        owned = self.replicasets_by_deployment.setdefault(rs.deployment, {})
        newest = next(reversed(owned.values()), None)
        owned[rs.name] = rs
        if newest is not None and newest.seq > rs.seq:  # kept oldest first (see replicasets_of)
            ordered = sorted(owned.values(), key=lambda r: r.seq)
            owned.clear()
            owned.update((r.name, r) for r in ordered)

    def remove_replicaset(self, rs: ReplicaSetRecord) -> None:
        self.dirty_deployments.add(rs.deployment)
        del self.replicasets[rs.name]
        self.pods.unshelve(rs.deployment, rs.pods)
        del self.replicasets_by_deployment[rs.deployment][rs.name]
        self.repelling.pop(rs.name, None)

    def replicasets_of(self, deployment: str) -> list[ReplicaSetRecord]:
        """The deployment's ReplicaSets, oldest first (``add_replicaset`` keeps them so)."""
        owned = self.replicasets_by_deployment.get(deployment)
        return list(owned.values()) if owned else []

    def pods_of(self, deployment: str) -> Iterator[PodRecord]:
        for rs in self.replicasets_of(deployment):
            yield from rs.pods.values()
