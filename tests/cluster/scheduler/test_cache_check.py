"""The debug mode that builds every scheduler cache afresh after each cycle and compares
(``scheduler/cache_check.py``): quiet over a run that moves every cache, loud when a cache
is made to drift."""

from __future__ import annotations

import pytest

from kubeloop import (
    Affinity,
    Cluster,
    Deployment,
    LabelSelector,
    Node,
    PodAffinityTerm,
    Taint,
    TopologySpreadConstraint,
)
from kubeloop.cluster.scheduler.cache_check import ENV, CacheDriftError

ZONE = "topology.kubernetes.io/zone"
HOSTNAME = "kubernetes.io/hostname"


def _cluster() -> Cluster:
    nodes = [Node(f"node-{i}", cpu="4", memory="8Gi", labels={ZONE: f"z{i % 2}"}) for i in range(6)]
    return Cluster(nodes=nodes, scoring="LeastAllocated")


def _run(cluster: Cluster) -> None:
    """Binds by class and by domain, anti-affinity by host, deletions, a failed node, a
    taint, a new node and a scale-down: every cache moves."""
    spread = TopologySpreadConstraint(1, ZONE, LabelSelector.of({"app": "spread"}))
    alone = PodAffinityTerm(LabelSelector.of({"app": "alone"}), HOSTNAME)
    cluster.apply(Deployment("plain", replicas=8, cpu="1", memory="256Mi"))
    cluster.apply(
        Deployment("spread", replicas=5, cpu="500m", memory="256Mi", topology_spread=[spread])
    )
    cluster.apply(
        Deployment(
            "alone",
            replicas=7,
            cpu="250m",
            memory="256Mi",
            affinity=Affinity(anti_required=(alone,)),
        )
    )
    cluster.reconcile_until_stable()
    cluster.delete_pod(next(p.name for p in cluster.pods("plain") if p.node is not None))
    cluster.fail_node("node-1")
    cluster.taint("node-2", Taint("dedicated", "x", "NoSchedule"))
    cluster.reconcile_until_stable()
    cluster.add_node(Node("node-9", cpu="4", memory="8Gi", labels={ZONE: "z1"}))
    cluster.scale("plain", 3)
    cluster.reconcile_until_stable()


def test_every_cache_matches_one_built_afresh_through_a_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(ENV, "1")
    cluster = _cluster()
    _run(cluster)
    assert cluster._scheduler._check_caches  # type: ignore[union-attr]
    assert any(p.node is None for p in cluster.pods("alone"))  # one a host, too few hosts
    assert all(p.node is not None for p in cluster.pods("plain"))


def test_a_node_class_that_missed_a_change_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, "1")
    cluster = _cluster()
    cluster.apply(Deployment("plain", replicas=2, cpu="1", memory="256Mi"))
    cluster.reconcile_until_stable()
    scheduler = cluster._scheduler
    classes = scheduler.node_classes(cluster._state)  # type: ignore[union-attr]
    classes.class_of["node-5"] = classes.class_of["node-0"]  # node-0 holds pods; 5 none
    cluster.apply(Deployment("more", replicas=1, cpu="1", memory="256Mi"))
    with pytest.raises(CacheDriftError, match="node classes"):
        cluster.reconcile()


def test_pod_counts_that_missed_a_bind_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, "1")
    cluster = _cluster()
    spread = TopologySpreadConstraint(1, ZONE, LabelSelector.of({"app": "spread"}))
    cluster.apply(
        Deployment("spread", replicas=2, cpu="500m", memory="256Mi", topology_spread=[spread])
    )
    cluster.reconcile_until_stable()
    counts = cluster._scheduler.counts  # type: ignore[union-attr]
    node = next(p.node for p in cluster.pods("spread") if p.node is not None)
    counts.on_node[node][12345] += 1  # a pod no node holds
    cluster.scale("spread", 3)
    with pytest.raises(CacheDriftError, match="pod counts"):
        cluster.reconcile()


def test_off_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV, raising=False)
    assert not _cluster()._scheduler._check_caches  # type: ignore[union-attr]
    monkeypatch.setenv(ENV, "0")
    assert not _cluster()._scheduler._check_caches  # type: ignore[union-attr]
