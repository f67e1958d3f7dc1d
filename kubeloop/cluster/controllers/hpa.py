"""HPA controller: every sync period (15 s of logical time), and whenever a new metric
sample arrives, turn the observed CPU utilisation into a scale.

The scenario sets a utilisation for the pods it sees; kubeloop keeps that demand
constant (utilisation × ready pods, in units of one pod's request), so after the
HPA adds pods each one is less busy — as real CPU-bound load behaves.
Utilisation is truncated to a whole percent, as upstream does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kubeloop.cluster.autoscaling import (
    HPA,
    SYNC_PERIOD,
    normalize_legacy,
    normalize_with_behavior,
)
from kubeloop.cluster.controllers.actions import Action, ScaleDeployment
from kubeloop.cluster.scale_events import ScalingHistory
from kubeloop.cluster.state import ClusterState
from kubeloop.core.conditions import Condition, set_condition

METRIC = "cpu resource utilization (percentage of request)"


@dataclass
class AutoscalerRecord:
    deployment: str
    hpa: HPA
    demand: int | None = None
    """Total CPU demand in percent of one pod's request (90% over 4 pods = 360)."""
    samples: int = 0
    """Metric samples received; a new one is evaluated without waiting for the period."""
    last_sync: int | None = None
    synced_samples: int = 0
    observed_utilization: int | None = None
    observed_replicas: int = 0
    recommendation: int | None = None
    history: ScalingHistory = field(default_factory=ScalingHistory)
    conditions: dict[str, Condition] = field(default_factory=dict)

    def set_condition(self, type_: str, status: str, reason: str, message: str, now: int) -> None:
        set_condition(self.conditions, type_, status, reason, message, now)


def utilization(state: ClusterState, record: AutoscalerRecord) -> int | None:
    ready = sum(rs.ready_count for rs in state.replicasets_of(record.deployment))
    if record.demand is None or ready == 0:
        return None
    return record.demand // ready


def reconcile(state: ClusterState, autoscalers: dict[str, AutoscalerRecord]) -> list[Action]:
    actions: list[Action] = []
    now = state.clock.now
    for name in sorted(autoscalers):
        record = autoscalers[name]
        fresh = record.samples != record.synced_samples
        if record.last_sync is not None and now < record.last_sync + SYNC_PERIOD and not fresh:
            continue
        action = sync(state, record, now)
        if action is not None:
            actions.append(action)
    return actions


def sync(state: ClusterState, record: AutoscalerRecord, now: int) -> ScaleDeployment | None:
    deployment = state.deployments[record.deployment]
    hpa = record.hpa
    current = deployment.spec.replicas
    record.last_sync = now
    record.synced_samples = record.samples
    record.observed_replicas = current
    record.history.record_initial(current, now)
    if current == 0 and hpa.min_replicas != 0:
        record.set_condition(
            "ScalingActive",
            "False",
            "ScalingDisabled",
            "scaling is disabled since the replica count of the target is zero",
            now,
        )
        return None
    missing = [c.name for c in deployment.template.containers if c.cpu == 0]
    if missing:
        message = (
            f"failed to get cpu utilization: missing request for cpu in container "
            f'{missing[0]} of Pod "{deployment.name}"'
        )
        record.set_condition("ScalingActive", "False", "FailedGetResourceMetric", message, now)
        state.events.warning("FailedGetResourceMetric", f"hpa/{record.deployment}", message)
        return None
    value = utilization(state, record)
    if value is None:
        message = "did not receive metrics for targeted pods (pods might be unready)"
        record.set_condition("ScalingActive", "False", "FailedGetResourceMetric", message, now)
        return None
    record.observed_utilization = value
    record.set_condition(
        "ScalingActive",
        "True",
        "ValidMetricFound",
        f"the HPA was able to successfully calculate a replica count from {METRIC}",
        now,
    )
    if current > hpa.max_replicas or current < hpa.min_replicas:
        desired = hpa.desired_replicas(current, value)
        reason = (
            "Current number of replicas above Spec.MaxReplicas"
            if current > hpa.max_replicas
            else "Current number of replicas below Spec.MinReplicas"
        )
        record.recommendation = desired
        return _rescale(record, current, desired, reason, now)
    proposal = hpa.recommend(current, value)
    record.recommendation = max(hpa.min_replicas, min(hpa.max_replicas, proposal))
    if hpa.behavior is None:
        normalized = normalize_legacy(hpa, current, proposal, now, record.history)
    else:
        normalized = normalize_with_behavior(
            hpa, hpa.behavior, current, proposal, now, record.history
        )
    record.set_condition(
        "AbleToScale", "True", normalized.stabilized, normalized.stabilized_message, now
    )
    record.set_condition(
        "ScalingLimited",
        "True" if normalized.limited else "False",
        normalized.reason,
        normalized.message,
        now,
    )
    if normalized.replicas == current:
        return None
    reason = (
        f"{METRIC} above target" if normalized.replicas > current else "All metrics below target"
    )
    return _rescale(record, current, normalized.replicas, reason, now)


def _rescale(
    record: AutoscalerRecord, current: int, desired: int, reason: str, now: int
) -> ScaleDeployment:
    record.set_condition(
        "AbleToScale",
        "True",
        "SucceededRescale",
        f"the HPA controller was able to update the target scale to {desired}",
        now,
    )
    record.history.store_scale_event(record.hpa.behavior, current, desired, now)
    return ScaleDeployment(record.deployment, desired, reason)
