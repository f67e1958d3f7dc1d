"""Opt-in realistic node-failure timing: grace period, then 300 s default tolerations
(node_lifecycle_controller defaults, the DefaultTolerationSeconds admission plugin)."""

from __future__ import annotations

import pytest

from kubeloop import Cluster, Deployment, Toleration
from kubeloop.errors import InvalidSpecError
from tests.conftest import nodes


def on(cluster: Cluster, node: str) -> list[str]:
    return [p.name for p in cluster.pods() if p.node == node]


def realistic(tick_pods: int = 2) -> Cluster:
    cluster = Cluster(nodes=nodes(2))
    cluster.use_realistic_node_failure()
    cluster.apply(Deployment("web", replicas=tick_pods, cpu="500m"))
    cluster.reconcile_until_stable()
    return cluster


def test_the_lab_default_is_instant_eviction() -> None:
    cluster = Cluster(nodes=nodes(2))
    cluster.apply(Deployment("web", replicas=2, cpu="500m"))
    cluster.reconcile_until_stable()
    cluster.fail_node("node-1")
    assert on(cluster, "node-1") == []


def test_a_failed_node_stays_ready_for_the_grace_period_then_evicts_after_300s() -> None:
    cluster = realistic()
    cluster.fail_node("node-1")
    assert cluster.node("node-1").ready
    cluster.run_for(45)
    assert cluster.node("node-1").ready  # 45 s: within the 50 s grace
    cluster.run_for(15)
    assert not cluster.node("node-1").ready  # first pass after 50 s (t = 60)
    assert any(e.reason == "NodeNotReady" for e in cluster.events)
    assert [p.ready for p in cluster.pods()] == [False, False]
    cluster.run_for(285)
    assert len(on(cluster, "node-1")) == 2  # t = 345: tolerated for 300 s from t = 60
    cluster.run_for(15)
    assert on(cluster, "node-1") == []  # t = 360
    assert len([p for p in cluster.pods() if p.node == "node-2" and p.ready]) == 2


def test_a_pod_with_its_own_toleration_keeps_it() -> None:
    cluster = Cluster(nodes=nodes(2))
    cluster.use_realistic_node_failure()
    forever = Toleration("node.kubernetes.io/unreachable", "Exists", effect="NoExecute")
    cluster.apply(Deployment("web", replicas=1, cpu="500m", tolerations=[forever]))
    cluster.reconcile_until_stable()
    cluster.fail_node("node-1")
    cluster.run_for(900)
    assert on(cluster, "node-1") == ["web-1"]


def test_recovering_within_the_grace_period_changes_nothing() -> None:
    cluster = realistic()
    cluster.fail_node("node-1")
    cluster.run_for(30)
    cluster.recover_node("node-1")
    cluster.run_for(120)
    assert cluster.node("node-1").ready
    assert len(on(cluster, "node-1")) == 2


@pytest.mark.parametrize("kwargs", [{"grace_seconds": -1}, {"toleration_seconds": 10**9}])
def test_timing_is_bounded(kwargs: dict[str, int]) -> None:
    with pytest.raises(InvalidSpecError):
        Cluster().use_realistic_node_failure(**kwargs)
