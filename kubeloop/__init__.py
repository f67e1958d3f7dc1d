"""kubeloop: one deterministic, in-memory world for scenario tests, in plain English.

The public contract of Lab 01 is ``Cluster``, ``Node``, ``Deployment``, ``HPA`` and
``RolloutStalledError`` (see ``kubeloop.contract``); the rest is offered beside it.
``__all__`` is every mechanism package's ``__all__`` plus the error tree.
"""

from kubeloop.cluster import (
    HPA,
    Affinity,
    Behavior,
    Cluster,
    Container,
    Deployment,
    DeploymentInfo,
    DisruptionBudgetInfo,
    DrainResult,
    LabelSelector,
    Node,
    NodeInfo,
    NodeSelectorTerm,
    PassRecord,
    Pod,
    PodAffinityTerm,
    PodDisruptionBudget,
    Preemption,
    PreferredSchedulingTerm,
    PriorityClass,
    ReconcileResult,
    Requirement,
    RolloutSnapshot,
    ScalingPolicy,
    ScalingRules,
    Taint,
    Toleration,
    TopologySpreadConstraint,
    WeightedPodAffinityTerm,
)
from kubeloop.core.events import Event
from kubeloop.errors import (
    AlreadyExistsError,
    EvictionRefusedError,
    FixtureError,
    InvalidQuantityError,
    InvalidSpecError,
    KubeloopError,
    NotConvergedError,
    NotFoundError,
    RolloutStalledError,
)
from kubeloop.pipeline import Pipeline  # Lab 02: the pipeline's entry point
from kubeloop.telemetry.telemetry import Telemetry as Telemetry  # Lab 03's engine entry point

__version__ = "0.1.0"

__all__ = [
    "HPA",
    "Affinity",
    "AlreadyExistsError",
    "Behavior",
    "Cluster",
    "Container",
    "Deployment",
    "DeploymentInfo",
    "DisruptionBudgetInfo",
    "DrainResult",
    "Event",
    "EvictionRefusedError",
    "FixtureError",
    "InvalidQuantityError",
    "InvalidSpecError",
    "KubeloopError",
    "LabelSelector",
    "Node",
    "NodeInfo",
    "NodeSelectorTerm",
    "NotConvergedError",
    "NotFoundError",
    "PassRecord",
    "Pipeline",
    "Pod",
    "PodAffinityTerm",
    "PodDisruptionBudget",
    "Preemption",
    "PreferredSchedulingTerm",
    "PriorityClass",
    "ReconcileResult",
    "Requirement",
    "RolloutSnapshot",
    "RolloutStalledError",
    "ScalingPolicy",
    "ScalingRules",
    "Taint",
    "Toleration",
    "TopologySpreadConstraint",
    "WeightedPodAffinityTerm",
]
