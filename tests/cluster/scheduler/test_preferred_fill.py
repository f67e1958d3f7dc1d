"""Filling a node (``preferred_fill.py``: a run of pods all onto the node the pod before them
went to) picks exactly the nodes the per-node recounting reference (``topology_reference.py``)
picks. The nodes come in a few look-alike shapes, so a node's classes have been followed
before and the fill runs; the reference knows nothing of classes, groups or fills."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Node
from kubeloop.cluster.affinity import ZONE
from kubeloop.cluster.scheduler import preferred_fill
from tests.cluster.scheduler.test_preferred_batch import (
    NodeShape,
    Workload,
    _compare,
    _preferring,
    outcome,
    preferences,
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
    max_size=4,
)
workloads = st.lists(
    st.tuples(
        st.integers(0, 24),
        st.sampled_from(["0", "500m", "1"]),
        st.sampled_from(["a", "b"]),
        st.booleans(),
        preferences,
    ),
    min_size=1,
    max_size=4,
)
changes = st.lists(
    st.one_of(
        st.tuples(st.just("delete_pod"), st.integers(0, 60)),
        st.tuples(st.sampled_from(["fail_node", "recover_node", "cordon"]), st.integers(0, 15)),
        st.tuples(st.just("scale"), st.integers(0, 3), st.integers(0, 30)),
    ),
    max_size=4,
)


@pytest.mark.slow
@settings(max_examples=250, deadline=None, derandomize=True, database=None)
@given(
    shapes=look_alike,
    workload=workloads,
    strategy=st.sampled_from(
        ["first-fit", "first-fit", "LeastAllocated", "MostAllocated", "BalancedAllocation"]
    ),
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


def _first_fit_zones(reference: bool) -> Cluster:
    """Four look-alike nodes in each of three zones, room for six 1-cpu pods each, under
    the default first-fit scoring."""
    nodes = [
        Node(f"node-{i:02d}", cpu="6", memory="16Gi", labels={ZONE: f"z{i % 3}"}) for i in range(12)
    ]
    cluster = Cluster(nodes=nodes)
    if reference:
        cluster._scheduler = cluster._passes.scheduler = ReferenceScheduler("first-fit")
    return cluster


def test_zone_affinity_fills_nodes_where_the_reference_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Under first-fit nothing node-local tells the nodes apart as they fill, so a zone's
    pods go to one node until it is full: along classes another node has been through, by fill."""
    filled: list[int] = []
    fill = preferred_fill.fill

    def counted(*args: object) -> int:
        filled.append(fill(*args))  # type: ignore[arg-type]
        return filled[-1]

    monkeypatch.setattr(preferred_fill, "fill", counted)
    fast, reference = _first_fit_zones(False), _first_fit_zones(True)
    for cluster in (fast, reference):
        cluster.apply(_preferring("near", 20, 100))
        cluster.apply(_preferring("far", 9, 60, anti=True))
        cluster.reconcile_until_stable()
    assert outcome(fast) == outcome(reference)
    assert sum(filled) >= 8
