"""Lab 01, the cluster: a deterministic miniature of the Kubernetes control plane.

One file per kind — ``nodes``, ``pods``, ``deployments``, ``taints``, ``autoscaling`` —
holds its spec, defaults, internal record and view; ``state`` keeps the records and their
indexes; ``scheduler/`` has one module per plugin and ``controllers/`` one per controller;
``cluster`` is the thin façade that runs a pass.

The names are imported at first use (``kubeloop.exports``): a step that needs a default
from ``deployments`` does not import the whole cluster.
"""

from typing import TYPE_CHECKING

from kubeloop.exports import exports

if TYPE_CHECKING:
    from kubeloop.cluster.affinity import (
        Affinity,
        NodeSelectorTerm,
        PodAffinityTerm,
        PreferredSchedulingTerm,
        TopologySpreadConstraint,
        WeightedPodAffinityTerm,
    )
    from kubeloop.cluster.autoscaler import (
        AutoscalerSettings,
        ClusterAutoscalerInfo,
        NodeGroup,
        NodeGroupInfo,
        UnneededNode,
        UpcomingNode,
    )
    from kubeloop.cluster.autoscaling import HPA, AutoscalerInfo
    from kubeloop.cluster.cluster import Cluster
    from kubeloop.cluster.deployments import Deployment, DeploymentInfo, ReplicaSetInfo
    from kubeloop.cluster.disruption import DisruptionBudgetInfo
    from kubeloop.cluster.disruption_budget import PodDisruptionBudget
    from kubeloop.cluster.eviction import DrainResult
    from kubeloop.cluster.history import (
        DeploymentExtremes,
        DeploymentTotals,
        Extent,
        Mark,
        PassRecord,
        ReconcileResult,
    )
    from kubeloop.cluster.labels import LabelSelector, Requirement
    from kubeloop.cluster.nodes import Node, NodeInfo
    from kubeloop.cluster.pods import Container, Pod, PodTemplate
    from kubeloop.cluster.priority import Preemption, PriorityClass
    from kubeloop.cluster.rollout import RolloutSnapshot
    from kubeloop.cluster.scaling_behavior import Behavior, ScalingPolicy, ScalingRules
    from kubeloop.cluster.taints import Taint, Toleration

__all__ = [
    "HPA",
    "Affinity",
    "AutoscalerInfo",
    "AutoscalerSettings",
    "Behavior",
    "Cluster",
    "ClusterAutoscalerInfo",
    "Container",
    "Deployment",
    "DeploymentExtremes",
    "DeploymentInfo",
    "DeploymentTotals",
    "DisruptionBudgetInfo",
    "DrainResult",
    "Extent",
    "LabelSelector",
    "Mark",
    "Node",
    "NodeGroup",
    "NodeGroupInfo",
    "NodeInfo",
    "NodeSelectorTerm",
    "PassRecord",
    "Pod",
    "PodAffinityTerm",
    "PodDisruptionBudget",
    "PodTemplate",
    "Preemption",
    "PreferredSchedulingTerm",
    "PriorityClass",
    "ReconcileResult",
    "ReplicaSetInfo",
    "Requirement",
    "RolloutSnapshot",
    "ScalingPolicy",
    "ScalingRules",
    "Taint",
    "Toleration",
    "TopologySpreadConstraint",
    "UnneededNode",
    "UpcomingNode",
    "WeightedPodAffinityTerm",
]

__getattr__ = exports(
    __name__,
    {
        "kubeloop.cluster.affinity": (
            "Affinity",
            "NodeSelectorTerm",
            "PodAffinityTerm",
            "PreferredSchedulingTerm",
            "TopologySpreadConstraint",
            "WeightedPodAffinityTerm",
        ),
        "kubeloop.cluster.autoscaler": (
            "AutoscalerSettings",
            "ClusterAutoscalerInfo",
            "NodeGroup",
            "NodeGroupInfo",
            "UnneededNode",
            "UpcomingNode",
        ),
        "kubeloop.cluster.autoscaling": (
            "HPA",
            "AutoscalerInfo",
        ),
        "kubeloop.cluster.cluster": ("Cluster",),
        "kubeloop.cluster.deployments": (
            "Deployment",
            "DeploymentInfo",
            "ReplicaSetInfo",
        ),
        "kubeloop.cluster.disruption": ("DisruptionBudgetInfo",),
        "kubeloop.cluster.disruption_budget": ("PodDisruptionBudget",),
        "kubeloop.cluster.eviction": ("DrainResult",),
        "kubeloop.cluster.history": (
            "DeploymentExtremes",
            "DeploymentTotals",
            "Extent",
            "Mark",
            "PassRecord",
            "ReconcileResult",
        ),
        "kubeloop.cluster.labels": (
            "LabelSelector",
            "Requirement",
        ),
        "kubeloop.cluster.nodes": (
            "Node",
            "NodeInfo",
        ),
        "kubeloop.cluster.pods": (
            "Container",
            "Pod",
            "PodTemplate",
        ),
        "kubeloop.cluster.priority": (
            "Preemption",
            "PriorityClass",
        ),
        "kubeloop.cluster.rollout": ("RolloutSnapshot",),
        "kubeloop.cluster.scaling_behavior": (
            "Behavior",
            "ScalingPolicy",
            "ScalingRules",
        ),
        "kubeloop.cluster.taints": (
            "Taint",
            "Toleration",
        ),
    },
)
