"""The façade: checks each operation's arguments, applies it, and hands out frozen views.

The reconcile loop (``reconcile_loop.py``) runs the controllers and the scheduler; what
happens to a node from outside is in ``node_events.py``; rollouts are started and driven in
``rollout.py``. The rest is handed to parts, each given only what it needs: HPAs
(``autoscaling_api.py``), budgets and drains (``disruption_api.py``), node timing
(``node_monitor.py``), node groups (``node_groups_api.py``), priority classes
(``priority_api.py``) and what is kept of the past (``retention.py``).
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from functools import partial

from kubeloop.cluster import arguments, lookup, node_events, quiet, rollout, workload_views
from kubeloop.cluster.autoscaler.groups import NodeGroup, NodeGroupInfo
from kubeloop.cluster.autoscaler.settings import AutoscalerSettings
from kubeloop.cluster.autoscaler.views import ClusterAutoscalerInfo
from kubeloop.cluster.autoscaling import HPA, AutoscalerInfo
from kubeloop.cluster.autoscaling_api import AutoscalingOperations
from kubeloop.cluster.deployments import (
    Deployment,
    DeploymentInfo,
    DeploymentRecord,
    ReplicaSetInfo,
)
from kubeloop.cluster.disruption import DisruptionBudgetInfo
from kubeloop.cluster.disruption_api import DisruptionOperations
from kubeloop.cluster.disruption_budget import PodDisruptionBudget
from kubeloop.cluster.eviction import DrainResult
from kubeloop.cluster.history import HISTORY_LIMIT, DeploymentExtremes, PassRecord, ReconcileResult
from kubeloop.cluster.int_or_percent import IntOrPercent
from kubeloop.cluster.node_groups_api import NodeGroups
from kubeloop.cluster.node_monitor import (
    DEFAULT_TOLERATION_SECONDS,
    NODE_MONITOR_GRACE_SECONDS,
    NodeTimingOperations,
)
from kubeloop.cluster.nodes import Node, NodeInfo, NodeRecord, node_info
from kubeloop.cluster.pods import Pod, pod_views
from kubeloop.cluster.priority import Preemption, PriorityClass
from kubeloop.cluster.priority_api import PriorityOperations
from kubeloop.cluster.reconcile_loop import ReconcileLoop
from kubeloop.cluster.retention import EVENT_TTL, RetentionOperations, retention
from kubeloop.cluster.rollout import RolloutSnapshot
from kubeloop.cluster.scheduler import Scheduler
from kubeloop.cluster.state import ClusterState
from kubeloop.cluster.taints import Taint
from kubeloop.core.clock import ORDER_RECONCILE, Clock, PeriodicTask
from kubeloop.core.events import Event, EventLog
from kubeloop.errors import AlreadyExistsError, InvalidSpecError, NotFoundError

RECONCILE_PERIOD = 15
"""Seconds between the controllers' passes while time runs."""
QUIET_PASS = ReconcileResult()
"""What a pass the clock skipped while the cluster was quiet did: nothing (``quiet.py``)."""


