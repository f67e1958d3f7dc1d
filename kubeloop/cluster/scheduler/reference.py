"""The scheduler to read first: filter every node, score every node, pick, bind.

kube-scheduler's cycle (``schedule_one.go``) with nothing left out and nothing sped up. For
each Pending pod the queue hands out (PrioritySort: higher priority first, then created
first):

1. **Filter**: every node, every filter plugin in upstream's order — NodeUnschedulable,
   NodeHealth, TaintToleration, NodeAffinity, NodeResourcesFit, PodTopologySpread,
   InterPodAffinity. A node's first failing plugin gives its reasons.
2. **Score**: every feasible node, every score plugin — the strategy's resource scorer
   (none for kubeloop's ``first-fit``), TaintToleration, NodeAffinity, PodTopologySpread,
   InterPodAffinity — each normalised to 0..100 and multiplied by its weight.
3. **Pick** the highest total; ties go to the first node by name (upstream picks at random).
4. **Bind** the pod there; the topology plugins count the pods again before the next pod.

A pod no node accepts stays Pending with kube-scheduler's FailedScheduling text. When pods of
several priorities exist, DefaultPreemption (``preemption.py``) runs for it first.

This is the oracle the production scheduler (``scheduler.py``, with its batched and
per-class fast paths and the queue's hints) is property-tested against: the same pods on
the same nodes with the same messages (``tests/properties/test_reference_machine.py``).
It retries every parked pod after any event (the queue without hints). It is slow on
purpose: O(pods × nodes × pods) per cycle.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import chain
from operator import attrgetter
from typing import Any

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.queue.hinted import Asks, asks_of
from kubeloop.cluster.queue.parked_local import repellers_by_host
from kubeloop.cluster.scheduler import batch_runs, preemption, queue_sort
from kubeloop.cluster.scheduler.balanced_allocation import BalancedAllocation
from kubeloop.cluster.scheduler.cycle import CycleResult
from kubeloop.cluster.scheduler.framework import FilterPlugin, ScorePlugin
from kubeloop.cluster.scheduler.inter_pod_affinity import InterPodAffinity
from kubeloop.cluster.scheduler.node_affinity import NodeAffinity
from kubeloop.cluster.scheduler.node_health import NodeHealth
from kubeloop.cluster.scheduler.node_unschedulable import NodeUnschedulable
from kubeloop.cluster.scheduler.pod_counts import PodCounts
from kubeloop.cluster.scheduler.resources_fit import ROOM_REASONS, NodeResourcesFit
from kubeloop.cluster.scheduler.stale_messages import StaleMessages, local_renewal
from kubeloop.cluster.scheduler.taint_toleration import TaintToleration
from kubeloop.cluster.scheduler.topology_spread import PodTopologySpread
from kubeloop.cluster.state import ClusterState
from kubeloop.errors import InvalidSpecError

_seq = attrgetter("seq")

STRATEGIES = ("first-fit", "LeastAllocated", "MostAllocated", "BalancedAllocation")


class ReferenceScheduler:
    """Every plugin on every node for every pod; a drop-in for ``Scheduler`` in a cluster."""

    def __init__(self, strategy: str = "first-fit", *, hints: bool = False) -> None:
        """``hints=True``: the queue's hints decide which parked pods a cycle retries, as
        in production (for tests of the placement fast paths, whose events follow the
        queue); by default every parked pod is retried after any event."""
        self.hints = hints
        if strategy not in STRATEGIES:
            raise InvalidSpecError(
                f'scoring strategy "{strategy}" is not one of {", ".join(STRATEGIES)}'
            )
        self.strategy = strategy
        taints, affinity = TaintToleration(), NodeAffinity()
        counts = PodCounts()
        self.spread, self.inter_pod = PodTopologySpread(counts), InterPodAffinity(counts)
        self.filters: list[FilterPlugin] = [
            NodeUnschedulable(),
            NodeHealth(),
            taints,
            affinity,
            NodeResourcesFit(),
            self.spread,
            self.inter_pod,
        ]
        self.local = self.filters[:5]
        """The filters that read the node alone: the hints ask them."""
        self.scorers: list[ScorePlugin] = [taints, affinity, self.spread, self.inter_pod]
        if strategy == "BalancedAllocation":
            self.scorers.insert(0, BalancedAllocation())
        elif strategy != "first-fit":
            self.scorers.insert(0, NodeResourcesFit(strategy))

    def run(self, state: ClusterState) -> CycleResult:
        """One cycle: every pod the queue hands out, filtered, scored and bound in turn."""
        result = CycleResult()

        def fits(pod: PodRecord, name: str) -> bool:
            node = state.nodes.get(name)
            return node is not None and self._feasible(pod, node)

        def fits_local(pod: PodRecord, name: str) -> bool:
            node = state.nodes.get(name)
            return node is not None and all(f.filter(pod, node) is None for f in self.local)

        self.refresh(state)
        hints = self.hints and not preemption.needed(state)
        order = queue_sort.order(state)
        queue = state.queue.cycle(
            state.clock.now, fits_local, hints=hints, order=order, fits_all=fits
        )
        stale = self._stale(state, order or _seq)
        # The queue hands a ReplicaSet's consecutive pods out together: a group the hints
        # moved is read up to the end of its run before the run's first failure is known.
        for pod in chain.from_iterable(batch_runs.of_replicasets(queue)):
            stale.renew_before(pod, len(result.scheduled))
            best = self._pick(pod, [n for n in state.nodes_in_order() if self._feasible(pod, n)])
            if best is not None:
                self.place(state, pod, best, result)
            elif preemption.needed(state):
                preemption.handle_failures(
                    state,
                    [pod],
                    result,
                    filters=self.filters_for,
                    recount=self.refresh,
                    place=self.place,
                    park=self.record_failure,
                )
            else:
                message = preemption.failure_message(state, pod, self.filters)
                self.record_failure(state, pod, message, result)
        stale.renew_before(None, len(result.scheduled))
        by_host = repellers_by_host(rs.template for rs in state.repelling.values())
        state.queue.end_cycle(state.clock.now, bool(result.scheduled), by_host)
        return result

    def _stale(self, state: ClusterState, order: Callable[[PodRecord], Any]) -> StaleMessages:
        """The parked pods the hints left parked that upstream's coarser hints would retry:
        each takes its retry's message at its turn (``stale_messages.py``)."""
        stale = StaleMessages(order)
        events = state.queue.events

        def message(pod: PodRecord) -> str:
            return preemption.failure_message(state, pod, self.filters)

        def room_message(pod: PodRecord) -> str | None:
            text = message(pod)
            return text if any(reason in text for reason in ROOM_REASONS) else None

        for group in events.unmoved:
            stale.add(list(group.members.values()), partial(room_message, group.sample))
        for pods in events.unmoved_local:
            for retried, renewal in local_renewal(pods, events, message):
                stale.add(retried, renewal)
        return stale

    def _feasible(self, pod: PodRecord, node: NodeRecord) -> bool:
        return all(plugin.filter(pod, node) is None for plugin in self.filters)

    def _pick(self, pod: PodRecord, feasible: list[NodeRecord]) -> NodeRecord | None:
        """The feasible node of the highest weighted total; ties: the first by name."""
        if not feasible:
            return None
        totals = [0] * len(feasible)
        for plugin in self.scorers:
            for i, score in enumerate(plugin.score(pod, feasible)):
                totals[i] += score * plugin.weight
        return feasible[totals.index(max(totals))]

    # --- what preemption (``preemption.handle_failures``) is given ----------------------

    def filters_for(self, pod: PodRecord) -> list[FilterPlugin]:
        """Every filter, for every pod."""
        return self.filters

    def refresh(self, state: ClusterState) -> None:
        """The topology plugins count every pod again."""
        self.spread.prepare(state)
        self.inter_pod.prepare(state)

    def place(
        self, state: ClusterState, pod: PodRecord, node: NodeRecord, result: CycleResult
    ) -> None:
        state.bind([pod], node)
        self.refresh(state)
        result.scheduled.append(pod.name)

    def record_failure(
        self, state: ClusterState, pod: PodRecord, message: str, result: CycleResult
    ) -> None:
        """The pod stays Pending with ``message`` and waits in the queue for an event."""
        if pod.message != message:
            pod.message = message
            result.failed.append(pod)
        state.queue.failed([pod], _queue_key(state, pod))


def _queue_key(state: ClusterState, pod: PodRecord) -> Asks | None:
    """Where the queue parks a failed pod: with the pods that ask the same of every node
    (its requests and priority), or apart (None) when its placement reads other pods — its
    own spread or affinity terms, or existing pods' required anti-affinity."""
    reads_pods = pod.template.placement_aware or any(rs.pods for rs in state.repelling.values())
    return None if reads_pods else (pod.priority, asks_of(pod.template))
