"""The contracts a learner implements, one ``Protocol`` module per mechanism.

``kubeloop.contract.cluster`` is Lab 01's, ``kubeloop.contract.pipeline`` Lab 02's.
``missing_from(module)`` lists what a module lacks of the cluster contract,
``missing_from_pipeline(module)`` of the pipeline's.
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
from kubeloop.contract.pipeline import (
    PIPELINE_METHODS,
    PipelineLike,
    RunLike,
    missing_from_pipeline,
)

__all__ = [
    "CLUSTER_METHODS",
    "CONTRACT_NAMES",
    "PIPELINE_METHODS",
    "ClusterLike",
    "HPALike",
    "PipelineLike",
    "PodLike",
    "ReconcileResultLike",
    "RunLike",
    "SnapshotLike",
    "missing_from",
    "missing_from_pipeline",
]