class Cluster:
    """An in-memory Kubernetes control plane, reconciled by hand, deterministic.

    ``scoring`` picks the scheduler's strategy: "first-fit" (default: the first node
    by name with room), "LeastAllocated" (spread) or "MostAllocated" (bin-pack).
    ``event_ttl`` and ``history_limit`` bound what it keeps (``retention.py``).
    """

    def __init__(
        self,
        nodes: Iterable[Node] = (),
        *,
        scoring: str = "first-fit",
        clock: Clock | None = None,
        events: EventLog | None = None,
        event_ttl: int | None = EVENT_TTL,
        history_limit: int | None = HISTORY_LIMIT,
    ) -> None:
        self._scheduler = Scheduler(arguments.text(scoring, "scoring"))
        kept = retention(event_ttl, history_limit)
        arguments.optional_instance(clock, Clock, "clock")
        arguments.optional_instance(events, EventLog, "events")
        nodes = arguments.instances(nodes, Node, "nodes")
        self._clock = clock if clock is not None else Clock()
        self._events = events if events is not None else EventLog(self._clock)
        state = self._state = ClusterState(self._clock, self._events)
        self._budgets: dict[str, PodDisruptionBudget] = {}
        state.priorities.budgets = self._budgets  # preemption weighs them
        self._autoscaling = AutoscalingOperations(state)
        self._passes = ReconcileLoop(state, self._scheduler, self._autoscaling.records)
        self._disruption = DisruptionOperations(state, self._clock, self._budgets)
        self._node_timing = NodeTimingOperations(state)
        self._node_groups = NodeGroups(
            state, self._clock, self._budgets, partial(self._passes.until_stable, 100)
        )
        self._priorities = PriorityOperations(state)
        self._ticks: list[ReconcileResult] = []
        self._task = self._every(RECONCILE_PERIOD)
        names = [n.name for n in nodes]
        if len(set(names)) < len(names):
            self._task.cancel()
            repeated = sorted(name for name, count in Counter(names).items() if count > 1)
            raise AlreadyExistsError(f"node names must be unique: {', '.join(repeated)} repeated")
        self._state.add_nodes(nodes)
        self._retention = RetentionOperations(state, self._events, self._passes.history, kept)

    def _every(self, seconds: int) -> PeriodicTask:
        """Reconcile until stable every ``seconds`` of the clock, as a running cluster does.

        The clock holds the cluster weakly: a cluster dropped by its owner is freed at once,
        not kept alive by the clock it ran on.
        """
        cluster = weakref.ref(self)

        def tick(_now: int) -> None:
            alive = cluster()
            if alive is not None:
                alive._ticks.extend(alive.reconcile_until_stable())

        def until(_now: int) -> int:
            alive = cluster()
            return alive._quiet_until() if alive is not None else quiet.NEVER

        def idle(count: int, last: int) -> None:
            alive = cluster()
            if alive is not None:
                alive._passes.history.idle(count, last)
                alive._ticks.extend([QUIET_PASS] * count)

        return self._clock.every(
            seconds,
            tick,
            name="cluster reconcile",
            order=ORDER_RECONCILE,
            settle=True,
            quiet=(until, idle),
        )

    def _quiet_until(self) -> int:
        """When time alone could next make a pass change anything (``quiet.py``)."""
        passes = self._passes
        return quiet.quiet_until(
            self._state, passes.history, passes.autoscalers, bool(passes.watchers)
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
        self._scheduler = Scheduler(arguments.text(strategy, "scoring"))
        self._passes.scheduler = self._scheduler
        self._state.queue.move_all()

    def advance(self, seconds: int) -> int:
        """Move the logical clock forward; nothing reconciles by itself."""
        arguments.whole(seconds, "seconds", high=2**62)
        return self._clock.advance(seconds)

    def run_for(self, seconds: int, tick: int = RECONCILE_PERIOD) -> list[ReconcileResult]:
        """Let time pass as a running cluster would: reconcile until stable every ``tick`` s.

        Everything else on the same clock (scrapes, rule evaluations) runs as it passes too.
        """
        arguments.whole(seconds, "seconds", high=arguments.MAX_RUN_FOR)
        arguments.whole(tick, "tick", low=1, high=arguments.MAX_RUN_FOR)
        if tick != self._task.interval:
            self._task.cancel()
            self._task = self._every(tick)
        self._ticks = []
        self._clock.run_for(seconds)
        results, self._ticks = self._ticks, []
        return results

    # --- nodes -------------------------------------------------------------------

    def add_node(self, node: Node) -> None:
        arguments.instance(node, Node, "add_node's node")
        if node.name in self._state.nodes:
            raise AlreadyExistsError(f'node "{node.name}" already exists')
        self._state.add_node(NodeRecord.from_spec(node))

    def _node(self, name: str) -> NodeRecord:
        return lookup.node(self._state, name)

    def fail_node(self, name: str) -> None:
        """The node stops reporting: NotReady, tainted unreachable, its pods evicted."""
        node_events.fail(self._state, self._node(name))

    def recover_node(self, name: str) -> None:
        """The node is healthy again: Ready, untainted, pending evictions cancelled."""
        node_events.recover(self._state, self._node(name))

    def cordon(self, name: str) -> None:
        """``kubectl cordon``: no new pod lands on the node; its pods stay."""
        node_events.set_unschedulable(self._state, self._node(name), True)

    def uncordon(self, name: str) -> None:
        node_events.set_unschedulable(self._state, self._node(name), False)

    def taint(self, name: str, taint: Taint) -> None:
        """Add a taint (``kubectl taint``); NoExecute evicts on the next pass."""
        if not isinstance(taint, Taint):
            raise InvalidSpecError(f"taint must be a Taint, got {taint!r}")
        node_events.add_taint(self._state, self._node(name), taint)

    def untaint(self, name: str, key: str, effect: str | None = None) -> None:
        arguments.text(key, "taint key")
        arguments.optional_text(effect, "taint effect")
        node_events.remove_taint(self._state, self._node(name), key, effect)

    def label_node(self, name: str, labels: Mapping[str, str | None]) -> None:
        """``kubectl label node``: set each label, or remove it where its value is None.

        Running pods stay where they are (node affinity and topology spread are
        IgnoredDuringExecution); pods scheduled from now on see the new labels.
        """
        node_events.label(self._state, self._node(name), labels)

    def nodes(self) -> list[NodeInfo]:
        return [node_info(n) for n in self._state.nodes_in_order()]

    def node(self, name: str) -> NodeInfo:
        return node_info(self._node(name))

    # --- workloads -----------------------------------------------------------------

    def apply(self, deployment: Deployment) -> None:
        """Create the deployment, or update it (a new template rolls out on later passes)."""
        arguments.instance(deployment, Deployment, "apply's deployment")
        record = self._state.deployments.get(deployment.name)
        if record is None:
            self._state.deployments[deployment.name] = DeploymentRecord(
                deployment, deployment.template()
            )
            self._state.replicasets_by_deployment.setdefault(deployment.name, {})
        else:
            record.spec = deployment
            record.template = deployment.template()
        self._state.touch(deployment.name)

    def _deployment(self, name: str) -> DeploymentRecord:
        return lookup.deployment(self._state, name)

    def scale(self, name: str, replicas: int) -> None:
        record = self._deployment(name)
        arguments.whole(replicas, "replicas")
        record.spec = replace(record.spec, replicas=replicas)
        self._state.touch(name)

    def delete_pod(self, name: str) -> None:
        arguments.text(name, "pod name")
        pod = self._state.pods.get(name)
        if pod is None:
            raise NotFoundError("pod", name, sorted(self._state.pods)[:10])
        self._state.delete_pod(pod)
        self._events.normal("Killing", f"pod/{name}", f"Stopping container {name}")

    def pods(self, deployment: str | None = None) -> list[Pod]:
        """Pods (Running and Pending), in creation order; of one deployment if named."""
        if deployment is None:
            return pod_views(self._state.pods.in_order())  # kept in creation order
        self._deployment(deployment)
        return pod_views(sorted(self._state.pods_of(deployment), key=lambda p: p.seq))

    def deployments(self) -> list[DeploymentInfo]:
        return [self.deployment(name) for name in sorted(self._state.deployments)]

    def deployment(self, name: str) -> DeploymentInfo:
        return workload_views.deployment_info(self._state, self._deployment(name))

    def deployment_spec(self, name: str) -> Deployment:
        """The spec as last applied (frozen): ``apply(replace(spec, version=…))`` rolls it."""
        return self._deployment(name).spec

    def replicasets(self, deployment: str | None = None) -> list[ReplicaSetInfo]:
        """ReplicaSets, oldest first, of one deployment or of all (by deployment name)."""
        if deployment is not None:
            self._deployment(deployment)
            return workload_views.replicaset_infos(self._state, [deployment])
        return workload_views.replicaset_infos(self._state, sorted(self._state.deployments))

    # --- rollouts ---------------------------------------------------------------------

    def rolling_update(
        self,
        name: str,
        version: str,
        max_surge: IntOrPercent | None = None,
        max_unavailable: IntOrPercent | None = None,
        *,
        digest: str | None = None,
    ) -> list[RolloutSnapshot]:
        """Roll ``name`` out to ``version`` and drive reconcile passes until it completes.

        ``digest`` names the artifact the new template runs (``kubeloop.links`` admits it
        first); without it the template runs a plain version.

        Returns a snapshot after every pass. Literal maxSurge=0 and maxUnavailable=0 raise
        ``RolloutStalledError`` before anything changes. A rollout that stops making
        progress raises ``RolloutStalledError`` naming the cause; the cluster stays where
        the rollout got to, as a real stuck rollout does — ``rollback`` undoes it.
        """
        record = self._deployment(name)
        arguments.text(version, "version", nonempty=True)
        if digest is not None:
            arguments.text(digest, "digest", nonempty=True)
        rollout.start_rolling_update(record, version, max_surge, max_unavailable, digest)
        self._state.touch(name)
        return rollout.drive_rollout(self._passes.reconcile, self._state, record)

    def rollback(self, name: str, to_revision: int | None = None) -> list[RolloutSnapshot]:
        """``kubectl rollout undo``: roll back to the previous (or a given) revision."""
        record = self._deployment(name)
        arguments.optional_whole(to_revision, "to_revision", low=1, high=2**62)
        if not rollout.start_rollback(self._state, record, to_revision):
            return []
        self._state.touch(name)
        return rollout.drive_rollout(self._passes.reconcile, self._state, record)

    def watch(self, callback: Callable[..., object], *, deployments: bool = False) -> None:
        """Call ``callback()`` after every reconcile pass, on the cluster's clock: what
        follows the pods (``kubeloop.links``' traffic split) sees every change they make.
        With ``deployments=True`` it is called with the deployments whose pods or status
        that pass may have changed, so it can skip the rest; such a callback must do
        nothing new when called with none after a pass that changed nothing, for while the
        cluster is quiet those passes are skipped (``quiet.py``). A callback without it
        keeps the cluster from ever being quiet."""
        if deployments:
            self._passes.touch_watchers.append(callback)
        else:
            self._passes.watchers.append(callback)

    # --- reconciling -----------------------------------------------------------------------

    def reconcile(self) -> ReconcileResult:
        """One level-triggered pass of every controller, then the scheduler."""
        return self._passes.reconcile()

    def reconcile_until_stable(self, max_passes: int = 100) -> list[ReconcileResult]:
        """Reconcile until a pass changes nothing; ``NotConvergedError`` after ``max_passes``."""
        arguments.whole(max_passes, "max_passes", low=1, high=arguments.MAX_PASSES)
        return self._passes.until_stable(max_passes)

    # --- autoscaling (``autoscaling_api.py``) ------------------------------------------

    def autoscale(self, name: str, hpa: HPA) -> None:
        """Attach a HorizontalPodAutoscaler to a deployment (replacing any earlier one)."""
        self._autoscaling.autoscale(name, hpa)

    def set_cpu_utilization(self, name: str, percent: int | float) -> None:
        """The deployment's pods now average ``percent`` of their CPU request."""
        self._autoscaling.set_cpu_utilization(name, percent)

    def clear_cpu_utilization(self, name: str) -> None:
        """No metric for the deployment's pods now: at its next sync the HPA holds the
        replicas and says why (ScalingActive=False), as upstream does when a metric is
        missing, instead of acting on the last value it was given."""
        self._autoscaling.clear_cpu_utilization(name)

    def autoscaler(self, name: str) -> AutoscalerInfo:
        return self._autoscaling.autoscaler(name)

    # --- voluntary disruption (``disruption_api.py``) ------------------------------------

    def add_disruption_budget(self, pdb: PodDisruptionBudget) -> None:
        """Create a PodDisruptionBudget; voluntary evictions respect it from now on."""
        self._disruption.add_disruption_budget(pdb)

    def disruption_budgets(self) -> list[DisruptionBudgetInfo]:
        return self._disruption.disruption_budgets()

    def disruption_budget(self, name: str) -> DisruptionBudgetInfo:
        return self._disruption.disruption_budget(name)

    def evict(self, pod: str) -> None:
        """The eviction API: ``EvictionRefusedError`` (429) while a budget would break."""
        self._disruption.evict(pod)

    def drain(self, node: str, timeout: int = 0) -> DrainResult:
        """``kubectl drain --timeout=<timeout>s``: cordon, evict every pod, retry refused
        evictions every 5 s of logical time (the cluster running) until ``timeout``."""
        return self._disruption.drain(node, timeout)

    # --- node timing (``node_monitor.py``) -----------------------------------------------

    def use_realistic_node_failure(
        self,
        grace_seconds: int = NODE_MONITOR_GRACE_SECONDS,
        toleration_seconds: int = DEFAULT_TOLERATION_SECONDS,
    ) -> None:
        """Time node failures as kube-controller-manager and the API server's defaults do."""
        self._node_timing.use_realistic_node_failure(grace_seconds, toleration_seconds)

    # --- the cluster autoscaler (``node_groups_api.py``) ---------------------------------

    def add_node_group(self, group: NodeGroup) -> None:
        """Declare a node group; its initial nodes join at once and the autoscaler runs."""
        self._node_groups.add_node_group(group)

    def configure_autoscaler(self, settings: AutoscalerSettings) -> None:
        """Set the autoscaler's flags (``AutoscalerSettings``); a new scan interval applies
        from now on."""
        self._node_groups.configure_autoscaler(settings)

    def node_groups(self) -> list[NodeGroupInfo]:
        return self._node_groups.node_groups()

    def node_group(self, name: str) -> NodeGroupInfo:
        return self._node_groups.node_group(name)

    def cluster_autoscaler(self) -> ClusterAutoscalerInfo:
        """What the autoscaler knows now: groups, unneeded nodes (and since when), deletions."""
        return self._node_groups.cluster_autoscaler()

    # --- priority (``priority_api.py``) --------------------------------------------------

    def add_priority_class(self, priority_class: PriorityClass) -> None:
        """``kubectl create priorityclass``: pods created from now on may name it."""
        self._priorities.add_priority_class(priority_class)

    def delete_priority_class(self, name: str) -> None:
        """Pods already admitted keep their priority; new pods naming it are forbidden."""
        self._priorities.delete_priority_class(name)

    def priority_classes(self) -> list[PriorityClass]:
        """``kubectl get priorityclasses``: by name, the two system classes included."""
        return self._priorities.priority_classes()

    def priority_class(self, name: str) -> PriorityClass:
        return self._priorities.priority_class(name)

    def preemptions(self) -> list[Preemption]:
        """Every pod the scheduler preempted, oldest first."""
        return self._priorities.preemptions()

    # --- what is kept of the past (``retention.py``) -------------------------------------

    def set_event_ttl(self, seconds: int | None) -> None:
        """Delete events ``seconds`` after their last update from now on (None: keep all)."""
        self._retention.set_event_ttl(seconds)

    def set_history_limit(self, records: int | None) -> None:
        """Keep the latest ``records`` pass records (None: every one); extremes stay whole."""
        self._retention.set_history_limit(records)

    @property
    def events(self) -> list[Event]:
        """The event log as it stands (repeats folded into counts, as kubectl shows them);
        an event ``event_ttl`` seconds past its last update is gone, as the apiserver's is."""
        return self._retention.events()

    @property
    def event_ttl(self) -> int | None:
        """Seconds an event lives after its last update (None: events are kept for ever)."""
        return self._retention.event_ttl()

    @property
    def history(self) -> list[PassRecord]:
        """The latest pass records, oldest first (at most ``history_limit`` of them)."""
        return self._retention.history()

    def extremes(self, deployment: str) -> DeploymentExtremes | None:
        """The deployment's lows and highs over every pass so far, each with the first pass
        that reached it (None before a pass has seen the deployment)."""
        return self._retention.extremes(deployment)
