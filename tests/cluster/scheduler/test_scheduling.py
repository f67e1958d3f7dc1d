"""The scheduler through the public API: placement, Pending reasons, taints, strategies."""

from __future__ import annotations

import pytest

from kubeloop import (
    Cluster,
    Container,
    Deployment,
    Node,
    Taint,
    Toleration,
)
from tests.conftest import nodes


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
        " preemption: 0/2 nodes are available: 1 "
        "No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling."
    )
    warnings = [e for e in cluster.events if e.reason == "FailedScheduling"]
    assert [(e.object, e.type) for e in warnings] == [("pod/web-3", "Warning")]
    assert not cluster.reconcile().changed  # retrying changes nothing and repeats no event
    assert len([e for e in cluster.events if e.reason == "FailedScheduling"]) == 1


def test_first_fit_fills_nodes_in_name_order(web_cluster: Cluster) -> None:
    assert {p.node for p in web_cluster.pods()} == {"node-1"}


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
        " preemption: 0/2 nodes are available: 1 "
        "No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling."
    )


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
        " preemption: 0/2 nodes are available: 1 "
        "No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling."
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
        " preemption: 0/3 nodes are available: 1 "
        "No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling."
    )


def test_too_many_pods() -> None:
    cluster = Cluster(nodes=[Node("tiny", pods=2)])
    cluster.apply(Deployment("web", replicas=3))
    cluster.reconcile()
    assert cluster.pods()[-1].reason == (
        "0/1 nodes are available: 1 Too many pods."
        " preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."
    )
