"""The cluster autoscaler through the Cluster's public API: scale-up, scale-down, drains,
budgets, cooldowns, limits, bad input."""

from __future__ import annotations

import gc
import weakref

import pytest

from kubeloop import (
    AlreadyExistsError,
    AutoscalerSettings,
    Cluster,
    Deployment,
    InvalidSpecError,
    LabelSelector,
    Node,
    NodeGroup,
    NotFoundError,
    PodDisruptionBudget,
    Taint,
    Toleration,
)


def cluster(*groups: NodeGroup, **settings: object) -> Cluster:
    c = Cluster(nodes=[Node("node-1", cpu="4", memory="8Gi")])
    for group in groups:
        c.add_node_group(group)
    if settings:
        c.configure_autoscaler(AutoscalerSettings(**settings))  # type: ignore[arg-type]
    return c


def events(c: Cluster, reason: str) -> list[str]:
    return [f"{e.object} {e.message}" for e in c.events if e.reason == reason]


def test_a_cluster_without_node_groups_runs_no_autoscaler() -> None:
    c = Cluster(nodes=[Node("node-1")])
    assert not any(t.name == "cluster autoscaler" for t in c._clock.tasks)
    assert c.node_groups() == []
    c.add_node_group(NodeGroup("pool", max_size=2))
    assert [t.name for t in c._clock.tasks].count("cluster autoscaler") == 1


def test_scale_up_sizes_by_binpacking_and_waits_for_the_provisioning_delay() -> None:
    c = cluster(NodeGroup("pool", max_size=10, cpu="2", memory="4Gi"), provisioning_delay=120)
    c.apply(Deployment("web", replicas=10, cpu="1", memory="1Gi"))
    c.run_for(10)  # pods created at 0 are too new at 0; the loop at 10 acts
    group = c.node_group("pool")
    assert (group.size, group.target_size) == (0, 3)  # 6 pending pods, 2 per node
    assert [u.ready_at for u in group.upcoming] == [130, 130, 130]
    assert (
        events(c, "TriggeredScaleUp")[0]
        == "pod/web-5 pod triggered scale-up: [{pool 0->3 (max: 10)}]"
    )
    c.run_for(110)
    assert c.node_group("pool").size == 0
    c.run_for(10)
    assert c.node_group("pool").nodes == ("pool-1", "pool-2", "pool-3")
    assert all(p.phase == "Running" for p in c.pods("web"))


def test_scale_up_respects_max_and_the_pods_it_cannot_help_say_nothing_then() -> None:
    c = cluster(NodeGroup("pool", max_size=2, cpu="2", memory="4Gi"), provisioning_delay=0)
    c.apply(Deployment("web", replicas=12, cpu="1", memory="1Gi"))
    c.run_for(20)
    assert c.node_group("pool").target_size == 2
    assert "pod didn't trigger scale-up: 1 max node group size reached" in {
        e.split(" ", 1)[1] for e in events(c, "NotTriggerScaleUp")
    }


def test_no_scale_up_for_a_pod_no_template_fits_and_the_reasons_are_counted() -> None:
    gpu = NodeGroup("gpu", max_size=3, labels={"accelerator": "nvidia"},
                    taints=[Taint("nvidia.com/gpu", "true", "NoSchedule")])  # fmt: skip
    c = cluster(NodeGroup("pool", max_size=3), gpu)
    c.apply(Deployment("web", replicas=1, cpu="1", memory="1Gi", node_selector={"disk": "ssd"}))
    c.run_for(30)
    assert c.node_group("pool").target_size == 0 and c.node_group("gpu").target_size == 0
    assert events(c, "NotTriggerScaleUp") == [
        "pod/web-1 pod didn't trigger scale-up: 1 node(s) didn't match Pod's node affinity/"
        "selector, 1 node(s) had untolerated taint {nvidia.com/gpu: true}"
    ]
    assert c.cluster_autoscaler().last_result == "NoOptionsAvailable"


def test_a_pod_tolerating_the_taint_scales_the_tainted_group() -> None:
    gpu = NodeGroup("gpu", max_size=3, labels={"accelerator": "nvidia"},
                    taints=[Taint("nvidia.com/gpu", "true", "NoSchedule")])  # fmt: skip
    c = cluster(NodeGroup("pool", max_size=3, cpu="1", memory="1Gi"), gpu, provisioning_delay=0)
    tolerate = Toleration("nvidia.com/gpu", "Equal", "true", "NoSchedule")
    c.apply(Deployment("train", replicas=1, cpu="2", memory="1Gi", tolerations=[tolerate],
                       node_selector={"accelerator": "nvidia"}))  # fmt: skip
    c.run_for(20)
    assert c.node_group("gpu").size == 1 and c.node_group("pool").target_size == 0
    assert c.pods("train")[0].node == "gpu-1"


