"""Rolling updates, Recreate, rollback and revisions through the public API."""

from __future__ import annotations

import pytest

from kubeloop import (
    Cluster,
    Deployment,
    Node,
    NotFoundError,
    RolloutStalledError,
)
from tests.conftest import nodes, running


def test_rolling_update_respects_the_budget_every_step(web_cluster: Cluster) -> None:
    steps = web_cluster.rolling_update("web", "v2", max_surge=1, max_unavailable=0)
    assert steps, "a rollout takes at least one step"
    assert all(s.total <= 5 and s.ready >= 4 for s in steps)
    assert steps[-1].updated == 4
    assert {p.version for p in web_cluster.pods("web")} == {"v2"}


def test_percentages_resolve_surge_up_and_unavailable_down() -> None:
    cluster = Cluster(nodes=nodes(4))
    cluster.apply(Deployment("web", replicas=10, cpu="500m", memory="256Mi"))
    cluster.reconcile()
    steps = cluster.rolling_update("web", "v2", max_surge="25%", max_unavailable="25%")
    assert max(s.total for s in steps) == 13
    assert min(s.ready for s in steps) >= 8


def test_zero_surge_and_zero_unavailable_is_rejected_before_any_change(
    web_cluster: Cluster,
) -> None:
    with pytest.raises(RolloutStalledError) as caught:
        web_cluster.rolling_update("web", "v2", max_surge=0, max_unavailable=0)
    assert "both 0" in caught.value.reason
    assert {p.version for p in web_cluster.pods()} == {"v1"}
    assert not web_cluster.reconcile().changed


def test_a_rollout_whose_surge_pod_cannot_be_placed_stalls_with_the_reason() -> None:
    cluster = Cluster(nodes=[Node("node-1", cpu="2", memory="8Gi")])
    cluster.apply(Deployment("web", replicas=4, cpu="500m", memory="256Mi"))
    cluster.reconcile()
    with pytest.raises(RolloutStalledError) as caught:
        cluster.rolling_update("web", "v2", max_surge=1, max_unavailable=0)
    assert "web-5 is Pending: 0/1 nodes are available: 1 Insufficient cpu." in caught.value.reason
    cluster.rollback("web")
    assert {p.version for p in cluster.pods()} == {"v1"}
    assert len(running(cluster)) == 4


def test_rollback_restores_the_previous_revision_with_a_new_number(web_cluster: Cluster) -> None:
    web_cluster.rolling_update("web", "v2", max_surge=1, max_unavailable=0)
    assert web_cluster.deployment("web").revision == 2
    web_cluster.rollback("web")
    assert {p.version for p in web_cluster.pods()} == {"v1"}
    assert web_cluster.deployment("web").revision == 3
    revisions = sorted((rs.revision, rs.version) for rs in web_cluster.replicasets("web"))
    assert revisions == [(2, "v2"), (3, "v1")]


def test_rollback_without_history_is_an_error(web_cluster: Cluster) -> None:
    with pytest.raises(NotFoundError, match="rollout history"):
        web_cluster.rollback("web")


def test_revision_history_limit_removes_the_oldest_empty_replicasets() -> None:
    cluster = Cluster(nodes=nodes(3))
    cluster.apply(Deployment("web", replicas=2, cpu="100m", revision_history_limit=1))
    cluster.reconcile()
    for version in ("v2", "v3", "v4"):
        cluster.rolling_update("web", version)
    cluster.reconcile()
    assert sorted(rs.version for rs in cluster.replicasets("web")) == ["v3", "v4"]


def test_recreate_removes_every_old_pod_before_starting_new_ones() -> None:
    cluster = Cluster(nodes=nodes(2))
    cluster.apply(Deployment("web", replicas=3, cpu="500m", strategy="Recreate"))
    cluster.reconcile()
    cluster.apply(Deployment("web", replicas=3, cpu="500m", strategy="Recreate", version="v2"))
    seen = []
    for _ in range(5):
        cluster.reconcile()
        seen.append(sorted({p.version for p in cluster.pods()}))
    assert ["v1", "v2"] not in seen
    assert seen[-1] == ["v2"]


def test_scaling_mid_rollout_is_proportional() -> None:
    cluster = Cluster(nodes=[Node("node-1", cpu="2500m", memory="8Gi")])
    cluster.apply(Deployment("web", replicas=5, cpu="500m", max_surge=1, max_unavailable=0))
    cluster.reconcile()
    with pytest.raises(RolloutStalledError):
        cluster.rolling_update("web", "v2", max_surge=1, max_unavailable=0)
    cluster.scale("web", 10)
    cluster.reconcile()
    sizes = {rs.version: rs.replicas for rs in cluster.replicasets("web")}
    assert sum(sizes.values()) == 11
    assert sizes == {"v1": 9, "v2": 2}


def test_progress_deadline_on_the_logical_clock() -> None:
    cluster = Cluster(nodes=[Node("node-1", cpu="2")])
    cluster.apply(Deployment("web", replicas=4, cpu="500m", progress_deadline_seconds=60))
    cluster.reconcile()
    cluster.apply(
        Deployment(
            "web",
            replicas=4,
            cpu="500m",
            version="v2",
            max_surge=1,
            max_unavailable=0,
            progress_deadline_seconds=60,
        )
    )
    cluster.run_for(30)
    progressing = cluster.deployment("web").condition("Progressing")
    assert progressing is not None and progressing.status == "True"
    cluster.run_for(60)
    progressing = cluster.deployment("web").condition("Progressing")
    assert progressing is not None
    assert (progressing.status, progressing.reason) == ("False", "ProgressDeadlineExceeded")
    assert any(e.reason == "ProgressDeadlineExceeded" for e in cluster.events)
