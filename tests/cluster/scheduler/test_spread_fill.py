"""Filling a node in a spread batch (``spread_fill.py``: a group's next pods all onto the node
its last pod went to) picks exactly the nodes the per-node recounting reference
(``topology_reference.py``) picks. The nodes come in a few look-alike shapes, so a node's
classes have been followed before and the fill runs; the reference knows nothing of
classes, groups or fills."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment, LabelSelector, Node
from kubeloop.cluster.affinity import ZONE, TopologySpreadConstraint
from kubeloop.cluster.scheduler import spread_fill
from tests.cluster.scheduler.test_preferred_fill import _first_fit_zones
from tests.cluster.scheduler.test_topology_spread_batch import (
    NodeShape,
    Workload,
    _compare,
    changes,
    outcome,
    workloads,
)
from tests.cluster.scheduler.topology_reference import ReferenceScheduler

look_alike = st.lists(
    st.tuples(
        st.tuples(
            st.sampled_from(["2", "4", "8"]),
            st.integers(2, 10),
            st.sampled_from([None, "z0", "z1", "z2"]),
            st.sampled_from([None, "r0", "r1"]),
            st.integers(0, 2),
            st.booleans(),
        ),
        st.integers(1, 4),  # how many nodes of that shape
    ),
    min_size=1,
    max_size=5,
)


@pytest.mark.slow
@settings(max_examples=250, deadline=None, derandomize=True, database=None)
@given(
    shapes=look_alike,
    workload=workloads,
    strategy=st.sampled_from(["first-fit", "first-fit", "LeastAllocated", "MostAllocated"]),
    later=changes,
)
def test_fills_place_as_the_per_node_reference(
    shapes: list[tuple[NodeShape, int]],
    workload: Workload,
    strategy: str,
    later: list[tuple[object, ...]],
) -> None:
    shape = [node for node, count in shapes for _ in range(count)]
    _compare(shape, workload, strategy, later)


def test_zone_spread_fills_nodes_where_the_reference_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under first-fit nothing node-local tells the nodes apart as they fill, so each zone's
    pods go to one node until it is full, the pods taking the zones in turn: along classes
    another node has been through, by fill."""
    filled: list[int] = []
    flush = spread_fill.flush

    def counted(choice: object, group: object) -> None:
        fill = group.fill  # type: ignore[attr-defined]
        filled.append(fill.at)
        flush(choice, group)  # type: ignore[arg-type]

    monkeypatch.setattr(spread_fill, "flush", counted)
    fast, reference = _first_fit_zones(False), _first_fit_zones(True)
    for cluster in (fast, reference):
        for name, replicas, skew in (("even", 40, 1), ("loose", 7, 2)):
            spread = TopologySpreadConstraint(skew, ZONE, LabelSelector({"app": name}))
            cluster.apply(
                Deployment(name, replicas=replicas, cpu="1", memory="1Gi", topology_spread=[spread])
            )
        cluster.reconcile_until_stable()
    assert outcome(fast) == outcome(reference)
    assert sum(filled) >= 15


def _filling_under_most_allocated(reference: bool) -> Cluster:
    """Two look-alike nodes in z0 that take four 500m/1Gi pods each (memory), one twice
    their size in z1, under MostAllocated: a node's score rises with each pod it takes."""
    nodes = [
        Node(name, cpu=cpu, memory=memory, pods=pods, labels={ZONE: zone})
        for name, cpu, memory, pods, zone in (
            ("node-0", "4", "4Gi", 5, "z0"),
            ("node-1", "4", "4Gi", 5, "z0"),
            ("node-2", "8", "8Gi", 8, "z1"),
        )
    ]
    cluster = Cluster(nodes=nodes, scoring="MostAllocated")
    if reference:
        cluster._scheduler = cluster._passes.scheduler = ReferenceScheduler("MostAllocated")
    spread = TopologySpreadConstraint(1, ZONE, LabelSelector({"app": "a"}))
    pods = Deployment("a", replicas=15, cpu="500m", memory="1Gi", topology_spread=[spread])
    cluster.apply(pods)
    cluster.reconcile_until_stable()
    return cluster


def test_a_fill_ends_where_the_node_scores_otherwise() -> None:
    """A fill ends at the first class whose total differs from the one it started in (the
    group's top entry keeps the start's total until the flush): under MostAllocated the
    node's total climbs with every pod, and the rival zone's node is compared against it.

    node-0 fills first (a-1, a-3, a-5, a-7: full), so node-1 follows classes node-0 has been
    through. a-10 takes node-1 to one pod (it scores 37 for the next), the group's best
    again, and the fill starts along node-0's classes. The zones are level after a-10, a-12
    and a-14, so node-1 (the fill's, z0) and node-2 (z1) compete at a-11, a-13 and a-15:
    a-12 and a-14 take node-1 to 56 and then 75 for its next pod, and at a-15 node-2 scores
    75 as well, so node-1 takes it by name. Were the fill to run on past its first pod, its
    entry would still say 37 and node-2 would take a-15."""
    fast, reference = _filling_under_most_allocated(False), _filling_under_most_allocated(True)
    assert outcome(fast) == outcome(reference)
    placed = {p.name: p.node for p in fast.pods()}
    assert placed["a-15"] == "node-1"