def test_least_waste_picks_the_snuggest_group_and_most_pods_can_be_chosen_instead() -> None:
    big = NodeGroup("big", max_size=5, cpu="16", memory="64Gi")
    small = NodeGroup("small", max_size=5, cpu="2", memory="4Gi")
    c = cluster(big, small, provisioning_delay=0)
    c.apply(Deployment("web", replicas=5, cpu="1500m", memory="1Gi"))
    c.run_for(20)
    # small: 3 nodes, waste 0.25 + 0.75; big: 1 node, waste 0.72 + 0.95
    assert c.node_group("small").target_size == 3 and c.node_group("big").target_size == 0
    c2 = cluster(big, small, provisioning_delay=0, expander="least-nodes")
    c2.apply(Deployment("web", replicas=5, cpu="1500m", memory="1Gi"))
    c2.run_for(20)
    assert c2.node_group("big").target_size == 1 and c2.node_group("small").target_size == 0


def test_priority_expander_prefers_the_higher_priority_group() -> None:
    c = cluster(
        NodeGroup("ondemand", max_size=5),
        NodeGroup("spot", max_size=5, cpu="8", memory="32Gi"),
        provisioning_delay=0,
        expander="priority,least-waste",
        priorities={10: ["ondemand"], 50: ["^spot$"]},
    )
    c.apply(Deployment("web", replicas=4, cpu="2", memory="1Gi"))
    c.run_for(20)
    assert c.node_group("spot").target_size == 1 and c.node_group("ondemand").target_size == 0


def test_max_nodes_total_stops_scale_up() -> None:
    c = cluster(NodeGroup("pool", max_size=10), provisioning_delay=0, max_nodes_total=2)
    c.apply(Deployment("web", replicas=20, cpu="1", memory="1Gi"))
    c.run_for(60)
    assert c.node_group("pool").target_size == 1
    assert any("max total nodes in cluster reached" in e for e in events(c, "NotTriggerScaleUp"))


def test_unneeded_node_is_drained_and_deleted_strictly_after_the_unneeded_time() -> None:
    c = cluster(NodeGroup("pool", max_size=3, initial_size=1))
    c.apply(Deployment("web", replicas=5, cpu="1", memory="1Gi"))
    c.reconcile_until_stable()
    assert c.pods("web")[4].node == "pool-1"
    c.scale("web", 4)
    c.run_for(600)
    info = c.cluster_autoscaler()
    assert info.unneeded_since("pool-1") == 0 and info.unneeded[0].pods == ("web-5",)
    assert c.node_group("pool").size == 1
    c.run_for(10)
    assert c.node_group("pool").size == 0
    assert c.cluster_autoscaler().removed == ("pool-1",)
    assert [n.name for n in c.nodes()] == ["node-1"]
    assert all(p.node == "node-1" for p in c.pods("web")) and len(c.pods("web")) == 4


def test_the_unneeded_timer_resets_when_the_node_is_needed_again() -> None:
    c = cluster(NodeGroup("pool", max_size=3, initial_size=1))
    c.apply(Deployment("web", replicas=4, cpu="1", memory="1Gi"))
    c.run_for(300)
    assert c.cluster_autoscaler().unneeded_since("pool-1") == 0
    c.scale("web", 8)  # 4 more pods land on pool-1: 100% of its cpu
    c.run_for(10)
    assert c.cluster_autoscaler().unneeded_since("pool-1") is None
    c.scale("web", 4)
    c.run_for(100)
    assert c.cluster_autoscaler().unneeded_since("pool-1") == 320  # the next loop


def on_pool(max_size: int = 3) -> Cluster:
    """Two api pods (500m each, Ready 15 s after they start) on pool-1, under a budget that
    allows one disruption."""
    c = cluster(NodeGroup("pool", max_size=max_size, initial_size=1))
    c.apply(Deployment("api", replicas=2, cpu="500m", memory="1Gi", startup_seconds=15))
    c.cordon("node-1")
    c.reconcile_until_stable()
    c.uncordon("node-1")
    selector = LabelSelector.of({"app": "api"})
    c.add_disruption_budget(PodDisruptionBudget("api", selector, max_unavailable=1))
    assert {p.node for p in c.pods("api")} == {"pool-1"}
    return c


