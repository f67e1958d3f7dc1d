"""The contract's rules and the lab's success criteria, through the public API."""

from __future__ import annotations

import pytest

from kubeloop import (
    AlreadyExistsError,
    Cluster,
    Deployment,
    InvalidSpecError,
    Node,
    NotConvergedError,
    NotFoundError,
    Toleration,
)
from tests.conftest import nodes, running


def test_reconcile_converges_and_is_idempotent(web_cluster: Cluster) -> None:
    assert len(running(web_cluster, "web")) == 4
    second = web_cluster.reconcile()
    assert (second.created, second.deleted, second.scheduled) == ((), (), ())
    assert not second.changed


def test_deleting_a_pod_self_heals(web_cluster: Cluster) -> None:
    web_cluster.delete_pod("web-2")
    result = web_cluster.reconcile()
    assert result.created == ("web-5",)
    assert len(running(web_cluster, "web")) == 4


def test_node_failure_evicts_and_reschedules_never_back(web_cluster: Cluster) -> None:
    web_cluster.fail_node("node-1")
    assert web_cluster.pods() == []  # evicted at once
    web_cluster.reconcile()
    assert {p.node for p in web_cluster.pods()} == {"node-2"}
    assert len(running(web_cluster)) == 4
    for _ in range(3):
        web_cluster.delete_pod(web_cluster.pods()[0].name)
        web_cluster.reconcile()
        assert all(p.node != "node-1" for p in web_cluster.pods())
    web_cluster.recover_node("node-1")
    web_cluster.scale("web", 20)
    web_cluster.reconcile()
    assert any(p.node == "node-1" for p in web_cluster.pods())


def test_unknown_names_raise_clear_errors_and_change_nothing(web_cluster: Cluster) -> None:
    before = [(p.name, p.node) for p in web_cluster.pods()]
    with pytest.raises(NotFoundError, match='pod "nope" not found'):
        web_cluster.delete_pod("nope")
    with pytest.raises(
        NotFoundError, match='node "node-9" not found; known: node-1, node-2, node-3'
    ):
        web_cluster.fail_node("node-9")
    with pytest.raises(NotFoundError, match="deployment"):
        web_cluster.scale("api", 3)
    with pytest.raises(InvalidSpecError):
        web_cluster.scale("web", -1)
    assert [(p.name, p.node) for p in web_cluster.pods()] == before
    assert not web_cluster.reconcile().changed


def test_no_execute_taint_with_toleration_seconds_waits_on_the_logical_clock() -> None:
    waiting = Toleration("node.kubernetes.io/unreachable", "Exists", "", "NoExecute", 300)
    cluster = Cluster(nodes=nodes(2))
    cluster.apply(Deployment("web", replicas=2, cpu="500m", tolerations=[waiting]))
    cluster.reconcile()
    cluster.fail_node("node-1")
    assert [p.ready for p in cluster.pods()] == [False, False]
    cluster.run_for(240)
    assert {p.node for p in cluster.pods()} == {"node-1"}
    cluster.run_for(120)
    assert {p.node for p in cluster.pods()} == {"node-2"}
    assert any(e.reason == "TaintManagerEviction" for e in cluster.events)


def test_recovering_cancels_a_pending_eviction() -> None:
    waiting = Toleration("node.kubernetes.io/unreachable", "Exists", "", "NoExecute", 300)
    cluster = Cluster(nodes=nodes(2))
    cluster.apply(Deployment("web", replicas=1, cpu="500m", tolerations=[waiting]))
    cluster.reconcile()
    cluster.fail_node("node-1")
    cluster.run_for(60)
    cluster.recover_node("node-1")
    cluster.run_for(600)
    assert [(p.name, p.node, p.ready) for p in cluster.pods()] == [("web-1", "node-1", True)]


def test_scale_down_removes_the_newest_pod_from_the_most_crowded_node() -> None:
    cluster = Cluster(nodes=nodes(3), scoring="LeastAllocated")
    cluster.apply(Deployment("web", replicas=4, cpu="500m", memory="256Mi"))
    cluster.reconcile()
    assert [p.node for p in cluster.pods()] == ["node-1", "node-2", "node-3", "node-1"]
    cluster.scale("web", 3)
    assert cluster.reconcile().deleted == ("web-4",)


def test_scale_down_removes_not_ready_pods_first() -> None:
    waiting = Toleration("node.kubernetes.io/unreachable", "Exists", "", "NoExecute", 300)
    cluster = Cluster(nodes=nodes(2, cpu="1"))
    cluster.apply(Deployment("web", replicas=4, cpu="500m", tolerations=[waiting]))
    cluster.reconcile()
    cluster.fail_node("node-1")
    cluster.scale("web", 2)
    assert sorted(cluster.reconcile().deleted) == ["web-1", "web-2"]


def test_reconcile_until_stable_is_bounded() -> None:
    cluster = Cluster(nodes=nodes(3))
    cluster.apply(Deployment("web", replicas=10, cpu="100m"))
    cluster.reconcile()
    cluster.apply(Deployment("web", replicas=10, cpu="100m", version="v2"))
    with pytest.raises(NotConvergedError, match="after 1 passes"):
        cluster.reconcile_until_stable(max_passes=1)
    assert len(cluster.reconcile_until_stable()) >= 2


def test_history_records_every_pass(web_cluster: Cluster) -> None:
    web_cluster.fail_node("node-1")
    web_cluster.reconcile()
    history = web_cluster.history
    assert [h.number for h in history] == [1, 2]
    assert history[0].deployments["web"].ready == 4
    assert history[1].not_ready_nodes == ("node-1",)


def test_duplicate_nodes_are_rejected() -> None:
    with pytest.raises(AlreadyExistsError):
        Cluster(nodes=[Node("a"), Node("a")])
    cluster = Cluster(nodes=[Node("a")])
    with pytest.raises(AlreadyExistsError):
        cluster.add_node(Node("a"))
    assert [n.name for n in cluster.nodes()] == ["a"]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"replicas": -1},
        {"cpu": "12x"},
        {"max_surge": 0, "max_unavailable": 0},
        {"max_unavailable": "120%"},
        {"max_surge": "abc"},
        {"name": "Web_1"},
    ],
)
def test_invalid_deployments(kwargs: dict[str, object]) -> None:
    spec: dict[str, object] = {"name": "web"} | kwargs
    with pytest.raises(InvalidSpecError):
        Deployment(**spec)  # type: ignore[arg-type]
