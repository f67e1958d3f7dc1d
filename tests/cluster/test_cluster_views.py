"""Everything the public API returns is a snapshot: later passes and edits change nothing."""

from __future__ import annotations

import dataclasses

import pytest

from kubeloop import HPA, Cluster, Deployment, Node
from tests.conftest import nodes


def test_a_deployment_view_does_not_follow_the_engine() -> None:
    cluster = Cluster(nodes=nodes(3))
    cluster.apply(Deployment("web", replicas=4, cpu="500m", memory="256Mi"))
    cluster.reconcile_until_stable()
    before = cluster.deployment("web")
    progressing = before.condition("Progressing")
    assert progressing is not None
    cluster.run_for(30)
    cluster.rolling_update("web", "v2")
    assert before.condition("Progressing") == progressing
    assert before.version == "v1"
    assert cluster.deployment("web").version == "v2"


def test_views_cannot_be_changed() -> None:
    cluster = Cluster(nodes=[Node("node-1", labels={"disk": "ssd"})])
    cluster.apply(Deployment("web", replicas=1, cpu="500m"))
    cluster.autoscale("web", HPA(1, 4, 50))
    cluster.set_cpu_utilization("web", 90)
    result = cluster.reconcile()
    deployment = cluster.deployment("web")
    condition = deployment.conditions[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        condition.message = "changed"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        result.created.append("web-9")  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        cluster.node("node-1").labels["disk"] = "hdd"  # type: ignore[index]
    with pytest.raises(TypeError):
        cluster.history[-1].deployments["web"] = None  # type: ignore[index]
    autoscaler = cluster.autoscaler("web")
    with pytest.raises(dataclasses.FrozenInstanceError):
        autoscaler.conditions[0].reason = "changed"  # type: ignore[misc]
    assert cluster.deployment("web").conditions[0].message != "changed"
    assert cluster.node("node-1").labels == {"disk": "ssd"}


def test_a_spec_does_not_share_its_labels_with_the_caller() -> None:
    labels = {"disk": "ssd"}
    node = Node("node-1", labels=labels)
    labels["disk"] = "hdd"
    assert node.labels == {"disk": "ssd"}
