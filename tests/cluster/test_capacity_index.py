"""The capacity index finds the first node with room exactly as a scan in name order would,
however many updates it has deferred (one, several, or none) before a search."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop.cluster.capacity_index import CapacityIndex
from kubeloop.cluster.nodes import NodeRecord

Change = tuple[int, int, int, bool]


def scan(nodes: list[NodeRecord], cpu: int, memory: int, start: int) -> int | None:
    for i in range(start, len(nodes)):
        node = nodes[i]
        fits = node.free_pods >= 1 and node.free_cpu >= cpu and node.free_memory >= memory
        if node.schedulable and fits:
            return i
    return None


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(
    count=st.integers(1, 9),
    rounds=st.lists(
        st.tuples(
            st.lists(
                st.tuples(st.integers(0, 8), st.integers(0, 4), st.integers(0, 4), st.booleans()),
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
        for position, used_cpu, used_memory, cordoned in changes:
            node = nodes[position % count]
            node.allocated_cpu, node.allocated_memory = used_cpu, used_memory
            node.unschedulable = cordoned
            index.update(node)
        assert index.first_fit(cpu, memory, start) == scan(nodes, cpu, memory, start)
    assert {n.name for n in index.drain_changed()} <= {n.name for n in nodes}
    assert index.drain_changed() == []
