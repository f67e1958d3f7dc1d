"""The rolling-update ladder against rolling_test.go's tables (replicas 10)."""

from __future__ import annotations

import pytest

from kubeloop import Deployment
from kubeloop.cluster.controllers.actions import ScaleReplicaSet
from kubeloop.cluster.controllers.deployment import scale_down_old
from kubeloop.cluster.deployments import DeploymentRecord, ReplicaSetRecord


def deployment(max_surge: int, max_unavailable: int) -> DeploymentRecord:
    """A record whose literal 0/0 (valid inside upstream's controller tests) resolves to 0/1."""
    spec = Deployment(
        "web", replicas=10, cpu="100m", max_surge=max_surge, max_unavailable=max_unavailable or 1
    )
    return DeploymentRecord(spec, spec.template())


def old_rs(replicas: int, ready: int) -> ReplicaSetRecord:
    spec = Deployment("web", cpu="100m", version="v0")
    rs = ReplicaSetRecord("web-old", "web", spec.template(), replicas, 1, 1, 10, 10)
    rs.ready_count = ready
    return rs


@pytest.mark.parametrize(
    ("max_unavailable", "old_replicas", "old_ready", "new_replicas", "new_ready", "expected"),
    [
        (0, 10, 10, 0, 0, 9),  # fenceposts make unavailable 1
        (2, 10, 10, 0, 0, 8),
        (2, 10, 8, 0, 0, 8),  # the two unhealthy go first
        (2, 10, 9, 0, 0, 8),  # one unhealthy plus one ready
        (2, 8, 8, 2, 0, None),  # maxScaledDown = 10 - 8 - 2 = 0: no scale
    ],
)
def test_reconcile_old_replicasets(
    max_unavailable: int,
    old_replicas: int,
    old_ready: int,
    new_replicas: int,
    new_ready: int,
    expected: int | None,
) -> None:
    record = deployment(0, max_unavailable)
    unavailable = max_unavailable or 1
    actions = scale_down_old(
        record, [old_rs(old_replicas, old_ready)], new_replicas, new_ready, unavailable
    )
    if expected is None:
        assert actions == []
    else:
        assert actions == [ScaleReplicaSet("web-old", expected, 10, 10)]


@pytest.mark.parametrize(
    ("max_unavailable", "ready", "expected"),
    [(0, 10, 9), (2, 10, 8), (2, 8, None), (2, 1, None)],
)
def test_scale_down_healthy_old_replicas(
    max_unavailable: int, ready: int, expected: int | None
) -> None:
    record = deployment(0, max_unavailable)
    unavailable = max_unavailable or 1
    rs = old_rs(10, ready)
    rs.replicas = ready  # unhealthy replicas were already cleaned up in these rows
    actions = scale_down_old(record, [rs], 0, 0, unavailable)
    if expected is None:
        assert actions == []
    else:
        assert actions == [ScaleReplicaSet("web-old", expected, 10, 10)]
