"""The façade: holds state, applies operations, runs level-triggered reconcile passes.

A pass runs every controller once, in a fixed order — node lifecycle (taint
eviction), HPA, Deployment, ReplicaSet — applying each one's actions before the next
reads the state, then schedules Pending pods, updates Deployment status and records
the pass in the history. Policy lives in the controllers and the scheduler.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from kubeloop.cluster import actuator, observe, rollout
from kubeloop.cluster.autoscaling import HPA, AutoscalerInfo
from kubeloop.cluster.controllers import deployment as deployment_controller
from kubeloop.cluster.controllers import deployment_status, node_lifecycle, replicaset
from kubeloop.cluster.controllers import hpa as hpa_controller
from kubeloop.cluster.controllers.hpa import AutoscalerRecord
from kubeloop.cluster.deployments import (
    Deployment,
    DeploymentInfo,
    DeploymentRecord,
    ReplicaSetInfo,
)
from kubeloop.cluster.history import PassRecord, ReconcileResult
from kubeloop.cluster.intstr import IntOrPercent
from kubeloop.cluster.names import NAMESPACE
from kubeloop.cluster.nodes import Node, NodeInfo, NodeRecord
from kubeloop.cluster.pods import Pod, PodRecord
from kubeloop.cluster.rollout import RolloutSnapshot
from kubeloop.cluster.scheduler import Scheduler
from kubeloop.cluster.state import ClusterState
from kubeloop.cluster.taints import UNREACHABLE_TAINT, Taint
from kubeloop.core.clock import ORDER_RECONCILE, Clock, PeriodicTask
from kubeloop.core.events import Event, EventLog
from kubeloop.core.gc_pause import gc_paused
from kubeloop.errors import (
    AlreadyExistsError,
    InvalidSpecError,
    NotConvergedError,
    NotFoundError,
)

RECONCILE_PERIOD = 15
"""Seconds between the controllers' passes while time runs."""