def test_a_budget_that_allows_one_disruption_paces_the_drain() -> None:
    c = on_pool()
    c.run_for(10)
    # At 0 the pods were not Ready yet: the budget had nothing to give, so the node is not
    # looked at again for 5 minutes; unneeded from 300, it goes at 910.
    assert c.cluster_autoscaler().unremovable["pool-1"] == (
        "RecentlyUnremovable: BlockedByPod: NotEnoughPdb (api-1)"
    )
    c.run_for(900)
    # The plan allowed it (one disruption left); the eviction API refuses the second pod
    # until the replacement of the first is Ready on node-1.
    assert "pool-1" in c.cluster_autoscaler().deleting
    assert [p.name for p in c.pods("api") if p.node == "pool-1"] == ["api-2"]
    c.run_for(10)
    assert "pool-1" in c.cluster_autoscaler().deleting
    c.run_for(10)
    assert c.cluster_autoscaler().removed == ("pool-1",)
    assert all(p.node == "node-1" for p in c.pods("api"))


def test_a_drain_that_cannot_finish_fails_after_the_eviction_time_and_untaints() -> None:
    c = on_pool(max_size=1)  # no room to grow for the replacement either
    c.run_for(910)
    assert "pool-1" in c.cluster_autoscaler().deleting
    assert any(t.key == "ToBeDeletedByClusterAutoscaler" for t in c.node("pool-1").taints)
    c.fail_node("node-1")  # the replacement never runs: the budget never frees up
    c.run_for(110)
    assert "pool-1" in c.cluster_autoscaler().deleting
    c.run_for(10)
    assert c.cluster_autoscaler().deleting == ()
    assert not any(t.key == "ToBeDeletedByClusterAutoscaler" for t in c.node("pool-1").taints)
    failed = events(c, "ScaleDownFailed")
    assert "pod/api-2 failed to delete pod for ScaleDown" in failed
    assert (
        "node/pool-1 failed to drain and delete node: Failed to drain node /pool-1, due to "
        "following errors: [failed to evict pod default/api-2 within allowed timeout (last "
        "error: Cannot evict pod as it would violate the pod's disruption budget.)]"
    ) in failed


def test_unready_nodes_go_after_the_unready_time() -> None:
    c = cluster(NodeGroup("pool", max_size=3, initial_size=2))
    c.fail_node("pool-1")
    c.run_for(610)
    assert "pool-2" not in c.node_group("pool").nodes  # Ready and empty: 10 minutes
    c.run_for(590)
    assert "pool-1" in c.node_group("pool").nodes  # unready: 20 minutes
    c.run_for(20)
    assert "pool-1" not in c.node_group("pool").nodes


def test_threshold_is_strict_as_in_ca_1_33_0() -> None:
    c = cluster(NodeGroup("pool", max_size=3, initial_size=1, cpu="2", memory="4Gi"))
    c.cordon("node-1")
    c.apply(Deployment("web", replicas=1, cpu="1", memory="1Gi"))  # exactly 50% cpu
    c.reconcile_until_stable()
    c.uncordon("node-1")
    c.run_for(20)
    reason = c.cluster_autoscaler().unremovable["pool-1"]
    assert reason.startswith("NotUnderutilized: cpu requested (50% of allocatable)")
    c.configure_autoscaler(AutoscalerSettings(scale_down_utilization_threshold=0.51))
    c.run_for(10)
    assert c.cluster_autoscaler().unneeded_since("pool-1") == 30


def test_scan_interval_change_reschedules_the_loop() -> None:
    c = cluster(NodeGroup("pool", max_size=2))
    c.configure_autoscaler(AutoscalerSettings(scan_interval=60))
    tasks = [t for t in c._clock.tasks if t.name == "cluster autoscaler"]
    assert [t.interval for t in tasks] == [60]


def test_the_clock_does_not_keep_a_dropped_cluster_alive() -> None:
    c = cluster(NodeGroup("pool", max_size=2))
    ref = weakref.ref(c)
    clock = c._clock
    del c
    gc.collect()
    assert ref() is None
    clock.run_for(30)  # the orphaned task does nothing


@pytest.mark.parametrize(
    ("kwargs", "text"),
    [
        ({"min_size": 3, "max_size": 2}, "min size 3 is above max size 2"),
        ({"max_size": 10_001}, "max size must be between 0 and 10000"),
        ({"initial_size": 5, "max_size": 2}, "initial size 5 must be between"),
        ({"cpu": "0"}, "needs some allocatable cpu and memory"),
        ({"cpu": "4", "capacity_cpu": "2"}, "capacity must be at least allocatable"),
        ({"cpu": "4K"}, 'node group "pool"'),
        ({"min_size": True}, "must be a whole number"),
    ],
)
def test_bad_node_groups_are_refused(kwargs: dict[str, object], text: str) -> None:
    with pytest.raises(InvalidSpecError, match=None) as raised:
        NodeGroup("pool", **kwargs)  # type: ignore[arg-type]
    assert text in str(raised.value)


