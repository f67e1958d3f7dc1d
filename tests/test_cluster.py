"""The contract's rules and the lab's success criteria, through the public API."""

from __future__ import annotations

import pytest

from kubeloop import (
    HPA,
    AlreadyExistsError,
    Behavior,
    Cluster,
    Container,
    Deployment,
    InvalidSpecError,
    Node,
    NotConvergedError,
    NotFoundError,
    RolloutStalledError,
    ScalingPolicy,
    ScalingRules,
    Taint,
    Toleration,
)
from tests.conftest import nodes


def running(cluster: Cluster, deployment: str | None = None) -> list[str]:
    return [p.name for p in cluster.pods(deployment) if p.phase == "Running"]


def test_reconcile_converges_and_is_idempotent(web_cluster: Cluster) -> None:
    assert len(running(web_cluster, "web")) == 4
    second = web_cluster.reconcile()
    assert (second.created, second.deleted, second.scheduled) == ([], [], [])
    assert not second.changed


def test_pod_that_fits_nowhere_is_pending_with_the_scheduler_message() -> None:
    cluster = Cluster(nodes=nodes(2, cpu="1"))
    cluster.cordon("node-2")
    cluster.apply(Deployment("web", replicas=3, cpu="500m", memory="256Mi"))
    cluster.reconcile()
    pending = [p for p in cluster.pods() if p.phase == "Pending"]
    assert [p.name for p in pending] == ["web-3"]
    assert pending[0].node is None
    assert pending[0].reason == (
        "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) were unschedulable."
    )
    warnings = [e for e in cluster.events if e.reason == "FailedScheduling"]
    assert [(e.object, e.type) for e in warnings] == [("pod/web-3", "Warning")]
    assert not cluster.reconcile().changed  # retrying changes nothing and repeats no event
    assert len([e for e in cluster.events if e.reason == "FailedScheduling"]) == 1


def test_first_fit_fills_nodes_in_name_order(web_cluster: Cluster) -> None:
    assert {p.node for p in web_cluster.pods()} == {"node-1"}


def test_deleting_a_pod_self_heals(web_cluster: Cluster) -> None:
    web_cluster.delete_pod("web-2")
    result = web_cluster.reconcile()
    assert result.created == ["web-5"]
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


def test_cordoned_node_takes_nothing_new_but_keeps_its_pods(web_cluster: Cluster) -> None:
    web_cluster.cordon("node-1")
    web_cluster.scale("web", 6)
    web_cluster.reconcile()
    on_node_1 = [p.name for p in web_cluster.pods() if p.node == "node-1"]
    assert on_node_1 == ["web-1", "web-2", "web-3", "web-4"]
    web_cluster.uncordon("node-1")
    web_cluster.scale("web", 12)
    web_cluster.reconcile()
    assert len([p for p in web_cluster.pods() if p.node == "node-1"]) == 8


def test_taints_and_tolerations() -> None:
    cluster = Cluster(
        nodes=[
            Node("gpu-1", taints=[Taint("nvidia.com/gpu", "true", "NoSchedule")]),
            Node("node-1", cpu="1"),
        ]
    )
    cluster.apply(Deployment("web", replicas=3, cpu="500m"))
    tolerant = Toleration("nvidia.com/gpu", "Equal", "true", "NoSchedule")
    cluster.apply(Deployment("train", replicas=1, cpu="500m", tolerations=[tolerant]))
    cluster.reconcile()
    placement = {p.name: p.node for p in cluster.pods()}
    assert placement["train-1"] == "gpu-1"
    assert placement["web-1"] == "node-1" and placement["web-3"] is None
    reason = cluster.pods("web")[-1].reason
    assert reason == (
        "0/2 nodes are available: 1 Insufficient cpu, "
        "1 node(s) had untolerated taint {nvidia.com/gpu: true}."
    )


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


def test_node_selector_and_init_containers() -> None:
    cluster = Cluster(
        nodes=[
            Node("a", cpu="2", labels={"disk": "ssd"}),
            Node("b", cpu="8", labels={"disk": "hdd"}),
        ]
    )
    cluster.apply(
        Deployment(
            "db",
            replicas=2,
            containers=[Container.of("main", "500m", "1Gi")],
            init_containers=[Container.of("migrate", "1500m", "64Mi")],
            node_selector={"disk": "ssd"},
        )
    )
    cluster.reconcile()
    assert [p.cpu for p in cluster.pods()] == [1500, 1500]
    assert [p.node for p in cluster.pods()] == ["a", None]
    assert cluster.pods()[1].reason == (
        "0/2 nodes are available: 1 Insufficient cpu, "
        "1 node(s) didn't match Pod's node affinity/selector."
    )


