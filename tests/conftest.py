"""Shared helpers for the engine's unit tests."""

from __future__ import annotations

import pytest

from kubeloop import Cluster, Deployment, Node

pytest_plugins = ["pytester"]


def nodes(count: int, cpu: str = "4", memory: str = "8Gi") -> list[Node]:
    return [Node(f"node-{i}", cpu=cpu, memory=memory) for i in range(1, count + 1)]


def running(cluster: Cluster, deployment: str | None = None) -> list[str]:
    """Names of the Running pods (of one deployment, if named)."""
    return [p.name for p in cluster.pods(deployment) if p.phase == "Running"]


@pytest.fixture
def web_cluster() -> Cluster:
    """3 nodes of 4 cpu / 8Gi and a converged deployment "web" of 4 (500m / 256Mi)."""
    cluster = Cluster(nodes=nodes(3))
    cluster.apply(Deployment("web", replicas=4, cpu="500m", memory="256Mi", version="v1"))
    cluster.reconcile()
    return cluster