def test_bad_settings_are_refused() -> None:
    for kwargs, text in [
        ({"expander": "price"}, 'expander "price" is not supported'),
        ({"expander": "random,least-waste"}, "nothing may come after it"),
        ({"expander": "most-pods,most-pods"}, "more than once"),
        ({"expander": "priority"}, "needs priorities"),
        ({"priorities": {1: ["("]}}, "Can't compile regexp rule for priority 1"),
        ({"scale_down_utilization_threshold": float("nan")}, "finite"),
        ({"scan_interval": 0}, "scan interval"),
    ]:
        with pytest.raises(InvalidSpecError) as raised:
            AutoscalerSettings(**kwargs)  # type: ignore[arg-type]
        assert text in str(raised.value), kwargs


def test_group_names_are_unique_and_nodes_do_not_clash() -> None:
    c = cluster(NodeGroup("pool", max_size=2))
    with pytest.raises(AlreadyExistsError):
        c.add_node_group(NodeGroup("pool", max_size=3))
    c.add_node(Node("edge-1"))
    with pytest.raises(AlreadyExistsError, match="edge-1"):
        c.add_node_group(NodeGroup("edge", max_size=2, initial_size=1))
    assert [g.name for g in c.node_groups()] == ["pool"]
    with pytest.raises(NotFoundError):
        c.node_group("nope")


def test_new_node_names_skip_names_already_taken() -> None:
    c = cluster(NodeGroup("pool", max_size=5), provisioning_delay=0)
    c.add_node(Node("pool-1", cpu="1", memory="1Gi"))
    c.apply(Deployment("web", replicas=6, cpu="1", memory="1Gi"))
    c.run_for(20)
    assert c.node_group("pool").nodes == ("pool-2",)


def test_views_are_snapshots() -> None:
    c = cluster(NodeGroup("pool", max_size=2, initial_size=1))
    info = c.cluster_autoscaler()
    c.run_for(30)
    assert info.unneeded == () and c.cluster_autoscaler().unneeded_since("pool-1") == 0
    with pytest.raises(TypeError):
        info.unremovable["x"] = "y"  # type: ignore[index]


def test_the_cluster_and_its_views_meet_the_autoscaler_contract() -> None:
    from kubeloop.contract.cluster import (  # noqa: PLC0415
        AutoscaledClusterLike,
        NodeGroupInfoLike,
        UnneededNodeLike,
    )

    c = cluster(NodeGroup("pool", max_size=2, initial_size=1))
    assert isinstance(c, AutoscaledClusterLike)
    assert not isinstance(object(), AutoscaledClusterLike)
    assert isinstance(c.node_group("pool"), NodeGroupInfoLike)
    c.run_for(10)
    assert all(isinstance(u, UnneededNodeLike) for u in c.cluster_autoscaler().unneeded)
    assert c.cluster_autoscaler().unneeded


def test_real_nodes_named_like_simulation_nodes_are_not_confused_with_them() -> None:
    c = Cluster(nodes=[Node("e-0", cpu="1", memory="1Gi"), Node("template-node-for-pool")])
    c.add_node_group(NodeGroup("pool", max_size=5, cpu="2", memory="4Gi"))
    c.configure_autoscaler(AutoscalerSettings(provisioning_delay=0))
    c.apply(Deployment("web", replicas=8, cpu="1", memory="1Gi"))  # 5 fit, 3 need 2 nodes
    c.run_for(20)
    assert c.node_group("pool").target_size == 2
    assert c.node("e-0").cpu == 1000 and len(c.nodes()) == 4


def test_one_scale_up_adds_at_most_max_nodes_per_scale_up() -> None:
    c = cluster(NodeGroup("pool", max_size=50, cpu="1", memory="1Gi"), provisioning_delay=600,
                max_nodes_per_scale_up=5)  # fmt: skip
    c.apply(Deployment("web", replicas=24, cpu="1", memory="1Gi"))  # 4 fit on node-1
    c.run_for(10)
    assert c.node_group("pool").target_size == 5
    c.run_for(10)  # the next loop asks for more: 15 pods still fit nowhere
    assert c.node_group("pool").target_size == 10
