"""The fast paths are the ones taken: spread pods of a zone-spread cluster are all placed by
batch (never one by one), and the counts kept across cycles follow deletions, failures and
other pods' binds without counting every pod again — each with the reference's outcome."""

from __future__ import annotations

from typing import Any

import pytest

from kubeloop import Cluster, Deployment, Node, Taint
from kubeloop.cluster.affinity import (
    ZONE,
    Affinity,
    NodeSelectorTerm,
    PreferredSchedulingTerm,
    TopologySpreadConstraint,
    Unsatisfiable,
)
from kubeloop.cluster.labels import LabelSelector, Requirement
from tests.cluster.scheduler.test_topology_spread_batch import kept_counts_equal_fresh, outcome
from tests.cluster.scheduler.topology_reference import ReferenceScheduler


def _zones(reference: bool) -> Cluster:
    """Four look-alike nodes in each of three zones, room for four 1-cpu pods each."""
    nodes = [
        Node(f"node-{i:02d}", cpu="4", memory="16Gi", labels={ZONE: f"z{i % 3}", "rack": "r0"})
        for i in range(12)
    ]
    cluster = Cluster(nodes=nodes)
    if reference:
        cluster._scheduler = cluster._passes.scheduler = ReferenceScheduler()
    return cluster


def _spread(name: str, replicas: int, *constraints: TopologySpreadConstraint) -> Deployment:
    labels = {"app": name, "tier": "web"}
    return Deployment(name, replicas=replicas, cpu="1", labels=labels, topology_spread=constraints)


def _by_zone(
    skew: int, selector: dict[str, str], when: Unsatisfiable = "DoNotSchedule"
) -> TopologySpreadConstraint:
    return TopologySpreadConstraint(skew, ZONE, LabelSelector(selector), when)


def _never(*_args: object) -> None:
    raise AssertionError("the slow path ran")


