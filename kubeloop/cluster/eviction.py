"""The eviction API and ``kubectl drain``: voluntary disruptions, gated by disruption budgets.

``evict`` follows ``pkg/registry/core/pod/storage/eviction.go``: a Pending pod bypasses
the budgets; no budget → delete; more than one → 500; one whose ``disruptionsAllowed``
is 0 → 429 "Cannot evict pod as it would violate the pod's disruption budget." with the
``DisruptionBudget`` cause. A pod that is not Ready is evicted without spending budget
when the policy is AlwaysAllow, or IfHealthyBudget (the default) while the budget is
met. ``drain`` is kubectl's: cordon, evict every pod on the node, and on a 429 retry
every 5 s of logical time — the cluster reconciling meanwhile — until ``timeout``
seconds have passed. Involuntary disruptions (a node failing, taint eviction) and the
Deployment controller's own scale-downs never go through here, as upstream.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from kubeloop.cluster import node_events
from kubeloop.cluster.disruption import budgets_for, status
from kubeloop.cluster.disruption_budget import PodDisruptionBudget
from kubeloop.cluster.names import NAMESPACE
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.state import ClusterState
from kubeloop.errors import EvictionRefusedError

DRAIN_RETRY_SECONDS = 5
VIOLATION = "Cannot evict pod as it would violate the pod's disruption budget."
MANY_BUDGETS = (
    "This pod has more than one PodDisruptionBudget, which the eviction subresource does "
    "not support."
)


def check(state: ClusterState, budgets: Mapping[str, PodDisruptionBudget], pod_name: str) -> None:
    """Raise ``EvictionRefusedError`` if the eviction API would refuse this pod now."""
    pod = state.pods[pod_name]
    if pod.node is None:
        return
    covering = budgets_for(pod, (budgets[name] for name in sorted(budgets)))
    if not covering:
        return
    if len(covering) > 1:
        raise EvictionRefusedError(pod.name, 500, MANY_BUDGETS)
    pdb = covering[0]
    info = status(state, pdb)
    if not pod.ready:
        policy = pdb.unhealthy_pod_eviction_policy
        budget_met = info.current_healthy >= info.desired_healthy and info.desired_healthy > 0
        if policy == "AlwaysAllow" or budget_met:
            return
    if info.disruptions_allowed == 0:
        raise EvictionRefusedError(
            pod.name,
            429,
            VIOLATION,
            f"DisruptionBudget: The disruption budget {pdb.name} needs "
            f"{info.desired_healthy} healthy pods and has {info.current_healthy} currently",
        )


def evict(state: ClusterState, budgets: Mapping[str, PodDisruptionBudget], pod_name: str) -> None:
    """``POST pods/<pod>/eviction``: delete the pod unless a budget forbids it."""
    check(state, budgets, pod_name)
    pod = state.pods[pod_name]
    state.delete_pod(pod)
    state.events.normal("Killing", f"pod/{pod.name}", f"Stopping container {pod.name}")


@dataclass(frozen=True)
class DrainResult:
    """What ``kubectl drain`` printed: evicted pods, and those still refused at the end."""

    node: str
    evicted: tuple[str, ...]
    refused: tuple[tuple[str, str], ...]
    """(pod, the eviction API's refusal) for pods still on the node when drain gave up."""
    waited: int
    """Logical seconds drain spent retrying."""

    @property
    def drained(self) -> bool:
        return not self.refused

    @property
    def output(self) -> tuple[str, ...]:
        """kubectl's lines: evictions, retries given up, ``node/<n> drained``."""
        lines = [f"pod/{name} evicted" for name in self.evicted]
        lines += [
            f'error when evicting pods/"{pod}" -n "{NAMESPACE}": {message}'
            for pod, message in self.refused
        ]
        if self.drained:
            lines.append(f"node/{self.node} drained")
        return tuple(lines)


def drain(
    state: ClusterState,
    budgets: Mapping[str, PodDisruptionBudget],
    node: NodeRecord,
    timeout: int,
    wait: Callable[[int], object],
) -> DrainResult:
    node_events.set_unschedulable(state, node, True)
    evicted: list[str] = []
    waited = 0
    while True:
        refused: list[tuple[str, str]] = []
        retryable = True
        for pod in sorted(node.pods.values(), key=lambda p: p.seq):
            try:
                evict(state, budgets, pod.name)
                evicted.append(pod.name)
            except EvictionRefusedError as error:
                cause = f" ({error.cause})" if error.cause else ""
                refused.append((pod.name, f"{error.message}{cause}"))
                retryable = retryable and error.code == 429  # kubectl retries only 429s
        if not refused or not retryable or waited + DRAIN_RETRY_SECONDS > timeout:
            return DrainResult(node.name, tuple(evicted), tuple(refused), waited)
        wait(DRAIN_RETRY_SECONDS)
        waited += DRAIN_RETRY_SECONDS
