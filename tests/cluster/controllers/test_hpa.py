"""The HPA acting on a deployment, on the logical clock."""

from __future__ import annotations

from kubeloop import (
    HPA,
    Behavior,
    Cluster,
    Deployment,
    ScalingPolicy,
    ScalingRules,
)
from tests.conftest import nodes, running


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
