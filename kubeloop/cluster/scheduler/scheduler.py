"""One scheduling cycle, fast: the same placements and messages as ``reference.py``.

The reference filters and scores every node for every pod. This scheduler offers each
batch of a template's consecutive pods to its fast paths in turn (``FAST_PATHS``); the
first that takes the batch places it, exactly as the reference would:

1. first-fit by node name through the capacity index, O(log n) a pod (``first_fit.py``);
2. first-fit with PreferNoSchedule taints: first fit among the nodes whose soft taints the
   pod tolerates, then by class (``first_fit.SoftTolerated``);
3. pods that read no other pod, scored once per class of indistinguishable nodes
   (``class_batch.py``: the scoring strategies, and what 2. leaves to it);
4. spread or preferred affinity placed domain by domain (``domain_batches.py``);
5. cross-pod terms all by hostname, one class of hosts at a time (``affinity_batch.py``);
6. everything else one pod at a time, every node scored (``score_all.py``).

``tests/properties/test_reference_machine.py`` holds it to the reference.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from operator import attrgetter
from typing import Any

from kubeloop.cluster.capacity_index import CapacityIndex
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.queue.hinted import Asks, asks_of
from kubeloop.cluster.queue.parked_local import Fits, repellers_by_host
from kubeloop.cluster.scheduler import (
    aware_classes,
    batch_runs,
    cache_check,
    class_batch,
    domain_batches,
    first_fit,
    preemption,
    queue_sort,
    score_all,
    stale_messages,
)
from kubeloop.cluster.scheduler.affinity_batch import message_by_host, place_by_host
from kubeloop.cluster.scheduler.balanced_allocation import BalancedAllocation
from kubeloop.cluster.scheduler.cycle import CycleResult
from kubeloop.cluster.scheduler.framework import (
    FilterPlugin,
    NodeLocalScorePlugin,
    ScorePlugin,
    Status,
)
from kubeloop.cluster.scheduler.inter_pod_affinity import InterPodAffinity
from kubeloop.cluster.scheduler.messages import FailureMessages
from kubeloop.cluster.scheduler.node_affinity import NodeAffinity
from kubeloop.cluster.scheduler.node_classes import NodeClasses
from kubeloop.cluster.scheduler.node_health import NodeHealth
from kubeloop.cluster.scheduler.node_unschedulable import NodeUnschedulable
from kubeloop.cluster.scheduler.pod_counts import PodCounts
from kubeloop.cluster.scheduler.reference import STRATEGIES
from kubeloop.cluster.scheduler.resources_fit import NodeResourcesFit
from kubeloop.cluster.scheduler.taint_toleration import TaintToleration
from kubeloop.cluster.scheduler.topology_spread import PodTopologySpread
from kubeloop.cluster.state import ClusterState
from kubeloop.errors import InvalidSpecError

_name = attrgetter("name")
_seq = attrgetter("seq")

FastPath = Callable[["Scheduler", ClusterState, list[PodRecord], CycleResult], bool]
"""One way to place a batch of a template's pods: it places them exactly as the reference
scheduler (``reference.py``) would and answers True, or declines and answers False."""


class Scheduler:
    def __init__(self, strategy: str = "first-fit") -> None:
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
        self.counts = counts = PodCounts()
        self.spread = PodTopologySpread(counts)
        self.inter_pod = InterPodAffinity(counts)
        self.topology_filters: list[FilterPlugin] = [self.spread, self.inter_pod]
        self.preference_scorers: list[ScorePlugin] = [affinity, self.spread, self.inter_pod]
        self._symmetric = False
        self.by_class = all(
            getattr(plugin, "node_local", False) for plugin in [*self.filters, *self.scorers]
        )
        self._classes: NodeClasses | None = None
        self._classes_of: CapacityIndex | None = None
        """The index whose nodes ``_classes`` groups (a new one means new nodes)."""
        self._classes_read = 0
        """How far ``_classes`` has read the state's node log."""
        self._messages = FailureMessages(self.filters if self.by_class else None)
        self._batched = False
        """This cycle places plain first-fit batches through the capacity index."""
        self._check_caches = cache_check.enabled()
        """Build every cache afresh after each cycle and compare (``cache_check.py``)."""
        self._untried: list[PodRecord] = []
        """Pods a preemption handed back: it changed the cluster, so they may fit now."""

    def _aware(self, pod: PodRecord) -> bool:
        """This pod's placement depends on other pods: its own terms, or existing pods'
        required anti-affinity that might reject it."""
        return pod.template.placement_aware or self._symmetric

    def _filters(self, pod: PodRecord) -> list[FilterPlugin]:
        return [*self.filters, *self.topology_filters] if self._aware(pod) else self.filters

    def explain(self, pod: PodRecord, node: NodeRecord) -> Status | None:
        """The first failing filter's status, or None if the pod fits."""
        return preemption.first_failure(pod, node, self._filters(pod))

    def failure_message(self, state: ClusterState, pod: PodRecord) -> str:
        """FitError's text, with the ``preemption:`` suffix of a pod that can preempt nothing."""
        if self.by_class and self._aware(pod) and self.inter_pod.by_host(pod):
            return message_by_host(pod, self.inter_pod.hosts(state, pod), self._filters(pod))
        return preemption.failure_message(state, pod, self._filters(pod))

    def filters_for(self, pod: PodRecord) -> list[FilterPlugin]:
        """Every filter the pod is asked: the topology ones too when it reads other pods."""
        return self._filters(pod)

    def refresh(self, state: ClusterState) -> None:
        """Pods moved: the plugins that count other pods count again."""
        self.spread.prepare(state)
        self.inter_pod.prepare(state)

    def _hint(self, state: ClusterState, cross_pod: bool) -> Fits:
        """The queue's hint: would the pod pass every node-local filter on this node now
        (``cross_pod``: every filter of its own, for ``parked_local.py``'s pods)?"""

        def fits(pod: PodRecord, name: str) -> bool:
            node = state.nodes.get(name)
            filters = self._filters(pod) if cross_pod else self.filters
            return node is not None and all(f.filter(pod, node) is None for f in filters)

        return fits

    def run(self, state: ClusterState) -> CycleResult:
        """Try the pods the queue hands out (PrioritySort's order), batching each template's."""
        result = CycleResult()
        self._accepted = first_fit.Verdicts()
        self.counts.follow(state)  # kept from the last cycle when the logs account for it
        self._symmetric = any(rs.pods for rs in state.repelling.values())
        # Preemption frees room mid-cycle and helps pods on nodes they do not fit, which the
        # exact hints do not foresee: while it can run, every event moves every parked pod.
        hints = not preemption.needed(state)
        fits, fits_all = self._hint(state, False), self._hint(state, True)
        order = queue_sort.order(state)
        queue = state.queue.cycle(
            state.clock.now, fits, hints=hints, order=order, fits_all=fits_all
        )
        stale = self._stale(state, order)
        self._batched = self.strategy == "first-fit" and state.prefer_no_schedule_nodes == 0
        batches = batch_runs.of_replicasets(queue)
        if self._batched and not preemption.needed(state):
            batches = batch_runs.joined(batches, self._first_fit_places)
        for batch in batches:
            stale.renew_before(batch[0], len(result.scheduled))
            self._offer(state, batch, result)
        stale.renew_before(None, len(result.scheduled))
        by_host = repellers_by_host(rs.template for rs in state.repelling.values())
        state.queue.end_cycle(state.clock.now, bool(result.scheduled), by_host)
        if self._check_caches:
            classes = self.node_classes(state) if self.by_class else None
            cache_check.check(state, classes, self.counts)
        return result

    def _stale(
        self, state: ClusterState, order: Callable[[PodRecord], Any] | None
    ) -> stale_messages.StaleMessages:
        """The parked pods this cycle's events left parked that upstream would retry (in
        creation order, a group's seqs bound its keys: no pass over its pods)."""
        stale = stale_messages.StaleMessages(order or _seq)
        events = state.queue.events
        classes = self.node_classes if self.by_class else None
        for group in events.unmoved:
            renew = partial(self._messages.retry_message, state, group, self.explain, classes)
            bounds = (group.by_seq[0], group.last_seq) if order is None else None
            stale.add(group.members.values(), renew, bounds)
        for pods in events.unmoved_local:
            message = partial(self.failure_message, state)
            for retried, renewal in stale_messages.local_renewal(pods, events, message):
                stale.add(retried, renewal)
        return stale

    def _offer(self, state: ClusterState, batch: list[PodRecord], result: CycleResult) -> None:
        """Offer the batch to the fast paths in turn; the first that takes it places it.
        The pods a preemption left untried (``_untried``) are offered again, as a batch."""
        while batch:
            for path in FAST_PATHS:
                if path(self, state, batch, result):
                    break
            batch, self._untried = self._untried, []

    # --- the fast paths, in the order they are offered a batch (``FAST_PATHS``) ----------

    def _first_fit_places(self, batch: list[PodRecord]) -> bool:
        """The capacity index leaves cordoned nodes out; a pod tolerating the cordon may
        still land on one, so it is placed by the full filter pass."""
        template = batch[0].template
        return self._batched and not template.tolerates_cordon and not self._aware(batch[0])

    def _first_fit_batch(
        self, state: ClusterState, batch: list[PodRecord], result: CycleResult
    ) -> bool:
        """First-fit by name through the capacity index (``first_fit.py``)."""
        if not self._first_fit_places(batch):
            return False
        placed = first_fit.place(state, batch, self.pod_specific, self._accepted)
        result.scheduled.extend(map(_name, batch[:placed]))
        if placed < len(batch):
            self._fail(state, batch[placed:], result)
        return True

    def _soft_first_fit(
        self, state: ClusterState, batch: list[PodRecord], result: CycleResult
    ) -> bool:
        """First fit once a node has a PreferNoSchedule taint: first fit among the nodes
        whose soft taints the pod tolerates (``first_fit.SoftTolerated``), then, once none
        of them has room, the rest scored by class (``class_batch.py``)."""
        template = batch[0].template
        if not (
            self.strategy == "first-fit"
            and self.by_class
            and state.prefer_no_schedule_nodes
            and not template.tolerates_cordon
            and not template.names_hosts
            and not self._aware(batch[0])
        ):
            return False
        nodes = state.nodes
        soft = (len(nodes[name].taints) for name in state.soft_tainted_nodes)
        if max(soft) > first_fit.MOST_SOFT_TAINTS:
            return False
        filters = [*self.pod_specific, first_fit.SOFT_TOLERATED]
        placed = first_fit.place(state, batch, filters, self._accepted)
        result.scheduled.extend(map(_name, batch[:placed]))
        if placed < len(batch):
            self._class_batch(state, batch[placed:], result)
        return True

    def _class_batch(
        self, state: ClusterState, batch: list[PodRecord], result: CycleResult
    ) -> bool:
        """Pods that read no other pod, scored per class of nodes (``class_batch.py``)."""
        if not self.by_class or self._aware(batch[0]) or batch[0].template.names_hosts:
            return False
        classes = self.node_classes(state)
        placed = class_batch.place(state, batch, self.filters, self.scorers, classes)
        self._classes_read = state.node_log.end  # the batch's binds: ``classes`` followed them
        result.scheduled.extend(map(_name, batch[:placed]))
        if placed < len(batch):
            self._fail(state, batch[placed:], result)
        return True

    def _by_domain(self, state: ClusterState, batch: list[PodRecord], result: CycleResult) -> bool:
        """Pods by domain (``domain_batches.py``); from the first that fails, one by one."""
        by = self.by_class and domain_batches.placer(
            batch[0].template,
            self._symmetric,
            self.filters,
            self.scorers,
            self.spread,
            self.inter_pod,
        )
        if not by:
            return False
        placed = by(state, batch, self.node_classes(state))
        self._classes_read = state.node_log.end  # the batch's binds: ``classes`` followed them
        result.scheduled.extend(map(_name, batch[:placed]))
        for pod in batch[placed:]:
            self._score_one(state, pod, result)
        return True

    def node_classes(self, state: ClusterState) -> NodeClasses:
        """The node classes, brought up to date with every node changed since last asked."""
        index, log = state.index, state.node_log
        changed = log.since(self._classes_read)
        self._classes_read = log.end
        classes = self._classes
        if classes is None or self._classes_of is not index or classes.bloated or changed is None:
            self._classes, self._classes_of = NodeClasses(index.nodes), index
            return self._classes
        nodes = state.nodes
        for name in sorted(changed):  # the index's order, by name
            classes.moved(nodes[name])
        return classes

    def _host_batch(self, state: ClusterState, batch: list[PodRecord], result: CycleResult) -> bool:
        """Pods whose cross-pod terms are all by hostname (``affinity_batch.py``)."""
        if not (self.by_class and self._aware(batch[0]) and self.inter_pod.by_host(batch[0])):
            return False
        filters, scorers = self._filters(batch[0]), [*self.scorers, *self.preference_scorers]
        placed = place_by_host(state, batch, result, self.inter_pod, filters, scorers, self.place)
        if placed < len(batch) and not preemption.needed(state):
            self._fail(state, batch[placed:], result)  # nothing moved since: one message
            return True
        for pod in batch[placed:]:
            self._score_one(state, pod, result)
        return True

    def _one_by_one(self, state: ClusterState, batch: list[PodRecord], result: CycleResult) -> bool:
        """Every other batch: each pod scored on its own, as the reference scores it."""
        for pod in batch:
            self._score_one(state, pod, result)
        return True

    def _score_one(self, state: ClusterState, pod: PodRecord, result: CycleResult) -> None:
        filters = self._filters(pod)
        if self.by_class and self._aware(pod) and aware_classes.applies(pod, self.inter_pod):
            preferences = [*self.scorers, *self.preference_scorers]
            chosen = aware_classes.choose(pod, self.node_classes(state), filters, preferences)
            if chosen is None:
                self._fail(state, [pod], result)
            else:
                self.place(state, pod, chosen, result)
            return
        scorers: list[ScorePlugin] = list(self.scorers)
        if self._aware(pod):
            scorers = [*scorers, *self.preference_scorers]
        best = score_all.best_node(pod, state.nodes_in_order(), filters, scorers)
        if best is None:
            self._fail(state, [pod], result)
        else:
            self.place(state, pod, best, result)

    def place(
        self, state: ClusterState, pod: PodRecord, node: NodeRecord, result: CycleResult
    ) -> None:
        state.bind([pod], node)  # the topology plugins' counts follow ``state.bound``
        if self._aware(pod):
            anti = pod.template.affinity is not None and pod.template.affinity.anti_required
            self._symmetric = self._symmetric or bool(anti)
        result.scheduled.append(pod.name)

    def _key(self, pod: PodRecord) -> Asks | None:
        """The pod's group in the queue: its asks and priority (one group, one priority, so
        each group hands its pods out in PrioritySort's order); None for aware pods."""
        return None if self._aware(pod) else (pod.priority, asks_of(pod.template))

    def _fail(self, state: ClusterState, pods: list[PodRecord], result: CycleResult) -> None:
        if preemption.needed(state):  # pods of other priorities exist: DefaultPreemption
            self._untried += preemption.handle_failures(
                state,
                pods,
                result,
                filters=self.filters_for,
                recount=self.refresh,
                place=self.place,
                park=self.record_failure,
            )
            return
        # Pods that ask the node-local filters the same questions get the same answer: their
        # message is kept per asks and recomputed only on the nodes changed since
        # (``messages.py``). A pod whose placement depends on other pods asks other
        # questions: its message is a fresh walk, and it is parked apart.
        key = self._key(pods[0])
        if key is None:
            message = self.failure_message(state, pods[0])
        else:
            log = state.node_log
            message = self._messages.message(
                key, pods[0], state.nodes, log, self.explain, state.index
            )
        for pod in pods:
            if pod.message != message:
                pod.message = message
                result.failed.append(pod)
        state.queue.failed(pods, key)

    def record_failure(
        self, state: ClusterState, pod: PodRecord, message: str, result: CycleResult
    ) -> None:
        """Preemption could not place the pod: it is parked like any other failure."""
        if pod.message != message:
            pod.message = message
            result.failed.append(pod)
        state.queue.failed([pod], self._key(pod))


FAST_PATHS: tuple[FastPath, ...] = (
    Scheduler._first_fit_batch,
    Scheduler._soft_first_fit,
    Scheduler._class_batch,
    Scheduler._by_domain,
    Scheduler._host_batch,
    Scheduler._one_by_one,
)
"""Offered each batch in turn; the last takes every batch. Functions, not bound methods:
a scheduler holding its own bound methods would be a reference cycle, kept alive (with its
cluster) until the cycle collector runs."""
