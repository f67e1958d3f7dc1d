"""The cluster's state and the indexes kept in step with it.

Every mutation goes through a method here so that per-node totals, per-owner pod
sets, ready counts and the capacity index never drift apart — and so that every change
puts its owner on a work queue, as upstream's informers enqueue the keys that changed:
``dirty_deployments`` for the deployment, ReplicaSet and status controllers,
``dirty_nodes`` for taint eviction; and every change a node sees goes on the change feed
(``change_feed.py``), which the scheduling queue's hints and the scheduler's caches read.
A pass looks only at what is queued (plus what time alone can change), so a pass over a
settled cluster costs nothing per object.

Nodes and pods are one class: every pod mutation moves node totals, the capacity index, the
owners' counts and the work queues together, so the pod path (the hot one, run per pod)
shares these indexes rather than holding its own. A pod's name is ``names.py``'s; its
Scheduled event is recorded from the change feed (``scheduled_events.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from itertools import repeat
from types import MappingProxyType

from kubeloop.cluster.capacity_index import CapacityIndex
from kubeloop.cluster.change_feed import (
    ChangeFeed,
    NodeAdded,
    NodeChanged,
    NodeRemoved,
    PairsBound,
    PodDeleted,
    PodsBound,
)
from kubeloop.cluster.deadlines import Deadlines
from kubeloop.cluster.deployments import DeploymentRecord, ReplicaSetRecord
from kubeloop.cluster.names import pod_names
from kubeloop.cluster.nodes import Node, NodeRecord
from kubeloop.cluster.pod_table import PodTable
from kubeloop.cluster.pods import PodRecord, PodTemplate
from kubeloop.cluster.priority import Priorities
from kubeloop.cluster.queue.hinted import SchedulingQueue
from kubeloop.cluster.scheduled_events import ScheduledEvents
from kubeloop.cluster.taints import Toleration
from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog
from kubeloop.core.gc_pause import gc_paused


class ClusterState:
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
        self.relabels = 0
        """How many times a node's labels changed: a node's topology domains may have moved,
        so the topology plugins' per-domain aggregates are built again (``pod_counts.py``)."""
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
        """A node's taints, readiness, cordon or labels changed."""
        if not self._index_stale:
            self._index.update(node)
        self._count_taints(node)
        self.dirty_nodes.add(node.name)
        self.feed.append(NodeChanged(node.name), len(self.nodes))

    def relabel_node(self, node: NodeRecord, labels: Mapping[str, str]) -> None:
        """Give a node new labels (replaced, never changed in place); its pods stay."""
        node.labels = MappingProxyType(dict(labels))
        self.relabels += 1
        self.node_changed(node)

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

    # --- pods ------------------------------------------------------------------

    def create_pods(
        self, rs: ReplicaSetRecord, deployment: DeploymentRecord, count: int
    ) -> tuple[list[str], list[PodRecord]]:
        """Stamp ``count`` Pending pods from the ReplicaSet's template: their names and records.

        One call for a whole scale-up, each step a C-level pass over all of them: a large
        scale-up pays for its records and index entries, not for an interpreted loop.
        """
        now, name, first, seq = (
            self.clock.now,
            deployment.name,
            deployment.pod_counter,
            self.pod_seq,
        )
        names = pod_names(name, first + 1, count)
        created = list(
            map(
                PodRecord,
                names,
                repeat(name),
                repeat(rs.name),
                repeat(rs.template),
                range(seq + 1, seq + count + 1),
                repeat(now),
            )
        )
        fresh = dict(zip(names, created, strict=True))
        rs.pods.update(fresh)  # into a new ReplicaSet's empty dict: a copy of the table
        self.pods.added(count)
        self.queue.add(created)
        self.pending_count += count
        deployment.pod_counter += count
        self.pod_seq += count
        self.pending_by_deployment[name] += count
        if count:
            self.dirty_deployments.add(name)
        return names, created

    def bind(self, pods: list[PodRecord], node: NodeRecord) -> None:
        """Bind pods of one ReplicaSet (so of one template) to one node.

        Each pod pays only for its own fields and its entry on the node; the node's totals,
        the owners' counts and the capacity index move once for the whole run (a pod a
        node, as scoring picks them, is ``bind_pairs``).
        """
        first = pods[0]  # the scheduler's batches are runs of one ReplicaSet's pods
        on_node, where, now, count = node.pods, node.name, self.clock.now, len(pods)
        template, deployment = first.template, first.deployment
        self.queue.forget_all(pods)
        ready_now = node.ready and template.startup_seconds == 0
        if ready_now:  # Pending pods are never Ready: each turns Ready now
            for pod in pods:
                pod.node = where
                pod.message = None
                pod.started_at = pod.ready_since = now
                pod.ready = True
                on_node[pod.name] = pod
        else:
            for pod in pods:
                pod.node = where
                pod.message = None
                pod.started_at = now
                on_node[pod.name] = pod
        self.feed.append(PodsBound(where, pods), len(self.nodes))
        self.pending_count -= count
        self.pending_by_deployment[deployment] -= count
        self.dirty_deployments.add(deployment)
        if ready_now:
            rs = self.replicasets[first.replicaset]
            rs.ready_count += count
            if rs.min_ready_seconds:
                due = now + rs.min_ready_seconds + 1
                self.wakeups[deployment] = min(due, self.wakeups.get(deployment, due))
        elif node.ready:
            for pod in pods:
                self._start(pod)
        self._moved_by(node, template, count)

    def bind_pairs(self, pods: list[PodRecord], nodes: list[NodeRecord]) -> None:
        """Bind ``pods[i]`` to ``nodes[i]``, pods of one ReplicaSet: what ``bind([pod], node)``
        pair by pair does, with each node's totals and index entry moved once and one record
        on the change feed.

        Scoring picks a node per pod (often a different node each time), so a per-node
        ``bind`` would still be one call per pod; this is one call for the whole batch.
        """
        if not pods:
            return
        first = pods[0]
        template, deployment, now = first.template, first.deployment, self.clock.now
        self.queue.forget_all(pods)
        starts, ready = template.startup_seconds != 0, 0
        names = [node.name for node in nodes]
        for pod, node, where in zip(pods, nodes, names, strict=True):
            pod.node = where
            pod.message = None
            pod.started_at = now
            node.pods[pod.name] = pod
            if node.ready and starts:
                self._start(pod)
            elif node.ready:  # Pending pods are never Ready: each turns Ready now
                pod.ready = True
                pod.ready_since = now
                ready += 1
        self.feed.append(PairsBound(pods, names), len(self.nodes))
        self.pending_count -= len(pods)
        self.pending_by_deployment[deployment] -= len(pods)
        self.dirty_deployments.add(deployment)
        if ready:
            rs = self.replicasets[first.replicaset]
            rs.ready_count += ready
            if rs.min_ready_seconds:
                due = now + rs.min_ready_seconds + 1
                self.wakeups[deployment] = min(due, self.wakeups.get(deployment, due))
        by_name = dict(zip(names, nodes, strict=True))
        for name, count in Counter(names).items():
            self._moved_by(by_name[name], template, count)

    def _moved_by(self, node: NodeRecord, template: PodTemplate, count: int) -> None:
        """``count`` pods of ``template`` were put on the node: its totals and logs follow."""
        node.allocated_cpu += template.cpu * count
        node.allocated_memory += template.memory * count
        node.scoring_cpu += template.scoring_cpu * count
        node.scoring_memory += template.scoring_memory * count
        if node.name in self.tainted_nodes:
            self.dirty_nodes.add(node.name)
        if not self._index_stale:
            self._index.update(node)

    def _start(self, pod: PodRecord) -> None:
        """A pod with a startup delay on a Ready node: Ready once the delay is over."""
        delay = pod.template.startup_seconds
        if delay is not None:
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
        self.dirty_deployments.add(pod.deployment)
        self.pods.removed()
        self.marked_for_eviction.pop(pod.name, None)
        self.starting.pop(pod.name, None)
        rs = self.replicasets[pod.replicaset]
        del rs.pods[pod.name]
        if pod.ready:
            rs.ready_count -= 1
        if pod.node is None:
            self.pending_count -= 1
            self.queue.forget(pod)
            self.pending_by_deployment[pod.deployment] -= 1
            return
        node = self.nodes[pod.node]
        del node.pods[pod.name]
        node.allocated_cpu -= pod.template.cpu
        node.allocated_memory -= pod.template.memory
        node.scoring_cpu -= pod.template.scoring_cpu
        node.scoring_memory -= pod.template.scoring_memory
        if not self._index_stale:
            self._index.update(node)
        self.feed.append(PodDeleted(node.name, pod), len(self.nodes))

    def _set_pod_ready(self, pod: PodRecord, ready: bool) -> None:
        if pod.ready == ready:
            return
        pod.ready = ready
        pod.ready_since = self.clock.now if ready else None
        self.dirty_deployments.add(pod.deployment)
        rs = self.replicasets[pod.replicaset]
        rs.ready_count += 1 if ready else -1
        if ready and rs.min_ready_seconds:
            due = self.clock.now + rs.min_ready_seconds + 1
            self.wakeups[pod.deployment] = min(due, self.wakeups.get(pod.deployment, due))
