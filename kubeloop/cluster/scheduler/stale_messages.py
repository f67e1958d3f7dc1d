"""Messages of parked pods that upstream's hints would retry and the exact hints do not.

The queue (``scheduling_queue.py``) retries a parked pod only when an event could place it.
Upstream's hints are coarser in two places, and a pod retried there fails again, with a new
FailedScheduling message:

- NodeResourcesFit's ``isSchedulableAfterPodEvent`` queues every pod it rejected on any
  bound pod's deletion (a node's evictions, a scale-down, a ``delete_pod``);
- InterPodAffinity's hints queue a pod with required anti-affinity terms on any node added
  or changed that carries a term's topology key (``kubernetes.io/hostname``: every node
  does), and on the deletion of a bound pod that matches all of its terms
  (``isSchedulableAfterNodeChange``, ``isSchedulableAfterPodChange``; a pod repelled only by
  other pods' terms has none, and those hints skip it).

The exact hint is right that such a pod fails again, so kubeloop spares the retry and gives
the pod the message the retry would have: placements and parking times are as they were,
and no FailedScheduling event is recorded for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.framework import Status
from kubeloop.cluster.scheduler.inter_pod_affinity import AFFINITY, ANTI_AFFINITY, EXISTING_ANTI
from kubeloop.cluster.scheduler.messages import FailureMessages
from kubeloop.cluster.scheduler.node_classes import NodeClasses
from kubeloop.cluster.scheduler.resources_fit import ROOM_REASONS

if TYPE_CHECKING:
    from kubeloop.cluster.state import ClusterState

INTER_POD_REASONS = (*AFFINITY.reasons, *ANTI_AFFINITY.reasons, *EXISTING_ANTI.reasons)
"""InterPodAffinity's reasons: a message with one of them was rejected by it somewhere."""


class Refreshing(Protocol):
    """What the refresh needs of the scheduler."""

    by_class: bool

    def explain(self, pod: PodRecord, node: NodeRecord) -> Status | None: ...

    def failure_message(self, state: ClusterState, pod: PodRecord) -> str: ...

    def node_classes(self, state: ClusterState) -> NodeClasses: ...


def refresh(scheduler: Refreshing, state: ClusterState, messages: FailureMessages) -> None:
    """After a cycle: the parked pods its events left parked take their retry's message."""
    classes: Callable[[ClusterState], NodeClasses] | None = (
        scheduler.node_classes if scheduler.by_class else None
    )
    messages.refresh(state, scheduler.explain, classes)
    events = state.queue.events
    for pods in events.unmoved_local:  # a ReplicaSet's: whether one is retried is its message's
        decided: dict[str | None, bool] = {}
        for pod in pods:
            if pod.message not in decided:
                decided[pod.message] = retried_upstream(pod, events.deleted, events.node_event)
        if any(decided.values()):
            message = scheduler.failure_message(state, pods[0])
            for pod in pods:
                if decided[pod.message]:
                    pod.message = message


def retried_upstream(pod: PodRecord, deleted: list[PodRecord], node_event: bool) -> bool:
    """Would upstream's hints retry this pod (placement-aware, its cross-pod filters by host)
    after these events: the bound pods deleted, and whether a node was added or changed?"""
    old = pod.message or ""
    if deleted and any(reason in old for reason in ROOM_REASONS):
        return True
    affinity = pod.template.affinity
    terms = affinity.anti_required if affinity is not None else ()
    if not terms or not any(reason in old for reason in INTER_POD_REASONS):
        return False
    return node_event or any(
        all(term.selector.matches(gone.template.label_map) for term in terms) for gone in deleted
    )
