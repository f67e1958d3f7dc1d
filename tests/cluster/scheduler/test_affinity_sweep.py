"""Sweeping a host class (``one_pod_each.py`` over ``affinity_batch.py``'s heap: a run of pods
one per look-alike node, in name order) places every pod where the recounting reference
(``topology_reference.py``) places it.

``test_affinity_by_host.py`` draws up to ten nodes of many shapes, so host classes stay
small; here the nodes come in one or two shapes, up to thirty, and the runs are long, so a
class of many members is gone round in sweeps — and their stops (a tie with another class,
the class's last member, a node that fills up, a class that turns feasible) are met.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import Deployment
from kubeloop.cluster.affinity import HOSTNAME, Affinity, PodAffinityTerm, WeightedPodAffinityTerm
from kubeloop.cluster.labels import LabelSelector
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.scheduler.node_classes import NodeClasses
from tests.cluster.scheduler.test_affinity_by_host import Shape, Workload, anti_self, build, deploy
from tests.cluster.scheduler.test_topology_index import operate, outcome

SELECTORS = [LabelSelector({"app": f"app-{i}"}) for i in range(3)]
host_terms = st.builds(PodAffinityTerm, st.sampled_from(SELECTORS), st.just(HOSTNAME))
affinities = st.builds(
    Affinity,
    pod_required=st.lists(host_terms, max_size=1).map(tuple),
    pod_preferred=st.lists(
        st.builds(WeightedPodAffinityTerm, st.integers(1, 100), host_terms), max_size=1
    ).map(tuple),
    anti_required=st.lists(host_terms, max_size=1).map(tuple),
    anti_preferred=st.lists(
        st.builds(WeightedPodAffinityTerm, st.integers(1, 100), host_terms), max_size=1
    ).map(tuple),
)
# Two or more 4-cpu nodes, some 8-cpu ones (maybe none), shuffled: classes interleave by name.
look_alike_nodes = st.tuples(st.integers(0, 20), st.integers(0, 12)).flatmap(
    lambda counts: st.permutations(
        [("4", None, None)] * max(counts[0], 2) + [("8", None, None)] * counts[1]
    )
)
long_runs = st.lists(
    st.tuples(
        st.integers(1, 40),
        st.sampled_from(["1", "500m", "2"]),
        st.just("b"),
        st.one_of(st.none(), affinities),
        st.just(None),
        st.just(False),
    ),
    min_size=1,
    max_size=3,
)
changes = st.lists(
    st.one_of(
        st.tuples(st.just("delete_pod"), st.integers(0, 60)),
        st.tuples(st.sampled_from(["fail_node", "recover_node", "cordon"]), st.integers(0, 29)),
        st.tuples(st.just("scale"), st.integers(0, 2), st.integers(0, 40)),
    ),
    max_size=4,
)


@pytest.mark.slow
@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(
    shape=look_alike_nodes,
    workload=long_runs,
    strategy=st.sampled_from(["first-fit", "LeastAllocated", "MostAllocated"]),
    later=changes,
)
def test_a_swept_host_class_places_every_pod_as_recounting_does(
    shape: Shape, workload: Workload, strategy: str, later: list[tuple[object, ...]]
) -> None:
    clusters = [build(shape, strategy, reference) for reference in (False, True)]
    for cluster in clusters:
        deploy(cluster, workload)
        cluster.reconcile_until_stable()
    fast, reference = clusters
    assert outcome(fast) == outcome(reference)
    for change in later:
        for cluster in clusters:
            operate(cluster, change)
            cluster.reconcile_until_stable()
        assert outcome(fast) == outcome(reference), change


@contextmanager
def counting_takes() -> Iterator[list[int]]:
    """How many nodes each sweep (``NodeClasses.take``) moved."""
    swept: list[int] = []
    take = NodeClasses.take

    def counting(
        self: NodeClasses, number: int, new: int, limit: int, before: str | None
    ) -> list[NodeRecord]:
        taken = take(self, number, new, limit, before)
        swept.append(len(taken))
        return taken

    NodeClasses.take = counting  # type: ignore[method-assign]
    try:
        yield swept
    finally:
        NodeClasses.take = take  # type: ignore[method-assign]


def test_one_pod_a_node_goes_round_the_empty_nodes_in_one_sweep() -> None:
    """Twenty empty nodes, two deployments with anti-affinity to themselves by hostname:
    each run but its first pod and its last node's is placed by one sweep, exactly where
    the reference puts it (so the property test above exercises the sweep)."""
    clusters = [build([("8", None, None)] * 20, "LeastAllocated", ref) for ref in (False, True)]
    with counting_takes() as swept:
        for cluster in clusters:
            for name in ("web", "api"):
                cluster.apply(Deployment(name, replicas=20, cpu="1", affinity=anti_self(name)))
            cluster.reconcile_until_stable()
    assert outcome(clusters[0]) == outcome(clusters[1])
    assert sum(swept) >= 2 * 17
    assert all(p.node is not None for p in clusters[0].pods())


def test_a_sweep_stops_before_another_class_tied_with_it() -> None:
    """Under first-fit every class ties: 4-cpu and 8-cpu nodes interleaved by name take one
    pod each in name order, so the sweep of the 4-cpu class must stop at node-3 (8 cpu)."""
    cpus = ["4", "4", "4", "8", "4", "8", "4", "4", "4", "8"]
    shape: Shape = [(cpu, None, None) for cpu in cpus]
    clusters = [build(shape, "first-fit", ref) for ref in (False, True)]
    with counting_takes() as swept:
        for cluster in clusters:
            cluster.apply(Deployment("web", replicas=10, cpu="1", affinity=anti_self("web")))
            cluster.reconcile_until_stable()
    assert outcome(clusters[0]) == outcome(clusters[1])
    nodes = sorted(p.node or "" for p in clusters[0].pods())
    assert nodes == sorted(f"node-{i}" for i in range(10))
    assert swept
