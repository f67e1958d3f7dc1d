"""One scheduling cycle: filter → score → bind, for every Pending pod in queue order.

The default strategy is first-fit by node name (the lab's): the capacity index finds
the first node with room in O(log n), and consecutive pods of one ReplicaSet are
placed as a batch, which gives exactly what placing them one by one would. The
scoring strategies (LeastAllocated, MostAllocated, BalancedAllocation) — and first-fit
once any node carries a PreferNoSchedule taint — score per class of indistinguishable
nodes (``class_batch.py``), again a run of one ReplicaSet's pods at a time. Pods whose
placement depends on other pods, or that name a node, score every node, one by one —
as the reference scheduler (``reference=True``, the tests' oracle) does for every pod.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from kubeloop.cluster.capacity_index import CapacityIndex
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord, PodTemplate
from kubeloop.cluster.scheduler import class_batch, preemption
from kubeloop.cluster.scheduler.balanced_allocation import BalancedAllocation
from kubeloop.cluster.scheduler.framework import (
    FilterPlugin,
    NodeLocalScorePlugin,
    ScorePlugin,
)
from kubeloop.cluster.scheduler.inter_pod_affinity import InterPodAffinity
from kubeloop.cluster.scheduler.node_affinity import NodeAffinity
from kubeloop.cluster.scheduler.node_classes import NodeClasses
from kubeloop.cluster.scheduler.node_health import NodeHealth
from kubeloop.cluster.scheduler.node_unschedulable import NodeUnschedulable
from kubeloop.cluster.scheduler.queue_sort import queue_sort
from kubeloop.cluster.scheduler.resources_fit import NodeResourcesFit
from kubeloop.cluster.scheduler.taint_toleration import TaintToleration
from kubeloop.cluster.scheduler.topology_spread import PodTopologySpread
from kubeloop.cluster.state import ClusterState
from kubeloop.errors import InvalidSpecError

STRATEGIES = ("first-fit", "LeastAllocated", "MostAllocated", "BalancedAllocation")


@dataclass
class CycleResult:
    scheduled: list[str] = field(default_factory=list)
    failed: list[PodRecord] = field(default_factory=list)
    preempted: list[str] = field(default_factory=list)


class Scheduler:
    def __init__(self, strategy: str = "first-fit", *, reference: bool = False) -> None:
        """``reference=True`` scores every node for every pod (the tests' oracle)."""
        if strategy not in STRATEGIES:
            raise InvalidSpecError(
                f'scoring strategy "{strategy}" is not one of {", ".join(STRATEGIES)}'
            )
        self.strategy = strategy
        taints = TaintToleration()
        affinity = NodeAffinity()
        # Upstream's filter order; each node reports the reasons of its first failing plugin.
        self.filters: list[FilterPlugin] = [
            NodeUnschedulable(),
            NodeHealth(),
            taints,
            affinity,
            NodeResourcesFit(),
        ]
        # The capacity index already covers health, cordon and resources.
        self.pod_specific: list[FilterPlugin] = [taints, affinity]
        self.scorers: list[NodeLocalScorePlugin] = [taints]
        if strategy == "BalancedAllocation":
            self.scorers.insert(0, BalancedAllocation())
        elif strategy != "first-fit":
            self.scorers.insert(0, NodeResourcesFit(strategy))
        # Plugins that look at other pods, used only for pods that need them (so clusters
        # without affinity or spread keep the batched and per-class fast paths).
        self.spread = PodTopologySpread()
        self.inter_pod = InterPodAffinity()
        self.topology_filters: list[FilterPlugin] = [self.spread, self.inter_pod]
        self.preference_scorers: list[ScorePlugin] = [affinity, self.spread, self.inter_pod]
        self._symmetric = False
        self._bound_last_cycle = False
        self.by_class = not reference and all(
            getattr(plugin, "node_local", False) for plugin in [*self.filters, *self.scorers]
        )
        self._classes: NodeClasses | None = None
        self._classes_of: CapacityIndex | None = None
        """The index whose nodes ``_classes`` groups (a new one means new nodes)."""

    def _aware(self, pod: PodRecord) -> bool:
        """This pod's placement depends on other pods: its own terms, or existing pods'
        required anti-affinity that might reject it."""
        return pod.template.placement_aware or self._symmetric

    def _filters(self, pod: PodRecord) -> list[FilterPlugin]:
        return [*self.filters, *self.topology_filters] if self._aware(pod) else self.filters

    def explain(self, pod: PodRecord, node: NodeRecord) -> tuple[str, ...]:
        """The reasons the first failing filter gives, or () if the pod fits."""
        for plugin in self._filters(pod):
            status = plugin.filter(pod, node)
            if status is not None:
                return status.reasons
        return ()

    def failure_message(self, state: ClusterState, pod: PodRecord) -> str:
        """FitError's text, with the ``preemption:`` suffix of a pod that can preempt nothing."""
        return preemption.failure_message(state, pod, self._filters(pod))

    # --- what preemption (``preemption.py``) asks of the scheduler ---------------------
    def filters_for(self, pod: PodRecord) -> list[FilterPlugin]:
        return self._filters(pod)

    def refresh(self, state: ClusterState) -> None:
        """Pods moved: the plugins that count other pods count again."""
        self.spread.prepare(state)
        self.inter_pod.prepare(state)

    def run(self, state: ClusterState) -> CycleResult:
        result = CycleResult()
        self._messages: dict[tuple[int, PodTemplate], str] = {}
        self._binds = 0
        # Room appears only when the generation moves (a delete, a node change); until then
        # only pods created since the last cycle are worth trying.
        candidates = (
            state.pending if state.generation != state.scheduled_generation else state.fresh_pending
        )
        queue = [p for p in candidates.values() if p.tried_at_generation != state.generation]
        if self._bound_last_cycle:
            # A pod bound since they were tried: pods whose placement depends on other pods
            # are worth trying again (upstream requeues them on assigned-pod events).
            queued = {p.name for p in queue}
            again = [
                p
                for p in state.pending.values()
                if p.template.placement_aware and p.name not in queued
            ]
            if again:
                queue = sorted([*queue, *again], key=lambda p: p.seq)
        queue = queue_sort(state, queue)
        state.scheduled_generation = state.generation
        state.fresh_pending = {}
        self.spread.prepare(state)
        self.inter_pod.prepare(state)
        self._symmetric = any(
            rs.template.affinity is not None and rs.template.affinity.anti_required and rs.pods
            for rs in state.replicasets.values()
        )
        batched = self.strategy == "first-fit" and state.prefer_no_schedule_nodes == 0
        start = 0
        while start < len(queue):
            end = start + 1
            while end < len(queue) and queue[end].template is queue[start].template:
                end += 1
            batch = queue[start:end]
            # The capacity index leaves cordoned nodes out; a pod tolerating the cordon
            # may still land on one, so it is placed by the full filter pass.
            template = batch[0].template
            if batched and not template.tolerates_cordon and not self._aware(batch[0]):
                self._first_fit_batch(state, batch, result)
            elif self.by_class and not self._aware(batch[0]) and not template.names_hosts:
                self._class_batch(state, batch, result)
            else:
                for pod in batch:
                    self._score_one(state, pod, result)
            start = end
        self._bound_last_cycle = bool(result.scheduled)
        return result

    def _first_fit_batch(
        self, state: ClusterState, batch: list[PodRecord], result: CycleResult
    ) -> None:
        template = batch[0].template
        cpu, memory = template.cpu, template.memory
        index = state.index
        placed = 0
        position: int | None = 0
        while placed < len(batch):
            position = index.first_fit(cpu, memory, position or 0)
            if position is None:
                break
            node = index.nodes[position]
            if any(f.filter(batch[placed], node) is not None for f in self.pod_specific):
                position += 1
                continue
            room = node.free_pods
            if cpu:
                room = min(room, node.free_cpu // cpu)
            if memory:
                room = min(room, node.free_memory // memory)
            chosen = batch[placed : placed + room]
            state.bind(chosen, node)
            self._binds += 1
            result.scheduled.extend(p.name for p in chosen)
            placed += len(chosen)
        if placed < len(batch):
            self._fail(state, batch[placed:], result)

    def _class_batch(
        self, state: ClusterState, batch: list[PodRecord], result: CycleResult
    ) -> None:
        classes = self._node_classes(state)
        placed = class_batch.place(state, batch, self.filters, self.scorers, classes)
        state.index.drain_changed()  # only this batch's binds, which ``classes`` followed
        self._binds += placed
        result.scheduled.extend(p.name for p in batch[:placed])
        if placed < len(batch):
            self._fail(state, batch[placed:], result)

    def _node_classes(self, state: ClusterState) -> NodeClasses:
        """The node classes, brought up to date with every node changed since last asked."""
        index = state.index
        changed = index.drain_changed()
        if self._classes is None or self._classes_of is not index or self._classes.bloated:
            self._classes, self._classes_of = NodeClasses(index.nodes), index
        else:
            for node in changed:
                self._classes.moved(node)
        return self._classes

    def _score_one(self, state: ClusterState, pod: PodRecord, result: CycleResult) -> None:
        filters = self._filters(pod)
        feasible = [
            node
            for node in state.nodes_in_order()
            if all(f.filter(pod, node) is None for f in filters)
        ]
        if not feasible:
            self._fail(state, [pod], result)
            return
        best = feasible[0]
        if len(feasible) > 1:
            totals = [0] * len(feasible)
            scorers: list[ScorePlugin] = list(self.scorers)
            if self._aware(pod):
                scorers = [*scorers, *self.preference_scorers]
            for plugin in scorers:
                for i, score in enumerate(plugin.score(pod, feasible)):
                    totals[i] += score * plugin.weight
            best = feasible[totals.index(max(totals))]  # ties: first by node name
        self.place(state, pod, best, result)

    def place(
        self, state: ClusterState, pod: PodRecord, node: NodeRecord, result: CycleResult
    ) -> None:
        state.bind([pod], node)
        if self._aware(pod):  # other pods' counts changed
            self.refresh(state)
            anti = pod.template.affinity is not None and pod.template.affinity.anti_required
            self._symmetric = self._symmetric or bool(anti)
        self._binds += 1
        result.scheduled.append(pod.name)

    def _fail(self, state: ClusterState, pods: list[PodRecord], result: CycleResult) -> None:
        if preemption.needed(state):  # pods of other priorities exist: DefaultPreemption
            preemption.handle_failures(self, state, pods, result)
            return
        # Pods that ask the filters the same questions get the same answer until a bind
        # changes a node: thousands of Pending pods cost one walk over the nodes, not one each.
        # Node-local filters never read a pod's version, labels or startup delay; a pod whose
        # placement depends on other pods asks other questions and is not cached.
        cached: str | None = None
        if not self._aware(pods[0]):
            asks = replace(pods[0].template, version="", labels=(), startup_seconds=0)
            key = (self._binds, asks)
            cached = self._messages.get(key)
            if cached is None:
                cached = self._messages[key] = self.failure_message(state, pods[0])
        message = cached if cached is not None else self.failure_message(state, pods[0])
        generation, failed = state.generation, result.failed
        for pod in pods:  # record_failure, inlined: thousands of Pending pods pass here
            if pod.message != message:
                pod.message = message
                failed.append(pod)
            pod.tried_at_generation = generation

    def record_failure(
        self, state: ClusterState, pod: PodRecord, message: str, result: CycleResult
    ) -> None:
        if pod.message != message:
            pod.message = message
            result.failed.append(pod)
        pod.tried_at_generation = state.generation
