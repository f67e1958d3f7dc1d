"""One reconcile pass, and passes until nothing changes.

A pass runs every controller once, in a fixed order — node lifecycle (taint eviction),
HPA, Deployment, ReplicaSet — applying each one's actions before the next reads the
state, then schedules Pending pods, updates Deployment status and records the pass in
the history. Policy lives in the controllers and the scheduler; this module only orders
them. The façade (``cluster.py``) and the rollout driver (``rollout.py``) both call it,
and it calls neither.
"""

from __future__ import annotations

from collections.abc import Callable

from kubeloop.cluster import actuator, kubelet, node_monitor
from kubeloop.cluster.controllers import deployment as deployment_controller
from kubeloop.cluster.controllers import deployment_status, node_lifecycle, replicaset
from kubeloop.cluster.controllers import hpa as hpa_controller
from kubeloop.cluster.controllers.hpa import AutoscalerRecord
from kubeloop.cluster.history import History, ReconcileResult
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler import Scheduler
from kubeloop.cluster.state import ClusterState
from kubeloop.core.gc_pause import gc_paused
from kubeloop.errors import NotConvergedError


class ReconcileLoop:
    """Runs reconcile passes over one cluster's state and keeps their history."""

    def __init__(
        self, state: ClusterState, scheduler: Scheduler, autoscalers: dict[str, AutoscalerRecord]
    ) -> None:
        self.state = state
        self.scheduler = scheduler
        self.autoscalers = autoscalers
        self.history = History()
        self.watchers: list[Callable[[], object]] = []
        """Called after every pass (``Cluster.watch``): what follows the pods follows here."""
        self.touch_watchers: list[Callable[[frozenset[str]], object]] = []
        """Called after every pass with the deployments it may have changed."""

    def reconcile(self) -> ReconcileResult:
        """One level-triggered pass of every controller, then the scheduler."""
        with gc_paused():
            return self._reconcile()

    def _reconcile(self) -> ReconcileResult:
        state = self.state
        first_event = len(state.events)
        changes = actuator.Changes()
        kubelet.promote(state)
        node_monitor.check(state)
        actuator.apply(state, node_lifecycle.reconcile(state), changes)
        actuator.apply(state, hpa_controller.reconcile(state, self.autoscalers), changes)
        queued = state.dirty_deployments
        state.dirty_deployments = set()
        actuator.apply(state, deployment_controller.reconcile(state, queued), changes)
        queued |= state.dirty_deployments
        actuator.apply(state, replicaset.reconcile(state, queued), changes)
        cycle = self.scheduler.run(state)
        self._record_scheduling(cycle.failed)
        now = state.clock.now
        queued |= state.dirty_deployments
        queued.update(state.deadlines.due(now))
        deployment_status.update(state, queued)
        result = ReconcileResult(
            created=tuple(changes.created),
            deleted=(*changes.deleted, *cycle.preempted),
            scheduled=tuple(cycle.scheduled),
            evicted=tuple(changes.evicted),
            scaled=tuple(changes.scaled),
            events=self.state.events.frozen_since(first_event),
        )
        self.history.record(state, result, queued)
        for watcher in self.watchers:
            watcher()
        if self.touch_watchers:
            touched = frozenset(queued)
            for follow in self.touch_watchers:
                follow(touched)
        return result

    def _record_scheduling(self, failed: list[PodRecord]) -> None:
        """Each bound pod's Scheduled event, in the order they were bound; then the failures'."""
        self.state.scheduled.record()
        self.state.events.warning_many(
            "FailedScheduling", [(f"pod/{pod.name}", pod.message or "") for pod in failed]
        )

    def until_stable(self, max_passes: int = 100) -> list[ReconcileResult]:
        """Reconcile until a pass changes nothing; ``NotConvergedError`` after ``max_passes``."""
        results: list[ReconcileResult] = []
        for _ in range(max_passes):
            result = self.reconcile()
            results.append(result)
            if not result.changed:
                return results
        raise NotConvergedError(
            f"did not reach a steady state after {max_passes} passes; "
            f"the last pass: {results[-1].describe()}"
        )
