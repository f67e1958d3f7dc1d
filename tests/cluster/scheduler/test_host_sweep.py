"""Sweeping a class in a batch over host classes (``affinity_batch.py`` through
``one_pod_each.py``: a run of pods one per member, in name order) picks exactly the nodes the
per-node recounting reference (``topology_reference.py``) picks. The nodes come in a few
look-alike shapes, so classes hold many members and the sweep runs; the reference knows
nothing of classes or sweeps."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment, Node
from kubeloop.cluster.affinity import HOSTNAME, Affinity, PodAffinityTerm, WeightedPodAffinityTerm
from kubeloop.cluster.labels import LabelSelector
from kubeloop.cluster.scheduler import one_pod_each
from tests.cluster.scheduler import test_affinity_by_host as by_host
from tests.cluster.scheduler.test_affinity_by_host import Shape, Workload, batch_workloads, changes
from tests.cluster.scheduler.test_topology_index import outcome
from tests.cluster.scheduler.topology_reference import ReferenceScheduler

look_alike = st.lists(
    st.tuples(
        st.tuples(st.sampled_from(["2", "4", "8"]), st.sampled_from([None, "z0", "z1"])),
        st.integers(1, 6),  # how many nodes of that shape
    ),
    min_size=1,
    max_size=3,
)


@pytest.mark.slow
@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(
    shapes=look_alike,
    workload=batch_workloads,
    strategy=st.sampled_from(["first-fit", "LeastAllocated", "MostAllocated"]),
    later=changes,
)
def test_sweeps_place_as_the_per_node_reference(
    shapes: list[tuple[tuple[str, str | None], int]],
    workload: Workload,
    strategy: str,
    later: list[tuple[object, ...]],
) -> None:
    shape: Shape = [(cpu, zone, None) for (cpu, zone), count in shapes for _ in range(count)]
    compare = by_host.test_hostname_terms_place_and_explain_every_pod_as_recounting_does
    compare.hypothesis.inner_test(shape, workload, strategy, later)  # type: ignore[attr-defined]


def _nodes(reference: bool) -> Cluster:
    cluster = Cluster(nodes=[Node(f"node-{i:02d}", cpu="4", memory="16Gi") for i in range(12)])
    if reference:
        cluster._scheduler = cluster._passes.scheduler = ReferenceScheduler("first-fit")
    return cluster


def test_preferred_anti_affinity_by_hostname_sweeps_where_the_reference_goes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pod preferring not to share a node with its own kind scores the nodes it left
    lower: the run goes round the nodes one pod each, a class swept at a time."""
    swept: list[int] = []
    sweep = one_pod_each.sweep

    def counted(*args: object) -> list[object]:
        taken = sweep(*args)  # type: ignore[arg-type]
        swept.append(len(taken))
        return taken  # type: ignore[return-value]

    monkeypatch.setattr(one_pod_each, "sweep", counted)
    fast, reference = _nodes(False), _nodes(True)
    for cluster in (fast, reference):
        for name, replicas in (("web", 30), ("db", 9)):
            term = PodAffinityTerm(LabelSelector({"app": name}), HOSTNAME)
            apart = Affinity(anti_preferred=(WeightedPodAffinityTerm(100, term),))
            cluster.apply(Deployment(name, replicas=replicas, cpu="1", affinity=apart))
        cluster.reconcile_until_stable()
    assert outcome(fast) == outcome(reference)
    assert sum(swept) >= 20