@pytest.mark.parametrize(
    ("scoring", "placement"),
    [
        ("first-fit", ["node-1", "node-1", "node-1"]),
        ("LeastAllocated", ["node-1", "node-2", "node-3"]),
        ("MostAllocated", ["node-1", "node-1", "node-1"]),
    ],
)
def test_scoring_strategies(scoring: str, placement: list[str]) -> None:
    cluster = Cluster(nodes=nodes(3), scoring=scoring)
    cluster.apply(Deployment("web", replicas=3, cpu="500m", memory="256Mi"))
    cluster.reconcile()
    assert [p.node for p in cluster.pods()] == placement


def test_each_node_reports_its_first_failing_filter_in_upstream_order() -> None:
    cluster = Cluster(nodes=[*nodes(2, cpu="1"), Node("node-3", cpu="8")])
    cluster.cordon("node-1")
    cluster.fail_node("node-1")
    cluster.fail_node("node-3")
    cluster.apply(Deployment("web", replicas=3, cpu="800m"))
    cluster.reconcile()
    assert cluster.pods()[-1].reason == (
        "0/3 nodes are available: 1 Insufficient cpu, "
        "1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }, "
        "1 node(s) were unschedulable."
    )


def test_scale_down_removes_the_newest_pod_from_the_most_crowded_node() -> None:
    cluster = Cluster(nodes=nodes(3), scoring="LeastAllocated")
    cluster.apply(Deployment("web", replicas=4, cpu="500m", memory="256Mi"))
    cluster.reconcile()
    assert [p.node for p in cluster.pods()] == ["node-1", "node-2", "node-3", "node-1"]
    cluster.scale("web", 3)
    assert cluster.reconcile().deleted == ["web-4"]


def test_scale_down_removes_not_ready_pods_first() -> None:
    waiting = Toleration("node.kubernetes.io/unreachable", "Exists", "", "NoExecute", 300)
    cluster = Cluster(nodes=nodes(2, cpu="1"))
    cluster.apply(Deployment("web", replicas=4, cpu="500m", tolerations=[waiting]))
    cluster.reconcile()
    cluster.fail_node("node-1")
    cluster.scale("web", 2)
    assert sorted(cluster.reconcile().deleted) == ["web-1", "web-2"]


def test_hpa_behavior_policies_limit_the_pace_on_the_logical_clock() -> None:
    one_per_minute = ScalingRules(0, "Max", (ScalingPolicy("Pods", 1, 60),))
    cluster = Cluster(nodes=nodes(3))
    cluster.apply(Deployment("web", replicas=2, cpu="500m", memory="256Mi"))
    cluster.reconcile()
    hpa = HPA(
        min_replicas=1, max_replicas=10, target=50, behavior=Behavior(scale_up=one_per_minute)
    )
    cluster.autoscale("web", hpa)
    cluster.set_cpu_utilization("web", 200)
    cluster.reconcile()
    assert cluster.deployment("web").replicas == 3
    cluster.run_for(45)
    assert cluster.deployment("web").replicas == 3
    cluster.run_for(30)
    assert cluster.deployment("web").replicas == 4


def test_too_many_pods() -> None:
    cluster = Cluster(nodes=[Node("tiny", pods=2)])
    cluster.apply(Deployment("web", replicas=3))
    cluster.reconcile()
    assert cluster.pods()[-1].reason == "0/1 nodes are available: 1 Too many pods."


def test_hpa_scales_the_deployment_and_stabilises_scale_down() -> None:
    cluster = Cluster(nodes=nodes(3))
    cluster.apply(Deployment("web", replicas=4, cpu="500m", memory="256Mi"))
    cluster.reconcile()
    cluster.autoscale("web", HPA(min_replicas=1, max_replicas=10, target=50))
    cluster.set_cpu_utilization("web", 90)
    cluster.reconcile()
    assert cluster.deployment("web").replicas == 8
    assert len(running(cluster)) == 8
    assert cluster.autoscaler("web").recommendation == 8
    assert any(e.message.startswith("New size: 8; reason: cpu resource") for e in cluster.events)
    cluster.set_cpu_utilization("web", 10)
    cluster.run_for(120)
    assert cluster.deployment("web").replicas == 8  # inside the 5 min window
    cluster.run_for(300)
    assert cluster.deployment("web").replicas == 2


def test_hpa_without_cpu_requests_reports_a_condition() -> None:
    cluster = Cluster(nodes=nodes(1))
    cluster.apply(Deployment("web", replicas=2))
    cluster.autoscale("web", HPA(max_replicas=5, target=50))
    cluster.set_cpu_utilization("web", 90)
    cluster.reconcile()
    condition = next(c for c in cluster.autoscaler("web").conditions if c.type == "ScalingActive")
    assert (condition.status, condition.reason) == ("False", "FailedGetResourceMetric")
    assert cluster.deployment("web").replicas == 2


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
