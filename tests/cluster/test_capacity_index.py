"""The capacity index finds the first node with room exactly as a scan in name order would,
however many updates it has deferred (one, several, or none) before a search."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop.cluster.capacity_index import CapacityIndex
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord, PodTemplate

Change = tuple[int, int, int, bool, int]
POD = PodRecord("p", "d", "d-rs", PodTemplate("v1", ()), 0, 0)


def scan(nodes: list[NodeRecord], cpu: int, memory: int, start: int) -> int | None:
    for i in range(start, len(nodes)):
        node = nodes[i]
        fits = node.free_pods >= 1 and node.free_cpu >= cpu and node.free_memory >= memory
        if node.schedulable and fits:
            return i
    return None


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(
    count=st.integers(1, 9),
    rounds=st.lists(
        st.tuples(
            st.lists(
                st.tuples(
                    st.integers(0, 8),
                    st.integers(0, 4),
                    st.integers(0, 4),
                    st.booleans(),
                    st.integers(0, 2),
                ),
                max_size=5,
            ),
            st.integers(0, 4),
            st.integers(0, 4),
            st.integers(0, 9),
        ),
        max_size=8,
    ),
)
def test_first_fit_matches_a_scan_after_deferred_updates(
    count: int, rounds: list[tuple[list[Change], int, int, int]]
) -> None:
    nodes = [NodeRecord(f"n{i}", 4, 4, 2, {}, []) for i in range(count)]
    index = CapacityIndex(nodes)
    for changes, cpu, memory, start in rounds:
        for position, used_cpu, used_memory, cordoned, pods in changes:
            node = nodes[position % count]
            node.allocated_cpu, node.allocated_memory = used_cpu, used_memory
            node.pods = {f"p{k}": POD for k in range(pods)}  # a full node has no pod slot
            node.unschedulable = cordoned
            index.update(node)
        assert index.first_fit(cpu, memory, start) == scan(nodes, cpu, memory, start)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(
    count=st.integers(1, 12),
    steps=st.lists(
        st.tuples(
            st.integers(0, 11),
            st.integers(0, 4),
            st.integers(0, 4),
            st.integers(0, 2),
            st.booleans(),
            st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(0, 11)),
        ),
        max_size=30,
    ),
)
def test_first_fit_matches_a_scan_when_one_node_changes_between_searches(
    count: int, steps: list[tuple[int, int, int, int, bool, tuple[int, int, int]]]
) -> None:
    """First fit's own rhythm — bind on one node, search again — takes the one-leaf
    refresh, which stops climbing at the first ancestor it leaves unchanged."""
    nodes = [NodeRecord(f"n{i}", 4, 4, 2, {}, []) for i in range(count)]
    index = CapacityIndex(nodes)
    for position, used_cpu, used_memory, pods, cordoned, (cpu, memory, start) in steps:
        node = nodes[position % count]
        node.allocated_cpu, node.allocated_memory = used_cpu, used_memory
        node.pods = {f"p{k}": None for k in range(pods)}  # type: ignore[misc]
        node.unschedulable = cordoned
        index.update(node)
        assert index.first_fit(cpu, memory, start) == scan(nodes, cpu, memory, start)


def test_room_freed_on_one_resource_reaches_every_ancestor() -> None:
    """Memory freed on a node whose CPU is unchanged must lift the memory maximum of every
    subtree above it, or a search stepping over them would miss the node."""
    nodes = [NodeRecord(f"n{i}", 4, 4, 8, {}, []) for i in range(8)]
    index = CapacityIndex(nodes)
    for node in nodes:
        node.allocated_memory = 4
        index.update(node)
    assert index.first_fit(1, 1) is None
    nodes[6].allocated_memory = 0
    index.update(nodes[6])
    assert index.first_fit(1, 1) == 6
    nodes[6].allocated_cpu = 4  # now CPU is what is short there; memory stays free
    index.update(nodes[6])
    nodes[5].allocated_memory = 3
    index.update(nodes[5])
    assert index.first_fit(1, 1) == 5


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(
    states=st.lists(
        st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(0, 2), st.booleans()),
        min_size=1,
        max_size=19,
    ),
    searches=st.lists(
        st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(0, 20)), max_size=10
    ),
)
def test_an_index_built_over_nodes_in_any_state_matches_a_scan(
    states: list[tuple[int, int, int, bool]], searches: list[tuple[int, int, int]]
) -> None:
    """The tree is built a level at a time over nodes already in use, cordoned or not
    Ready: every search finds what a scan in name order finds, and so does an index given
    every node as one deferred update after it was built empty."""
    nodes = [NodeRecord(f"n{i:02d}", 4, 4, 2, {}, []) for i in range(len(states))]
    fresh = CapacityIndex(nodes)
    for node, (used_cpu, used_memory, pods, cordoned) in zip(nodes, states, strict=True):
        node.allocated_cpu, node.allocated_memory = used_cpu, used_memory
        node.pods = {f"p{k}": None for k in range(pods)}  # type: ignore[misc]
        node.unschedulable = cordoned
        node.ready = used_cpu != 3  # some nodes not Ready
        fresh.update(node)
    built = CapacityIndex(nodes)
    for cpu, memory, start in searches:
        expected = scan(nodes, cpu, memory, start)
        assert built.first_fit(cpu, memory, start) == expected
        assert fresh.first_fit(cpu, memory, start) == expected


@pytest.mark.parametrize("count", [1, 2, 3, 4, 7, 8, 16, 17])
def test_the_one_node_with_room_is_found_wherever_it_is(count: int) -> None:
    """Every leaf's maximum reaches its ancestors, the last node of a full tree included."""
    for room in range(count):
        nodes = [NodeRecord(f"n{i:02d}", 4, 4, 2, {}, []) for i in range(count)]
        for i, node in enumerate(nodes):
            node.allocated_cpu = 0 if i == room else 4
        index = CapacityIndex(nodes)
        assert [index.first_fit(1, 1, start) for start in range(count)] == [
            room if start <= room else None for start in range(count)
        ]


def test_a_node_whose_pod_slots_alone_free_up_is_found_again() -> None:
    """Only the slots move (requests of 0): the search must see the freed slot, so the
    pull-up may not stop at an ancestor whose CPU and memory maxima are unchanged."""
    nodes = [NodeRecord(f"n{i}", 4, 4, 2, {}, []) for i in range(4)]
    index = CapacityIndex(nodes)
    for node in nodes:
        node.pods = {"p0": POD, "p1": POD}
        index.update(node)
    assert index.first_fit(0, 0) is None
    nodes[2].pods = {}
    index.update(nodes[2])
    assert index.first_fit(0, 0) == 2
