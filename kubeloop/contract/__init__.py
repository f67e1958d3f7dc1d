"""The contracts a learner implements, one ``Protocol`` module per mechanism.

``kubeloop.contract.cluster`` is Lab 01's. ``missing_from(module)`` lists what a module
lacks of the cluster contract.
"""

from kubeloop.contract.cluster import (
    CLUSTER_METHODS,
    CONTRACT_NAMES,
    ClusterLike,
    HPALike,
    PodLike,
    ReconcileResultLike,
    SnapshotLike,
    missing_from,
)

__all__ = [
    "CLUSTER_METHODS",
    "CONTRACT_NAMES",
    "ClusterLike",
    "HPALike",
    "PodLike",
    "ReconcileResultLike",
    "SnapshotLike",
    "missing_from",
]
