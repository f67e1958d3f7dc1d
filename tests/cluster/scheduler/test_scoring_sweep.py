"""Sweeping a class (``one_pod_each.py``: a run of pods one per member, in name order) picks
exactly the nodes that scoring every node for every pod picks.

``test_scoring_by_class.py`` draws nodes of many shapes, so classes are small; here the
nodes come in two or three shapes, so classes hold many members and the sweep runs — its
stopping rules (a tie with another class, the class's last member, a class that fills up,
TaintToleration's normaliser) are met on the way.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment, Node, Taint, Toleration
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.scheduler import ReferenceScheduler
from kubeloop.cluster.scheduler.node_classes import NodeClasses, class_key

SOFT = [Taint("spot", "true", "PreferNoSchedule"), Taint("arm", "", "PreferNoSchedule")]
SHAPES = [
    ("4", "8Gi", 10, []),
    ("2", "4Gi", 6, []),
    ("4", "8Gi", 10, SOFT[:1]),
    ("3", "8Gi", 4, SOFT),
    ("8", "2Gi", 20, []),
    ("32", "64Gi", 30, []),  # a 100m pod leaves its LeastAllocated score where it was
]

Shape = tuple[str, str, int, list[Taint]]

clusters = st.lists(
    st.sampled_from(range(len(SHAPES))), min_size=2, max_size=3, unique=True
).flatmap(lambda kinds: st.lists(st.sampled_from(kinds), min_size=2, max_size=30))
workloads = st.lists(
    st.tuples(
        st.integers(1, 40),
        st.sampled_from(["100m", "250m", "500m", "1"]),
        st.sampled_from(["0", "256Mi", "1Gi"]),
        st.booleans(),
    ),
    min_size=1,
    max_size=4,
)
changes = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(["fail_node", "recover_node", "cordon"]), st.integers(0, 29)),
        st.tuples(st.just("scale"), st.integers(0, 3), st.integers(0, 60)),
        st.tuples(st.just("delete_pod"), st.integers(0, 200)),
    ),
    max_size=4,
)


def _cluster(kinds: list[int], strategy: str, reference: bool) -> Cluster:
    nodes = []
    for i, kind in enumerate(kinds):
        cpu, memory, pods, taints = SHAPES[kind]
        nodes.append(Node(f"n-{i:02d}", cpu=cpu, memory=memory, pods=pods, taints=taints))
    cluster = Cluster(nodes=nodes, scoring=strategy)
    if reference:
        cluster._scheduler = cluster._passes.scheduler = ReferenceScheduler(strategy, hints=True)
    return cluster


def _placements(cluster: Cluster) -> list[tuple[str, str | None, str | None]]:
    return [(p.name, p.node, p.reason) for p in cluster.pods()]


def _change(cluster: Cluster, change: tuple[str, int] | tuple[str, int, int]) -> None:
    kind = change[0]
    if kind == "scale":
        names = [d.name for d in cluster.deployments()]
        cluster.scale(names[change[1] % len(names)], change[2] if len(change) > 2 else 0)
    elif kind == "delete_pod":
        running = [p.name for p in cluster.pods() if p.node is not None]
        if running:
            cluster.delete_pod(running[change[1] % len(running)])
    else:
        nodes = [n.name for n in cluster.nodes()]
        getattr(cluster, kind)(nodes[change[1] % len(nodes)])


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(
    kinds=clusters,
    workload=workloads,
    strategy=st.sampled_from(["LeastAllocated", "BalancedAllocation", "MostAllocated"]),
    steps=changes,
)
def test_a_sweep_places_every_pod_where_scoring_every_node_does(
    kinds: list[int],
    workload: list[tuple[int, str, str, bool]],
    strategy: str,
    steps: list[tuple[str, int] | tuple[str, int, int]],
) -> None:
    fast, reference = (_cluster(kinds, strategy, ref) for ref in (False, True))
    for cluster in (fast, reference):
        for d, (replicas, cpu, memory, tolerates) in enumerate(workload):
            tolerations = (
                [Toleration("spot", "Exists", "", "PreferNoSchedule")] if tolerates else []
            )
            cluster.apply(
                Deployment(
                    f"app-{d}", replicas=replicas, cpu=cpu, memory=memory, tolerations=tolerations
                )
            )
        cluster.reconcile_until_stable()
    assert _placements(fast) == _placements(reference)
    for step in steps:
        for cluster in (fast, reference):
            _change(cluster, step)
            cluster.reconcile_until_stable()
        assert _placements(fast) == _placements(reference), step


def test_least_allocated_goes_round_identical_nodes_in_sweeps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Twenty identical nodes, 50 pods: one pod each in name order, twice round, then ten
    more — the sweep places all but the pods that start a run or take a class's last
    member (so the property test above exercises it, not only the single steps)."""
    swept: list[int] = []
    take = NodeClasses.take

    def counting(
        self: NodeClasses, number: int, new: int, limit: int, before: str | None
    ) -> list[NodeRecord]:
        taken = take(self, number, new, limit, before)
        swept.append(len(taken))
        return taken

    monkeypatch.setattr(NodeClasses, "take", counting)
    cluster = _cluster([0] * 20, "LeastAllocated", reference=False)
    cluster.apply(Deployment("app", replicas=50, cpu="100m", memory="256Mi"))
    cluster.reconcile_until_stable()
    nodes = [p.node for p in cluster.pods()]
    assert sorted(nodes, key=str) == sorted(
        [f"n-{i:02d}" for i in range(20)] * 2 + [f"n-{i:02d}" for i in range(10)]
    )
    assert sum(swept) >= 40


