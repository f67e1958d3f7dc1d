"""Read-only views built from the state: what ``kubectl get`` and ``describe`` would show."""

from __future__ import annotations

from collections.abc import Iterable

from kubeloop.cluster.autoscaling import AutoscalerInfo
from kubeloop.cluster.controllers.deployment import budget, new_replicaset
from kubeloop.cluster.controllers.deployment_status import totals
from kubeloop.cluster.controllers.hpa import AutoscalerRecord, utilization
from kubeloop.cluster.deployments import DeploymentInfo, DeploymentRecord, ReplicaSetInfo
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
        record.template.digest,
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
            rs.template.digest,
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