class Cluster:
    """An in-memory Kubernetes control plane, reconciled by hand, deterministic.

    ``scoring`` picks the scheduler's strategy: "first-fit" (default: the first node
    by name with room), "LeastAllocated" (spread) or "MostAllocated" (bin-pack).
    """

    def __init__(
        self,
        nodes: Iterable[Node] = (),
        *,
        scoring: str = "first-fit",
        clock: Clock | None = None,
        events: EventLog | None = None,
    ) -> None:
        self._scheduler = Scheduler(scoring)
        self._clock = clock if clock is not None else Clock()
        self._events = events if events is not None else EventLog(self._clock)
        self._state = ClusterState(self._clock, self._events)
        self._autoscalers: dict[str, AutoscalerRecord] = {}
        self._history: list[PassRecord] = []
        self._ticks: list[ReconcileResult] = []
        self._task = self._every(RECONCILE_PERIOD)
        nodes = list(nodes)
        names = [n.name for n in nodes]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            self._task.cancel()
            raise AlreadyExistsError(f"node names must be unique: {', '.join(duplicates)} repeated")
        for node in nodes:
            self._state.nodes[node.name] = NodeRecord.from_spec(node)
        self._state.rebuild_index()

    def _every(self, seconds: int) -> PeriodicTask:
        """Reconcile until stable every ``seconds`` of the clock, as a running cluster does."""
        return self._clock.every(
            seconds,
            lambda _now: self._ticks.extend(self.reconcile_until_stable()),
            name="cluster reconcile",
            order=ORDER_RECONCILE,
            settle=True,
        )

    # --- time -------------------------------------------------------------------

    @property
    def clock(self) -> int:
        """Logical seconds since the cluster was created."""
        return self._clock.now

    @property
    def scoring(self) -> str:
        return self._scheduler.strategy

    def set_scoring(self, strategy: str) -> None:
        """Switch the scheduler's strategy; pods already placed stay where they are."""
        self._scheduler = Scheduler(strategy)
        self._state.generation += 1

    def advance(self, seconds: int) -> int:
        """Move the logical clock forward; nothing reconciles by itself."""
        return self._clock.advance(seconds)

    def run_for(self, seconds: int, tick: int = RECONCILE_PERIOD) -> list[ReconcileResult]:
        """Let time pass as a running cluster would: reconcile until stable every ``tick`` s.

        Everything else on the same clock (scrapes, rule evaluations) runs as it passes too.
        """
        if not isinstance(tick, int) or isinstance(tick, bool) or tick <= 0:
            raise InvalidSpecError("tick must be a positive whole number of seconds")
        if tick != self._task.interval:
            self._task.cancel()
            self._task = self._every(tick)
        self._ticks = []
        self._clock.run_for(seconds)
        results, self._ticks = self._ticks, []
        return results

    # --- nodes -------------------------------------------------------------------

    def add_node(self, node: Node) -> None:
        if node.name in self._state.nodes:
            raise AlreadyExistsError(f'node "{node.name}" already exists')
        self._state.add_node(NodeRecord.from_spec(node))

    def _node(self, name: str) -> NodeRecord:
        try:
            return self._state.nodes[name]
        except KeyError:
            raise NotFoundError("node", name, sorted(self._state.nodes)) from None

    def fail_node(self, name: str) -> None:
        """The node stops reporting: NotReady, tainted unreachable, its pods evicted."""
        node = self._node(name)
        if not node.ready:
            return
        node.taints.extend(
            [Taint(UNREACHABLE_TAINT, "", "NoSchedule"), Taint(UNREACHABLE_TAINT, "", "NoExecute")]
        )
        self._state.set_node_ready(node, False)
        self._events.normal(
            "NodeNotReady", f"node/{name}", f"Node {name} status is now: NodeNotReady"
        )
        actions = node_lifecycle.evictions_for(node, self._clock.now)
        actuator.apply(self._state, actions, actuator.Changes())

    def recover_node(self, name: str) -> None:
        """The node is healthy again: Ready, untainted, pending evictions cancelled."""
        node = self._node(name)
        if node.ready:
            return
        node.taints[:] = [t for t in node.taints if t.key != UNREACHABLE_TAINT]
        self._state.set_node_ready(node, True)
        self._events.normal("NodeReady", f"node/{name}", f"Node {name} status is now: NodeReady")
        actions = node_lifecycle.evictions_for(node, self._clock.now)
        actuator.apply(self._state, actions, actuator.Changes())

    def cordon(self, name: str) -> None:
        node = self._node(name)
        if not node.unschedulable:
            node.unschedulable = True
            self._state.node_changed(node)
            self._events.normal(
                "NodeNotSchedulable",
                f"node/{name}",
                f"Node {name} status is now: NodeNotSchedulable",
            )

    def uncordon(self, name: str) -> None:
        node = self._node(name)
        if node.unschedulable:
            node.unschedulable = False
            self._state.node_changed(node)
            self._events.normal(
                "NodeSchedulable", f"node/{name}", f"Node {name} status is now: NodeSchedulable"
            )

    def taint(self, name: str, taint: Taint) -> None:
        """Add a taint (``kubectl taint``); NoExecute evicts on the next pass."""
        node = self._node(name)
        if any((t.key, t.effect) == (taint.key, taint.effect) for t in node.taints):
            raise AlreadyExistsError(
                f'node "{name}" already has a {taint.key}:{taint.effect} taint'
            )
        node.taints.append(taint)
        self._state.node_changed(node)

    def untaint(self, name: str, key: str, effect: str | None = None) -> None:
        node = self._node(name)
        kept = [t for t in node.taints if not (t.key == key and effect in (None, t.effect))]
        if len(kept) == len(node.taints):
            raise NotFoundError("taint", f"{key}:{effect or '*'} on node {name}")
        node.taints[:] = kept
        self._state.node_changed(node)

    def nodes(self) -> list[NodeInfo]:
        return [observe.node_info(n) for n in self._state.nodes_in_order()]

    def node(self, name: str) -> NodeInfo:
        return observe.node_info(self._node(name))

    # --- workloads -----------------------------------------------------------------

    def apply(self, deployment: Deployment) -> None:
        """Create the deployment, or update it (a new template rolls out on later passes)."""
        record = self._state.deployments.get(deployment.name)
        if record is None:
            self._state.deployments[deployment.name] = DeploymentRecord(
                deployment, deployment.template()
            )
            self._state.replicasets_by_deployment.setdefault(deployment.name, {})
        else:
            record.spec = deployment
            record.template = deployment.template()

    def _deployment(self, name: str) -> DeploymentRecord:
        try:
            return self._state.deployments[name]
        except KeyError:
            raise NotFoundError("deployment", name, sorted(self._state.deployments)) from None

    def scale(self, name: str, replicas: int) -> None:
        record = self._deployment(name)
        record.spec = replace(record.spec, replicas=replicas)

    def delete_pod(self, name: str) -> None:
        pod = self._state.pods.get(name)
        if pod is None:
            raise NotFoundError("pod", name, sorted(self._state.pods)[:10])
        self._state.delete_pod(pod)
        self._events.normal("Killing", f"pod/{name}", f"Stopping container {name}")

    def pods(self, deployment: str | None = None) -> list[Pod]:
        """Pods (Running and Pending), in creation order; of one deployment if named."""
        if deployment is None:
            return observe.pod_views(self._state.pods.values())  # kept in creation order
        self._deployment(deployment)
        return observe.pod_views(sorted(self._state.pods_of(deployment), key=lambda p: p.seq))

    def deployments(self) -> list[DeploymentInfo]:
        return [self.deployment(name) for name in sorted(self._state.deployments)]

    def deployment(self, name: str) -> DeploymentInfo:
        return observe.deployment_info(self._state, self._deployment(name))

    def replicasets(self, deployment: str | None = None) -> list[ReplicaSetInfo]:
        """ReplicaSets, oldest first, of one deployment or of all (by deployment name)."""
        if deployment is not None:
            self._deployment(deployment)
            return observe.replicaset_infos(self._state, [deployment])
        return observe.replicaset_infos(self._state, sorted(self._state.deployments))

    # --- rollouts ---------------------------------------------------------------------

    def rolling_update(
        self,
        name: str,
        version: str,
        max_surge: IntOrPercent | None = None,
        max_unavailable: IntOrPercent | None = None,
    ) -> list[RolloutSnapshot]:
        """Roll ``name`` out to ``version`` and drive reconcile passes until it completes.

        Returns a snapshot after every pass. Literal maxSurge=0 and maxUnavailable=0 raise
        ``RolloutStalledError`` before anything changes. A rollout that stops making
        progress raises ``RolloutStalledError`` naming the cause; the cluster stays where
        the rollout got to, as a real stuck rollout does — ``rollback`` undoes it.
        """
        record = self._deployment(name)
        rollout.start_rolling_update(record, version, max_surge, max_unavailable)
        return rollout.drive_rollout(self, self._state, record)

    def rollback(self, name: str, to_revision: int | None = None) -> list[RolloutSnapshot]:
        """``kubectl rollout undo``: roll back to the previous (or a given) revision."""
        record = self._deployment(name)
        if not rollout.start_rollback(self._state, record, to_revision):
            return []
        return rollout.drive_rollout(self, self._state, record)

    # --- autoscaling ---------------------------------------------------------------------

    def autoscale(self, name: str, hpa: HPA) -> None:
        """Attach a HorizontalPodAutoscaler to a deployment (replacing any earlier one)."""
        self._deployment(name)
        self._autoscalers[name] = AutoscalerRecord(name, hpa)

    def set_cpu_utilization(self, name: str, percent: int | float) -> None:
        """The deployment's pods now average ``percent`` of their CPU request."""
        record = self._autoscaler(name)
        if percent < 0:
            raise InvalidSpecError("utilization must not be negative")
        ready = sum(rs.ready_count for rs in self._state.replicasets_of(name))
        record.demand = int(percent * max(ready, 1))
        record.samples += 1

    def _autoscaler(self, name: str) -> AutoscalerRecord:
        self._deployment(name)
        try:
            return self._autoscalers[name]
        except KeyError:
            raise NotFoundError("autoscaler", name, sorted(self._autoscalers)) from None

    def autoscaler(self, name: str) -> AutoscalerInfo:
        return observe.autoscaler_info(self._state, self._autoscaler(name))

    # --- reconciling -----------------------------------------------------------------------

    def reconcile(self) -> ReconcileResult:
        """One level-triggered pass of every controller, then the scheduler."""
        with gc_paused():
            return self._reconcile()

    def _reconcile(self) -> ReconcileResult:
        state = self._state
        first_event = len(self._events)
        changes = actuator.Changes()
        actuator.apply(state, node_lifecycle.reconcile(state), changes)
        actuator.apply(state, hpa_controller.reconcile(state, self._autoscalers), changes)
        actuator.apply(state, deployment_controller.reconcile(state), changes)
        actuator.apply(state, replicaset.reconcile(state), changes)
        cycle = self._scheduler.run(state)
        self._record_scheduling(cycle.scheduled, cycle.failed)
        deployment_status.update(state)
        result = ReconcileResult(
            created=changes.created,
            deleted=changes.deleted,
            scheduled=cycle.scheduled,
            evicted=changes.evicted,
            scaled=changes.scaled,
            events=self._events.since(first_event),
        )
        self._history.append(observe.pass_record(state, len(self._history) + 1, result))
        return result

    def _record_scheduling(self, scheduled: list[str], failed: list[PodRecord]) -> None:
        pods = self._state.pods
        self._events.normal_many(
            "Scheduled",
            (
                (f"pod/{name}", f"Successfully assigned {NAMESPACE}/{name} to {pods[name].node}")
                for name in scheduled
            ),
        )
        for pod in failed:
            self._events.warning("FailedScheduling", f"pod/{pod.name}", pod.message or "")

    def reconcile_until_stable(self, max_passes: int = 100) -> list[ReconcileResult]:
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

    # --- observation -------------------------------------------------------------------------

    @property
    def events(self) -> list[Event]:
        return list(self._events)

    @property
    def history(self) -> list[PassRecord]:
        return list(self._history)
