"""A settled cluster stays settled: one more pass after ``reconcile_until_stable`` is a no-op."""

from __future__ import annotations

from kubeloop import Cluster, Deployment, Node


def small_cluster() -> Cluster:
    return Cluster(
        nodes=[
            Node("node-1", cpu=1, memory="8Gi"),
            Node("node-2", cpu=2, memory="2Gi", pods=3),
            Node("node-3", cpu=1, memory="1Gi"),
        ]
    )


def web(replicas: int, version: str) -> Deployment:
    return Deployment(
        "web",
        replicas=replicas,
        cpu="500m",
        memory="256Mi",
        version=version,
        max_surge=0,
        max_unavailable=1,
    )


def test_settling_after_a_new_template_and_more_replicas_is_final() -> None:
    """Issue 12's minimal repro: the old ReplicaSet's annotations were refreshed by a pass
    that reported no change, and the scale-down it allowed came one pass too late."""
    cluster = small_cluster()
    cluster.apply(web(2, "v2"))
    cluster.reconcile()
    cluster.apply(web(3, "v1"))
    cluster.reconcile_until_stable()
    again = cluster.reconcile()
    assert not again.changed, again.describe()


def test_the_settled_state_is_the_finished_rollout() -> None:
    """Settling goes all the way: 3 pods of v1, none of v2 (the old ReplicaSet scaled to 0)."""
    cluster = small_cluster()
    cluster.apply(web(2, "v2"))
    cluster.reconcile()
    cluster.apply(web(3, "v1"))
    cluster.reconcile_until_stable()
    assert sorted(p.version for p in cluster.pods()) == ["v1", "v1", "v1"]
    assert all(p.ready for p in cluster.pods())
    sets = [(rs.version, rs.replicas) for rs in cluster.replicasets("web")]
    assert sets == [("v2", 0), ("v1", 3)]


def test_settling_after_scaling_up_and_a_new_template_on_one_node_is_final() -> None:
    """The state machine's shrunk example of the same bug: one node, 1 → 2 replicas, v1 → v2."""
    cluster = Cluster(nodes=[Node("node-1", cpu=1, memory="1Gi", pods=3)])
    cluster.apply(Deployment("web", replicas=0, cpu="500m", memory="256Mi", max_surge=0))
    cluster.scale("web", 1)
    cluster.reconcile_until_stable()
    cluster.apply(web(2, "v2"))
    cluster.reconcile_until_stable()
    again = cluster.reconcile()
    assert not again.changed, again.describe()
    assert [p.version for p in cluster.pods()] == ["v2", "v2"]
