"""The reference scheduler (``reference.py``) on small clusters worked out by hand, and the
production scheduler giving the same answers. The property test over random clusters is
``tests/properties/test_reference_machine.py`` (the heavy tier)."""

from __future__ import annotations

import pytest

from kubeloop import Cluster, Deployment, Node, PriorityClass, Taint
from kubeloop.cluster.scheduler import ReferenceScheduler
from kubeloop.errors import InvalidSpecError


def _cluster(nodes: list[Node], strategy: str, reference: bool) -> Cluster:
    cluster = Cluster(nodes=nodes, scoring=strategy)
    if reference:
        scheduler = ReferenceScheduler(strategy)
        cluster._scheduler = cluster._passes.scheduler = scheduler  # type: ignore[assignment]
    return cluster


def _placements(cluster: Cluster) -> dict[str, str | None]:
    return {pod.name: pod.node for pod in cluster.pods()}


@pytest.mark.parametrize("reference", [True, False], ids=["reference", "production"])
def test_least_allocated_scores_every_node_and_breaks_ties_by_name(reference: bool) -> None:
    nodes = [Node("b", cpu="2", memory="4Gi"), Node("a", cpu="2", memory="4Gi")]
    cluster = _cluster([*nodes, Node("c", cpu="4", memory="4Gi")], "LeastAllocated", reference)
    cluster.apply(Deployment("web", replicas=4, cpu="1", memory="256Mi"))
    cluster.reconcile_until_stable()
    # c is emptiest; then a and b tie with c at a quarter used, a first by name; then b;
    # then c, three quarters free against a half.
    assert _placements(cluster) == {"web-1": "c", "web-2": "a", "web-3": "b", "web-4": "c"}


@pytest.mark.parametrize("reference", [True, False], ids=["reference", "production"])
def test_first_fit_prefers_nodes_without_a_prefer_no_schedule_taint(reference: bool) -> None:
    spot = Taint("spot", "", "PreferNoSchedule")
    nodes = [Node("a", cpu="1", memory="4Gi", taints=[spot]), Node("b", cpu="1", memory="4Gi")]
    cluster = _cluster(nodes, "first-fit", reference)
    cluster.apply(Deployment("web", replicas=2, cpu="1", memory="256Mi"))
    cluster.reconcile_until_stable()
    assert _placements(cluster) == {"web-1": "b", "web-2": "a"}


@pytest.mark.parametrize("reference", [True, False], ids=["reference", "production"])
def test_a_pod_that_fits_nowhere_carries_kube_schedulers_message(reference: bool) -> None:
    cluster = _cluster([Node("a", cpu="2", memory="4Gi")], "first-fit", reference)
    cluster.apply(Deployment("big", replicas=1, cpu="8", memory="256Mi"))
    cluster.reconcile_until_stable()
    (pod,) = cluster.pods()
    assert pod.node is None
    assert pod.reason == (
        "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: "
        "1 No preemption victims found for incoming pod."
    )


@pytest.mark.parametrize("reference", [True, False], ids=["reference", "production"])
def test_a_higher_priority_pod_preempts_through_the_same_plugin(reference: bool) -> None:
    cluster = _cluster([Node("a", cpu="2", memory="4Gi")], "first-fit", reference)
    cluster.add_priority_class(PriorityClass("high", 1000))
    cluster.apply(Deployment("low", replicas=2, cpu="1", memory="256Mi"))
    cluster.reconcile_until_stable()
    cluster.apply(
        Deployment("vip", replicas=1, cpu="1", memory="256Mi", priority_class_name="high")
    )
    cluster.reconcile()
    assert _placements(cluster)["vip-1"] == "a"
    assert sum(node == "a" for node in _placements(cluster).values()) == 2


@pytest.mark.parametrize("strategy", ["first-fit", "LeastAllocated"])
@pytest.mark.parametrize("reference", [True, False], ids=["reference", "production"])
def test_pods_after_a_preemption_are_scheduled_again_before_preempting(
    reference: bool, strategy: str
) -> None:
    # a-1 and a-2 fit nowhere; a-1 evicts c-1 from node-1, which leaves room for a-2 there
    # too. Upstream gives a-2 its own cycle, which binds it to node-1: c-2 keeps its place.
    nodes = [Node(f"node-{i}", cpu="1", memory="2Gi") for i in (1, 2)]
    cluster = _cluster(nodes, strategy, reference)
    cluster.add_priority_class(PriorityClass("low", 10))
    cluster.apply(Deployment("c", replicas=2, cpu="1", memory="256Mi"))
    cluster.reconcile_until_stable()
    cluster.apply(
        Deployment("a", replicas=2, cpu="250m", memory="256Mi", priority_class_name="low")
    )
    cluster.reconcile_until_stable()
    assert _placements(cluster) == {"a-1": "node-1", "a-2": "node-1", "c-2": "node-2", "c-3": None}
    assert [e.object for e in cluster.events if e.reason == "Preempted"] == ["pod/c-1"]


def test_an_unknown_strategy_is_refused() -> None:
    with pytest.raises(InvalidSpecError, match="is not one of"):
        ReferenceScheduler("Random")
