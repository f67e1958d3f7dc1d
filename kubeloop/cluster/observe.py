"""Read-only views built from the state: what ``kubectl get`` and ``describe`` would show."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from types import MappingProxyType

from kubeloop.cluster.autoscaling import AutoscalerInfo
from kubeloop.cluster.controllers.deployment import budget, new_replicaset
from kubeloop.cluster.controllers.deployment_status import totals
from kubeloop.cluster.controllers.hpa import AutoscalerRecord, utilization
from kubeloop.cluster.deployments import DeploymentInfo, DeploymentRecord, ReplicaSetInfo
from kubeloop.cluster.history import DeploymentTotals, PassRecord, ReconcileResult
from kubeloop.cluster.state import ClusterState


def deployment_info(state: ClusterState, record: DeploymentRecord) -> DeploymentInfo:
    pods, updated, ready, available = totals(state, record)
    new_rs = new_replicaset(state, record)
    return DeploymentInfo(
        record.name,
        record.spec.replicas,
        record.template.version,
        pods,
        updated,
        ready,
        available,
        new_rs.revision if new_rs else 0,
        record.spec.strategy,
        tuple(record.conditions[k] for k in sorted(record.conditions)),
        *budget(record),
    )


def replicaset_infos(state: ClusterState, deployments: Iterable[str]) -> list[ReplicaSetInfo]:
    return [
        ReplicaSetInfo(
            rs.name,
            rs.deployment,
            rs.template.version,
            rs.replicas,
            len(rs.pods),
            rs.ready_count,
            rs.revision,
        )
        for name in deployments
        for rs in state.replicasets_of(name)
    ]


def autoscaler_info(state: ClusterState, record: AutoscalerRecord) -> AutoscalerInfo:
    hpa = record.hpa
    replicas = state.deployments[record.deployment].spec.replicas
    observed = utilization(state, record)
    return AutoscalerInfo(
        record.deployment,
        hpa.min_replicas,
        hpa.max_replicas,
        hpa.target,
        replicas,
        observed,
        record.recommendation,
        tuple(record.conditions[k] for k in sorted(record.conditions)),
        hpa.desired_replicas(replicas, observed) if observed is not None else None,
    )


def pass_record(state: ClusterState, number: int, result: ReconcileResult) -> PassRecord:
    """The history entry of a pass: per-deployment totals after it (O(deployments)).

    Runs right after the status update of the same pass, so each deployment's
    recorded status is current and need not be counted again.
    """
    pending = Counter(p.deployment for p in state.pending.values())
    per_deployment = {}
    for name in sorted(state.deployments):
        pods, updated, ready, _ = state.deployments[name].status
        per_deployment[name] = DeploymentTotals(pods, updated, ready, pending[name])
    return PassRecord(
        number,
        state.clock.now,
        result,
        MappingProxyType(per_deployment),
        len(state.pods) - len(state.pending),
        len(state.pending),
        tuple(n for n in sorted(state.nodes) if not state.nodes[n].ready),
    )
