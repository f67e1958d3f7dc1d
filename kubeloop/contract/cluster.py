"""The public contract as ``typing.Protocol``s: the seam the scenario steps rely on.

Any module providing ``Cluster``, ``Node``, ``Deployment``, ``HPA`` and
``RolloutStalledError`` shaped like this — kubeloop, or a learner's own engine — can
be graded by the same features. ``missing_from(module)`` lists what a module lacks.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class PodLike(Protocol):
    name: str
    deployment: str
    node: str | None
    phase: str
    version: str
    ready: bool


@runtime_checkable
class ReconcileResultLike(Protocol):
    created: Sequence[str]
    deleted: Sequence[str]
    scheduled: Sequence[str]


@runtime_checkable
class SnapshotLike(Protocol):
    total: int
    ready: int
    updated: int


@runtime_checkable
class ClusterLike(Protocol):
    """What ``Cluster(nodes=[...])`` must offer.

    - ``reconcile()`` is one level-triggered pass; a second with no external change
      creates and deletes nothing.
    - A pod that fits nowhere is Pending, never an exception.
    - A failed node receives no pod until it recovers.
    - At every reconcile pass of a rollout, the deployment's ``pods()`` number at most
      ``replicas + maxSurge`` and at least ``replicas - maxUnavailable`` of them are ready
      (surge rounds up, unavailable down); literal 0 and 0 raise ``RolloutStalledError``.
      The scenarios count those pods themselves after each pass, never the snapshots
      ``rolling_update`` returns: through ``watch`` where the cluster offers it (then its
      ``rolling_update`` and ``rollback`` must run ``reconcile`` passes that call it back),
      otherwise by driving the rollout as ``apply`` describes — the new version applied,
      ``reconcile()`` until no pass changes anything — and then calling ``rolling_update``
      for the verdict (it returns at once when done, or raises ``RolloutStalledError``).

    Refusals the scenarios check by their text (``Then the operation fails with "…"``): an
    unknown name raises an error whose message contains ``<kind> "<name>" not found``
    (``pod "web-9" not found``, ``node "node-7" not found``, ``deployment "api" not found``;
    a ``KeyError`` subclass, as kubeloop's ``NotFoundError``); a rollback with nothing to
    roll back to says ``rollout history``; literal 0 and 0 raises ``RolloutStalledError``
    whose reason says they are ``both 0`` and quotes Kubernetes' validation text ``may not
    be 0 when `maxSurge` is 0``, and changes nothing.
    """

    def add_node(self, node: Any) -> None: ...
    def apply(self, deployment: Any) -> None:
        """Create or update a deployment: desired state only, ``reconcile`` acts on it. A
        deployment applied again with another version starts a rolling update that the
        following ``reconcile`` passes carry out, one step a pass, under its maxSurge and
        maxUnavailable (as a Deployment controller does): a pass removes old pods only as
        far as the pods ready when it began allow, and adds new ones up to the surge; a pod
        placed in a pass counts as ready from the next pass on."""

    def scale(self, name: str, replicas: int) -> None: ...
    def reconcile(self) -> ReconcileResultLike: ...
    def pods(self, deployment: str | None = None) -> Sequence[PodLike]: ...
    def delete_pod(self, name: str) -> None: ...
    def fail_node(self, name: str) -> None: ...
    def recover_node(self, name: str) -> None: ...
    def rolling_update(
        self, name: str, version: str, max_surge: int | str = ..., max_unavailable: int | str = ...
    ) -> Sequence[SnapshotLike]:
        """Roll every pod of ``name`` to ``version``; a snapshot after each step. A budget
        not given is the deployment's own (its ``max_surge``/``max_unavailable``, 25% each
        unless applied otherwise); one given is kept for later rollouts and the rollback. A
        rollout whose new pods fit nowhere raises ``RolloutStalledError`` whose ``reason``
        contains a Pending pod's FailedScheduling text (``PendingPodLike.reason``) and whose
        ``snapshots`` are the steps taken."""

    def rollback(self, name: str) -> Any:
        """Roll back to the previous version under the same budget (``kubectl rollout
        undo``)."""


@runtime_checkable
class PriorityClassLike(Protocol):
    """``PriorityClass(name, value, global_default=False, preemption_policy=…)``, frozen."""

    name: str
    value: int
    global_default: bool
    preemption_policy: str


@runtime_checkable
class PreemptionLike(Protocol):
    """One victim of one preemption: who made room, whom it removed, where, when."""

    preemptor: str
    victim: str
    node: str
    at: int


@runtime_checkable
class PriorityClusterLike(Protocol):
    """Optional, beyond Lab 01: PriorityClasses and what preemption did.

    Pods (``PodLike``) then also carry ``priority`` and ``nominated_node``. A pod is
    never preempted by one of equal or lower priority, and a pod whose class says
    ``preemption_policy="Never"`` preempts nothing.
    """

    def add_priority_class(self, priority_class: Any) -> None: ...
    def priority_classes(self) -> Sequence[PriorityClassLike]: ...
    def preemptions(self) -> Sequence[PreemptionLike]: ...


@runtime_checkable
class HPALike(Protocol):
    """``HPA(min_replicas, max_replicas, target, tolerance=0.1)``.

    ``desired_replicas`` holds steady when ``|value/target - 1| <= tolerance`` and
    otherwise returns ``ceil(current × value/target)`` clamped to [min, max]. The band is
    inclusive and computed exactly (as fractions, not floats): 55 against a target of 50
    is exactly 1.1, inside a 0.1 band, so 4 replicas stay 4.
    """

    def desired_replicas(self, current_replicas: int, current_value: float) -> int: ...


# --- the cluster autoscaler (optional: only its steps need it) --------------------------


@runtime_checkable
class NodeGroupInfoLike(Protocol):
    """A node group's view: its bounds, its registered nodes, and its target size
    (registered plus provisioning)."""

    name: str
    min_size: int
    max_size: int
    target_size: int
    nodes: Sequence[str]


@runtime_checkable
class UnneededNodeLike(Protocol):
    """A node scale-down would remove, and since when (logical seconds) it has been so."""

    node: str
    group: str
    since: int


@runtime_checkable
class AutoscaledClusterLike(Protocol):
    """What a cluster with a cluster autoscaler offers beside ``ClusterLike``.

    - Every group's node count stays within [min, max]: scale-up never grows a group past
      max, scale-down never shrinks it below min.
    - A pod no group's template could fit never triggers a scale-up.
    - A scale-down evicts through the eviction API, so no disruption budget is broken.
    """

    def add_node_group(self, group: Any) -> None: ...
    def configure_autoscaler(self, settings: Any) -> None: ...
    def node_groups(self) -> Sequence[NodeGroupInfoLike]: ...
    def node_group(self, name: str) -> NodeGroupInfoLike: ...
    def cluster_autoscaler(self) -> Any: ...


# --- extensions (optional: a scenario that uses one says "does not provide" without it) --


@runtime_checkable
class EventLike(Protocol):
    """One line of ``kubectl get events``: ``time`` in logical seconds, ``type`` Normal or
    Warning, ``reason`` (Scheduled, FailedScheduling, Killing, …), ``object`` (pod/web-1,
    node/node-2) and the ``message``."""

    time: int
    type: str
    reason: str
    object: str
    message: str


@runtime_checkable
class PendingPodLike(PodLike, Protocol):
    """A pod with ``reason``: for a Pending pod, kube-scheduler's FailedScheduling text,
    built as upstream builds it: ``0/N nodes are available: `` then one ``COUNT REASON``
    for each reason the nodes failed with (``1 Insufficient cpu``, ``2 node(s) were
    unschedulable``, ``1 node(s) had untolerated taint {key: value}``), those strings sorted
    as plain strings and joined by ", ", a ``.``, then `` preemption: 0/N nodes are
    available: `` with each node's preemption verdict counted and sorted the same way (``No
    preemption victims found for incoming pod`` where evicting lower-priority pods could not
    help, ``Preemption is not helpful for scheduling`` where the node fails for a reason
    eviction cannot change) and a final ``.``."""

    reason: str


@runtime_checkable
class ClusterExtensionsLike(Protocol):
    """Members beyond Lab 01's contract that richer scenarios read; each is optional."""

    def cordon(self, name: str) -> None:
        """Mark the node unschedulable: its pods stay, no new pod lands there."""

    def uncordon(self, name: str) -> None: ...
    def taint(self, name: str, taint: Any) -> None:
        """Add a ``Taint(key, value, effect)``; NoExecute evicts pods that do not tolerate it."""

    def untaint(self, name: str, key: str) -> None: ...
    def label_node(self, name: str, labels: Any) -> None:
        """Set each label (a mapping of key to value), or remove it where its value is None:
        pods already running stay; pods scheduled from now on see the new labels."""

    def set_scoring(self, strategy: str) -> None:
        """``first-fit`` (by node name), ``LeastAllocated``, ``MostAllocated`` or
        ``BalancedAllocation``."""

    def run_for(self, seconds: int) -> None:
        """Let logical time pass, reconciling every 15 seconds of it."""

    @property
    def events(self) -> Sequence[EventLike]:
        """Every event so far, oldest first (``EventLike``)."""

    @property
    def history(self) -> Sequence[Any]:
        """One record per reconcile pass: ``.number``, ``.time`` and ``.deployments[name]``
        with ``.total`` and ``.ready`` after that pass."""

    def watch(self, callback: Any) -> None:
        """Call ``callback()`` after every reconcile pass, those ``rolling_update`` and
        ``rollback`` run included: the rollout checks count ``pods()`` in it (without it they
        drive the rollout pass by pass themselves), and one world's traffic split and
        timeline follow the pods by it (without it they are re-read every 15 s). kubeloop's
        own also takes ``deployments=True``: the callback then gets the deployments the pass
        may have changed."""

    def clear_cpu_utilization(self, name: str) -> None:
        """No metric for the deployment's pods now: the HPA holds its replicas and says so
        (ScalingActive=False) instead of acting on the last value (one world's query HPA)."""


CONTRACT_NAMES = ("Cluster", "Deployment", "HPA", "Node", "RolloutStalledError")
CLUSTER_METHODS = (
    "add_node",
    "apply",
    "scale",
    "reconcile",
    "pods",
    "delete_pod",
    "fail_node",
    "recover_node",
    "rolling_update",
    "rollback",
)


def missing_from(module: ModuleType) -> list[str]:
    """The contract's names (and Cluster methods) that ``module`` does not provide."""
    missing = [name for name in CONTRACT_NAMES if not hasattr(module, name)]
    cluster = getattr(module, "Cluster", None)
    if cluster is not None:
        missing += [f"Cluster.{m}" for m in CLUSTER_METHODS if not hasattr(cluster, m)]
    hpa = getattr(module, "HPA", None)
    if hpa is not None and not hasattr(hpa, "desired_replicas"):
        missing.append("HPA.desired_replicas")
    return missing