def _both(monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[Cluster, Cluster]:
    fast, reference = _zones(False), _zones(True)
    if monkeypatch is not None:
        monkeypatch.setattr(fast._scheduler, "_score_one", _never)
    return fast, reference


def test_zone_spread_pods_are_all_placed_by_batch_where_the_reference_puts_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fast, reference = _both(monkeypatch)
    for cluster in (fast, reference):
        cluster.apply(_spread("one", 14, _by_zone(1, {"app": "one"})))
        cluster.apply(_spread("two", 13, _by_zone(2, {"tier": "web"})))
        cluster.apply(_spread("three", 12, _by_zone(1, {"app": "three"}, "ScheduleAnyway")))
        cluster.reconcile_until_stable()
    assert outcome(fast) == outcome(reference)  # the Scheduled events too, in bind order
    assert sum(p.node is not None for p in fast.pods()) == 39
    kept_counts_equal_fresh(fast)


def _settled_pair() -> tuple[Cluster, Cluster]:
    fast, reference = _both()
    for cluster in (fast, reference):
        cluster.apply(_spread("web", 20, _by_zone(1, {"tier": "web"})))
        cluster.reconcile_until_stable()
    fast._scheduler.counts.sync()
    return fast, reference


def _no_recount(monkeypatch: pytest.MonkeyPatch, cluster: Cluster) -> None:
    monkeypatch.setattr(cluster._scheduler.counts, "_rebuild", _never)


@pytest.mark.parametrize(
    "act",
    [
        lambda c: c.delete_pod(next(p.name for p in c.pods() if p.node == "node-04")),
        lambda c: c.fail_node("node-01"),
        lambda c: c.cordon("node-02"),
        lambda c: c.scale("web", 26),
        lambda c: c.scale("web", 7),
    ],
    ids=["delete_pod", "fail_node", "cordon", "scale up", "scale down"],
)
def test_a_change_moves_the_kept_counts_without_counting_every_pod_again(
    monkeypatch: pytest.MonkeyPatch, act: Any
) -> None:
    fast, reference = _settled_pair()
    _no_recount(monkeypatch, fast)
    for cluster in (fast, reference):
        act(cluster)
        cluster.reconcile_until_stable()
    assert outcome(fast) == outcome(reference)
    kept_counts_equal_fresh(fast)


def test_other_pods_bound_in_passes_without_spread_pods_are_counted_from_the_bind_log(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Plain pods matching the spread selector bind in two passes no spread pod takes part
    in (each pass swaps the bind log out); the spread pods scaled up later count them."""
    fast, reference = _settled_pair()
    _no_recount(monkeypatch, fast)
    for cluster in (fast, reference):
        for name in ("plain-a", "plain-b"):
            labels = {"app": name, "tier": "web"}
            pin = {ZONE: "z0"}
            cluster.apply(Deployment(name, replicas=3, cpu="1", labels=labels, node_selector=pin))
            cluster.reconcile_until_stable()
        cluster.scale("web", 24)
        cluster.reconcile_until_stable()
    assert outcome(fast) == outcome(reference)
    kept_counts_equal_fresh(fast)


def test_a_new_node_opens_a_new_domain_for_the_kept_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A zone that did not exist has the fewest pods: maxSkew 1 sends the next pods there."""
    fast, reference = _settled_pair()
    _no_recount(monkeypatch, fast)
    for cluster in (fast, reference):
        cluster.add_node(Node("node-99", cpu="4", memory="16Gi", labels={ZONE: "z9"}))
        cluster.scale("web", 23)
        cluster.reconcile_until_stable()
    assert outcome(fast) == outcome(reference)
    assert [p.node for p in fast.pods("web")].count("node-99") == 3
    kept_counts_equal_fresh(fast)


def test_soft_taints_are_normalised_over_the_zones_the_skew_admits() -> None:
    """z0 holds three matching pods and node-0 with two soft taints; z1 has node-1 (one soft
    taint, empty, the preferred rack) and node-2 (no taint, nearly full). Only z1 is
    admitted, so TaintToleration divides by z1's most (one): node-2 scores 300 + 50 against
    node-1's 0 + 93 + 200. Dividing by two, node-1 would have 150 more and win."""
    spot, old = Taint("spot", "true", "PreferNoSchedule"), Taint("old", "", "PreferNoSchedule")
    nodes = [
        Node("node-0", cpu="8", labels={ZONE: "z0"}, taints=[spot, old]),
        Node("node-1", cpu="8", labels={ZONE: "z1", "rack": "r1"}, taints=[spot]),
        Node("node-2", cpu="8", labels={ZONE: "z1", "slot": "2"}),
    ]
    prefer = Affinity(
        node_preferred=(
            PreferredSchedulingTerm(10, NodeSelectorTerm((Requirement("rack", "In", ("r1",)),))),
        )
    )
    placed = []
    for reference in (False, True):
        cluster = Cluster(nodes=nodes, scoring="LeastAllocated")
        if reference:
            cluster._scheduler = cluster._passes.scheduler = ReferenceScheduler("LeastAllocated")
        web = {"tier": "web"}
        cluster.apply(
            Deployment("base", replicas=3, cpu="1", labels=web, node_selector={ZONE: "z0"})
        )
        cluster.apply(Deployment("filler", cpu="7", node_selector={"slot": "2"}))
        cluster.reconcile_until_stable()
        spread = (_by_zone(1, web),)
        cluster.apply(
            Deployment("web", cpu="1", labels=web, affinity=prefer, topology_spread=spread)
        )
        cluster.reconcile_until_stable()
        placed.append([p.node for p in cluster.pods("web")])
    assert placed == [["node-2"], ["node-2"]]


def test_a_node_bound_to_then_emptied_and_removed_before_the_next_cycle_is_recounted() -> None:
    """A plain pod binds to a new node in a cycle no spread pod takes part in; before the
    next cycle it is deleted and the node removed (as the autoscaler removes an empty node):
    the bind log still names the node, so the counts start over instead of looking it up."""
    fast, _ = _settled_pair()
    fast.add_node(Node("node-20", cpu="4", memory="16Gi", labels={ZONE: "z2", "slot": "x"}))
    fast.apply(Deployment("plain", cpu="1", labels={"tier": "web"}, node_selector={"slot": "x"}))
    fast.reconcile()
    assert [p.node for p in fast.pods("plain")] == ["node-20"]
    fast.delete_pod(fast.pods("plain")[0].name)
    fast._state.remove_node("node-20")
    fast.scale("plain", 0)
    fast.scale("web", 23)
    fast.reconcile_until_stable()
    assert sum(p.node is not None for p in fast.pods("web")) == 23
    kept_counts_equal_fresh(fast)
