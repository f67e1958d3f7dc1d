"""PodDisruptionBudget: the status the disruption controller computes, and its view (the spec
is ``disruption_budget.py``).

Status follows ``pkg/controller/disruption/disruption.go``: with an integer
``minAvailable`` the expected count is the number of pods the selector matches; with a
percentage or ``maxUnavailable`` it is the sum of the scales of those pods' controllers
(their Deployments' replicas). Percentages round up. ``currentHealthy`` counts matching
pods that are Ready; ``disruptionsAllowed = max(0, currentHealthy - desiredHealthy)``,
forced to 0 when nothing is expected. kubeloop evicts at once, so upstream's 2-minute
``disruptedPods`` bookkeeping has nothing to guard and is not modelled.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kubeloop.cluster.deployments import ReplicaSetRecord
from kubeloop.cluster.disruption_budget import PodDisruptionBudget
from kubeloop.cluster.int_or_percent import scaled_value
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.state import ClusterState


@dataclass(frozen=True, slots=True)
class DisruptionBudgetInfo:
    """``kubectl get pdb``: the budget's status right now."""

    name: str
    expected_pods: int
    desired_healthy: int
    current_healthy: int
    disruptions_allowed: int

    @property
    def condition_reason(self) -> str:
        """``DisruptionAllowed``'s reason: SufficientPods or InsufficientPods."""
        return "SufficientPods" if self.disruptions_allowed > 0 else "InsufficientPods"


def matching_replicasets(state: ClusterState, pdb: PodDisruptionBudget) -> list[ReplicaSetRecord]:
    """The ReplicaSets whose pods the budget selects: a ReplicaSet's pods share its
    template's labels, so the selector is asked once per ReplicaSet, not once per pod."""
    return [rs for rs in state.replicasets.values() if pdb.selector.matches(rs.template.label_map)]


def budgets_for(
    pod: PodRecord, budgets: Iterable[PodDisruptionBudget]
) -> list[PodDisruptionBudget]:
    return [b for b in budgets if b.selector.matches(pod.template.label_map)]


def status(state: ClusterState, pdb: PodDisruptionBudget) -> DisruptionBudgetInfo:
    owned = [rs for rs in matching_replicasets(state, pdb) if rs.pods]
    healthy = sum(rs.ready_count for rs in owned)
    if pdb.min_available is None and pdb.max_unavailable is None:
        return DisruptionBudgetInfo(pdb.name, 0, 0, healthy, 0)
    if isinstance(pdb.min_available, int):
        expected, desired = sum(len(rs.pods) for rs in owned), pdb.min_available
    else:
        owners = sorted({rs.deployment for rs in owned})
        expected = sum(state.deployments[d].spec.replicas for d in owners)
        if pdb.max_unavailable is not None:
            desired = max(0, expected - scaled_value(pdb.max_unavailable, expected, round_up=True))
        else:
            assert pdb.min_available is not None
            desired = scaled_value(pdb.min_available, expected, round_up=True)
    allowed = max(0, healthy - desired) if expected > 0 else 0
    return DisruptionBudgetInfo(pdb.name, expected, desired, healthy, allowed)
