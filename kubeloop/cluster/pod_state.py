"""The pods' part of the cluster's state: creating, binding, readiness and deletion.

A mixin of ``ClusterState`` (``state.py``), which owns the indexes named below; split out
so that the pod path — the hot one, run per pod — reads on its own.
"""

from __future__ import annotations

from collections import Counter
from itertools import repeat
from operator import attrgetter

from kubeloop.cluster.capacity_index import CapacityIndex
from kubeloop.cluster.deployments import DeploymentRecord, ReplicaSetRecord
from kubeloop.cluster.names import NAMESPACE
from kubeloop.cluster.node_log import NodeLog
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pod_table import PodTable
from kubeloop.cluster.pods import PodRecord, PodTemplate
from kubeloop.cluster.queue.hinted import SchedulingQueue
from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog

SUFFIXES_KEPT = 65_536
"""Pod name tails (``-1``, ``-2``, …) made once and kept: a table of bounded size."""
_suffixes: list[str] = []
_name = attrgetter("name")


def pod_names(deployment: str, first: int, count: int) -> list[str]:
    """``<deployment>-<first>`` and the ``count - 1`` names after it, in order.

    The tails come from a table made once (a name is then one C-level concatenation, not
    an int formatted for every pod); counters past ``SUFFIXES_KEPT`` are formatted.
    """
    end = first + count
    if len(_suffixes) < min(end, SUFFIXES_KEPT):
        _suffixes.extend([f"-{i}" for i in range(len(_suffixes), min(end, SUFFIXES_KEPT))])
    kept = min(end, len(_suffixes))
    names = list(map(deployment.__add__, _suffixes[first:kept]))
    names.extend([f"{deployment}-{i}" for i in range(max(first, kept), end)])
    return names


class PodState:
    """Every pod mutation, keeping the per-node totals, owners' pod sets and counts in step."""

    clock: Clock
    events: EventLog
    nodes: dict[str, NodeRecord]
    pods: PodTable
    pending_count: int
    replicasets: dict[str, ReplicaSetRecord]
    queue: SchedulingQueue
    node_log: NodeLog
    pending_by_deployment: Counter[str]
    dirty_deployments: set[str]
    dirty_nodes: set[str]
    tainted_nodes: set[str]
    marked_for_eviction: dict[str, PodRecord]
    starting: dict[str, PodRecord]
    wakeups: dict[str, int]
    pod_seq: int
    bound: list[tuple[str, list[PodRecord]]]
    _index: CapacityIndex
    _index_stale: bool
    pod_deletions: int = 0
    """Bound pods deleted so far: the topology plugins' counts (``pod_counts.py``) follow
    binds through ``bound`` and recount after a deletion."""

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
        self.bound.append((where, pods))
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
        pair by pair does, with each node's totals, log and index entry moved once.

        Scoring picks a node per pod (often a different node each time), so a per-node
        ``bind`` would still be one call per pod; this is one call for the whole batch.
        """
        if not pods:
            return
        first = pods[0]
        template, deployment, now = first.template, first.deployment, self.clock.now
        self.queue.forget_all(pods)
        starts, ready, bound = template.startup_seconds != 0, 0, self.bound
        run: list[PodRecord] = []
        where: str | None = None
        for pod, node in zip(pods, nodes, strict=True):
            if node.name != where:
                where, run = node.name, [pod]
                bound.append((where, run))
            else:
                run.append(pod)
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
        self.pending_count -= len(pods)
        self.pending_by_deployment[deployment] -= len(pods)
        self.dirty_deployments.add(deployment)
        if ready:
            rs = self.replicasets[first.replicaset]
            rs.ready_count += ready
            if rs.min_ready_seconds:
                due = now + rs.min_ready_seconds + 1
                self.wakeups[deployment] = min(due, self.wakeups.get(deployment, due))
        names = [node.name for node in nodes]
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
        self.node_log.note(node.name, len(self.nodes))
        if not self._index_stale:
            self._index.update(node)

    def record_scheduled(self) -> None:
        """Each pod bound since the last call gets its Scheduled event, in the order bound.

        Only the pod's and node's names are stored (``scheduled_text`` makes the event's
        object and message when it is read), so a bind makes no string of its own.
        """
        bound, self.bound = self.bound, []
        names: list[str] = []
        nodes: list[str] = []
        for node, pods in bound:
            names.extend(map(_name, pods))
            nodes.extend(repeat(node, len(pods)))
        self.events.normal_once_made("Scheduled", scheduled_text, names, nodes)

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
        self.pod_deletions += 1
        node.allocated_cpu -= pod.template.cpu
        node.allocated_memory -= pod.template.memory
        node.scoring_cpu -= pod.template.scoring_cpu
        node.scoring_memory -= pod.template.scoring_memory
        if not self._index_stale:
            self._index.update(node)
        self.node_log.note(node.name, len(self.nodes))
        self.queue.room_freed(pod, node.name)

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


def scheduled_text(pod: str, node: str) -> tuple[str, str]:
    """A bind's Scheduled event: its object and message, as ``kubectl get events`` shows."""
    return f"pod/{pod}", f"Successfully assigned {NAMESPACE}/{pod} to {node}"