def test_a_pod_that_leaves_its_node_scoring_as_high_is_followed_by_the_next_there() -> None:
    """On 32 cpu a 100m pod leaves LeastAllocated's score at 99 (integer maths): the node
    just bound ties its class and wins by name again, so no sweep may start."""
    fast, reference = (_cluster([5] * 4, "LeastAllocated", ref) for ref in (False, True))
    for cluster in (fast, reference):
        cluster.apply(Deployment("app", replicas=6, cpu="100m", memory="0"))
        cluster.reconcile_until_stable()
    assert _placements(fast) == _placements(reference)
    assert [p.node for p in reference.pods()][:2] == ["n-00", "n-00"]


def _records(count: int) -> list[NodeRecord]:
    return [NodeRecord(f"n-{i}", 4000, 8 << 30, 10, {}, []) for i in range(count)]


def test_take_moves_the_first_members_by_name_and_never_the_last() -> None:
    records = _records(6)
    classes = NodeClasses(reversed(records))
    (old,) = classes.sizes
    records[0].allocated_cpu = 100
    new = classes.number(class_key(records[0]))
    classes.join(records[0], new)
    taken = classes.take(old, new, limit=99, before=None)
    assert [n.name for n in taken] == ["n-1", "n-2", "n-3", "n-4"]
    assert classes.sizes == {old: 1, new: 5}
    assert classes.first(old) == "n-5"
    assert all(classes.class_of[n.name] == new for n in records[:5])


def test_take_stops_at_the_limit_and_before_the_bound() -> None:
    records = _records(8)
    classes = NodeClasses(records)
    (old,) = classes.sizes
    records[0].allocated_cpu = 100
    new = classes.number(class_key(records[0]))
    classes.join(records[0], new)
    assert [n.name for n in classes.take(old, new, limit=2, before=None)] == ["n-1", "n-2"]
    assert [n.name for n in classes.take(old, new, limit=9, before="n-5")] == ["n-3", "n-4"]
    assert classes.take(old, new, limit=9, before="n-5") == []
    assert classes.sizes == {old: 3, new: 5}
    assert classes.first(new) == "n-0"


def test_take_skips_members_that_left_since_they_joined() -> None:
    records = _records(5)
    classes = NodeClasses(records)
    (old,) = classes.sizes
    records[0].allocated_cpu = records[2].allocated_cpu = 100
    new = classes.number(class_key(records[0]))
    classes.join(records[0], new)
    classes.join(records[2], new)  # n-2 left ``old``; its entry there is stale
    assert [n.name for n in classes.take(old, new, limit=9, before=None)] == ["n-1", "n-3"]
    assert classes.first(old) == "n-4"
    assert classes.sizes == {old: 1, new: 4}
