"""kubeloop: a deterministic, in-memory miniature of the Kubernetes control plane.

The public contract is ``Cluster``, ``Node``, ``Deployment``, ``HPA`` and
``RolloutStalledError`` (see ``kubeloop.contract``); the rest is offered beside it.
"""

from kubeloop.autoscaling import HPA, Behavior, ScalingPolicy, ScalingRules
from kubeloop.cluster import Cluster
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
from kubeloop.model import Container, Event, Taint, Toleration
from kubeloop.specs import Deployment, Node
from kubeloop.views import (
    DeploymentInfo,
    NodeInfo,
    PassRecord,
    Pod,
    ReconcileResult,
    RolloutSnapshot,
)

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
    "Pod",
    "ReconcileResult",
    "RolloutSnapshot",
    "RolloutStalledError",
    "ScalingPolicy",
    "ScalingRules",
    "Taint",
    "Toleration",
]
