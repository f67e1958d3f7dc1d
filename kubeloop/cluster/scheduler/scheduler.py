"""One scheduling cycle: filter → score → bind, for every Pending pod in queue order.

The default strategy is first-fit by node name (the lab's): the capacity index finds
the first node with room in O(log n), and consecutive pods of one ReplicaSet are
placed as a batch, which gives exactly what placing them one by one would. The
scoring strategies (LeastAllocated, MostAllocated) — and first-fit once any node
carries a PreferNoSchedule taint — score every feasible node per pod.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord, PodTemplate
from kubeloop.cluster.scheduler.fit_error import fit_error_message
from kubeloop.cluster.scheduler.framework import FilterPlugin, ScorePlugin
from kubeloop.cluster.scheduler.node_affinity import NodeAffinity
from kubeloop.cluster.scheduler.node_classes import NodeClasses
from kubeloop.cluster.scheduler.node_health import NodeHealth
from kubeloop.cluster.scheduler.node_unschedulable import NodeUnschedulable
from kubeloop.cluster.scheduler.resources_fit import NodeResourcesFit
from kubeloop.cluster.scheduler.taint_toleration import TaintToleration
from kubeloop.cluster.state import ClusterState
from kubeloop.errors import InvalidSpecError

STRATEGIES = ("first-fit", "LeastAllocated", "MostAllocated")


@dataclass
class CycleResult:
    scheduled: list[str] = field(default_factory=list)
    failed: list[PodRecord] = field(default_factory=list)


class Scheduler:
    def __init__(self, strategy: str = "first-fit", *, reference: bool = False) -> None:
        """``reference=True`` scores every node for every pod (the tests' oracle)."""
        if strategy not in STRATEGIES:
            raise InvalidSpecError(
                f'scoring strategy "{strategy}" is not one of {", ".join(STRATEGIES)}'
            )
        self.strategy = strategy
        taints = TaintToleration()
        # Upstream's filter order; each node reports the reasons of its first failing plugin.
        self.filters: list[FilterPlugin] = [
            NodeUnschedulable(),
            NodeHealth(),
            taints,
            NodeAffinity(),
            NodeResourcesFit(),
        ]
        # The capacity index already covers health, cordon and resources.
        self.pod_specific: list[FilterPlugin] = [taints, NodeAffinity()]
        self.scorers: list[ScorePlugin] = [taints]
        if strategy != "first-fit":
            self.scorers.insert(0, NodeResourcesFit(strategy))
        self.by_class = not reference and all(
            getattr(plugin, "node_local", False) for plugin in [*self.filters, *self.scorers]
        )
        self._classes: NodeClasses | None = None

    def explain(self, pod: PodRecord, node: NodeRecord) -> tuple[str, ...]:
        """The reasons the first failing filter gives, or () if the pod fits."""
        for plugin in self.filters:
            status = plugin.filter(pod, node)
            if status is not None:
                return status.reasons
        return ()

    def failure_message(self, state: ClusterState, pod: PodRecord) -> str:
        nodes = list(state.nodes_in_order())
        return fit_error_message(len(nodes), (self.explain(pod, n) for n in nodes))

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
        state.scheduled_generation = state.generation
        state.fresh_pending = {}
        self._classes = None
        batched = self.strategy == "first-fit" and state.prefer_no_schedule_nodes == 0
        start = 0
        while start < len(queue):
            end = start + 1
            while end < len(queue) and queue[end].template is queue[start].template:
                end += 1
            batch = queue[start:end]
            if batched:
                self._first_fit_batch(state, batch, result)
            else:
                for pod in batch:
                    self._score_one(state, pod, result)
            start = end
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

    def _candidates(self, state: ClusterState) -> list[NodeRecord]:
        """Every node, or one per class of nodes no node-local plugin can tell apart."""
        if not self.by_class:
            return list(state.nodes_in_order())
        if self._classes is None:
            self._classes = NodeClasses(state.nodes_in_order())
        return self._classes.representatives()

    def _score_one(self, state: ClusterState, pod: PodRecord, result: CycleResult) -> None:
        feasible = [
            node
            for node in self._candidates(state)
            if all(f.filter(pod, node) is None for f in self.filters)
        ]
        if not feasible:
            self._fail(state, [pod], result)
            return
        best = feasible[0]
        if len(feasible) > 1:
            totals = [0] * len(feasible)
            for plugin in self.scorers:
                for i, score in enumerate(plugin.score(pod, feasible)):
                    totals[i] += score * plugin.weight
            best = feasible[totals.index(max(totals))]  # ties: first by node name
        state.bind([pod], best)
        if self._classes is not None:
            self._classes.moved(best)
        self._binds += 1
        result.scheduled.append(pod.name)

    def _fail(self, state: ClusterState, pods: list[PodRecord], result: CycleResult) -> None:
        # Pods that ask the filters the same questions get the same answer until a bind
        # changes a node: thousands of Pending pods cost one walk over the nodes, not one each.
        key = (self._binds, replace(pods[0].template, version=""))
        message = self._messages.get(key)
        if message is None:
            message = self._messages[key] = self.failure_message(state, pods[0])
        for pod in pods:
            if pod.message != message:
                pod.message = message
                result.failed.append(pod)
            pod.tried_at_generation = state.generation
