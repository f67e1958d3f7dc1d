"""kubeloop: one deterministic, in-memory world for scenario tests, in plain English.

The public contract of Lab 01 is ``Cluster``, ``Node``, ``Deployment``, ``HPA`` and
``RolloutStalledError`` (see ``kubeloop.contract``); the rest is offered beside it.
``__all__`` is every mechanism package's ``__all__`` plus the error tree.
"""

from kubeloop.cluster import (
    HPA,
    Behavior,
    Cluster,
    Container,
    Deployment,
    DeploymentInfo,
    Node,
    NodeInfo,
    PassRecord,
    Pod,
    ReconcileResult,
    RolloutSnapshot,
    ScalingPolicy,
    ScalingRules,
    Taint,
    Toleration,
)
from kubeloop.core.events import Event
from kubeloop.errors import (
    AlreadyExistsError,
    FixtureError,
    InvalidQuantityError,
    InvalidSpecError,
    KubeloopError,
    NotConvergedError,
    NotFoundError,
    RolloutStalledError,
)
from kubeloop.pipeline import Pipeline  # Lab 02: the pipeline's entry point

__version__ = "0.1.0"

__all__ = [
    "HPA",
    "AlreadyExistsError",
    "Behavior",
    "Cluster",
    "Container",
    "Deployment",
    "DeploymentInfo",
    "Event",
    "FixtureError",
    "InvalidQuantityError",
    "InvalidSpecError",
    "KubeloopError",
    "Node",
    "NodeInfo",
    "NotConvergedError",
    "NotFoundError",
    "PassRecord",
    "Pipeline",
    "Pod",
    "ReconcileResult",
    "RolloutSnapshot",
    "RolloutStalledError",
    "ScalingPolicy",
    "ScalingRules",
    "Taint",
    "Toleration",
]
