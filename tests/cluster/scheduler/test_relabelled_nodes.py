"""Relabelling a node that already runs pods (``Cluster.label_node``): the pods stay where they
are (IgnoredDuringExecution), and the next pods are placed by the new labels, the same by
the production scheduler, whose caches follow the change, as by the reference one, which
reads every node afresh. The random mix is ``tests/properties/test_reference_machine.py``."""

from __future__ import annotations

import pytest

from kubeloop import Cluster, Deployment, LabelSelector, Node, TopologySpreadConstraint
from kubeloop.cluster.scheduler import ReferenceScheduler
from kubeloop.errors import InvalidSpecError, NotFoundError

ZONE = "topology.kubernetes.io/zone"


def _cluster(nodes: list[Node], reference: bool) -> Cluster:
    cluster = Cluster(nodes=nodes)
    if reference:
        scheduler = ReferenceScheduler("first-fit")
        cluster._scheduler = cluster._passes.scheduler = scheduler  # type: ignore[assignment]
    return cluster


def _spread(name: str, replicas: int) -> Deployment:
    mine = LabelSelector(match_labels={"app": name})
    constraint = TopologySpreadConstraint(1, ZONE, mine)
    return Deployment(
        name, replicas=replicas, cpu="100m", memory="64Mi", topology_spread=[constraint]
    )


def _placements(cluster: Cluster) -> dict[str, str | None]:
    return {pod.name: pod.node for pod in cluster.pods()}


@pytest.mark.parametrize("reference", [True, False], ids=["reference", "production"])
def test_moving_nodes_between_zones_spreads_the_next_pods_by_the_new_zones(
    reference: bool,
) -> None:
    nodes = [Node(f"n{i}", labels={ZONE: "east"}) for i in range(1, 5)]
    cluster = _cluster(nodes, reference)
    cluster.apply(_spread("api", 2))
    cluster.reconcile_until_stable()
    before = _placements(cluster)
    assert set(before.values()) <= {"n1", "n2", "n3", "n4"}
    # n3 and n4 move to another zone: the two pods stay put, both now counted in "east".
    for name in ("n3", "n4"):
        cluster.label_node(name, {ZONE: "west"})
    cluster.reconcile_until_stable()
    assert _placements(cluster) == before
    cluster.scale("api", 4)
    cluster.reconcile_until_stable()
    after = _placements(cluster)
    zones = {name: cluster.node(name).labels[ZONE] for name in ("n1", "n2", "n3", "n4")}
    counted = [zones[node] for node in after.values() if node is not None]
    assert sorted(counted) == ["east", "east", "west", "west"]


def test_both_schedulers_agree_after_every_relabelling() -> None:
    placements = []
    for reference in (False, True):
        nodes = [Node(f"n{i}", cpu="1", labels={ZONE: f"z{i % 2}"}) for i in range(1, 7)]
        cluster = _cluster(nodes, reference)
        cluster.apply(_spread("web", 3))
        cluster.reconcile_until_stable()
        seen = []
        for step, name in enumerate(["n1", "n2", "n5", "n6"]):
            cluster.label_node(name, {ZONE: "z9" if step % 2 else "z0"})
            cluster.scale("web", 3 + 2 * (step + 1))
            cluster.reconcile_until_stable()
            seen.append(_placements(cluster))
        placements.append(seen)
    assert placements[0] == placements[1]


def test_a_label_set_to_none_is_removed_and_the_view_is_a_snapshot() -> None:
    cluster = Cluster(nodes=[Node("n1", labels={ZONE: "east", "disk": "ssd"})])
    view = cluster.node("n1")
    cluster.label_node("n1", {"disk": None, "tier": "gold"})
    assert dict(cluster.node("n1").labels) == {ZONE: "east", "tier": "gold"}
    assert dict(view.labels) == {ZONE: "east", "disk": "ssd"}


def test_a_bad_label_or_an_unknown_node_changes_nothing() -> None:
    cluster = Cluster(nodes=[Node("n1", labels={ZONE: "east"})])
    with pytest.raises(InvalidSpecError, match='labels of node "n1"'):
        cluster.label_node("n1", {ZONE: "west", "bad key!": "x"})
    with pytest.raises(NotFoundError):
        cluster.label_node("n9", {ZONE: "west"})
    assert dict(cluster.node("n1").labels) == {ZONE: "east"}
