"""Runs of small ReplicaSets place and record exactly as one at a time did.

Three shortcuts of the pod path are checked against the code they replaced, kept here and in
the engine as oracles: the actuator creates a run of CreatePods together
(``admission.create_many``; the oracle is ``apply(one_by_one=True)``); first fit resumes
where the last batch of the same asks stopped (``first_fit.place``; the oracle is
``_old_place`` below, the search from the first node for every batch, and ``_score_one``,
which filters every node for every pod); and consecutive ReplicaSets of the same asks are
placed as one batch (``batch_runs.joined``; the oracle places each ReplicaSet's alone).
Random clusters — many small deployments, taints, selectors, priority classes known,
unknown and preempting, deletions, failures, cordons and event expiry — run on twins, one
with each, and must look the same after every step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment, Node, PriorityClass, Taint, Toleration
from kubeloop.cluster import actuator
from kubeloop.cluster.capacity_index import CapacityIndex
from kubeloop.cluster.pods import Container, PodRecord, PodTemplate
from kubeloop.cluster.scheduler import CycleResult, Scheduler, batch_runs, first_fit
from kubeloop.cluster.scheduler.framework import FilterPlugin
from kubeloop.cluster.state import ClusterState
from kubeloop.errors import KubeloopError

NAMES = ["a", "b", "c", "d", "e", "f"]
NODES = ["n1", "n2", "n3", "n4", "n5"]
SPOT = Taint("spot", "true", "NoSchedule")
TOLERATES_SPOT = (Toleration("spot", "Equal", "true", "NoSchedule"),)


def _old_place(
    state: ClusterState,
    batch: list[PodRecord],
    filters: list[FilterPlugin],
    verdicts: first_fit.Verdicts,
) -> int:
    """``first_fit.place`` before batches resumed: every batch searches from the first node."""
    template = batch[0].template
    cpu, memory = template.cpu, template.memory
    index = state.index
    placed = 0
    position: int | None = 0
    rejected = 0
    while placed < len(batch):
        position = index.first_fit(cpu, memory, position or 0)
        if position is None:
            break
        node = index.nodes[position]
        if any(f.filter(batch[placed], node) is not None for f in filters):
            rejected += 1
            if rejected < first_fit.LONG_WALK:
                position += 1
            else:
                nxt = first_fit._next_accepted(
                    state, batch[placed], position + 1, filters, verdicts
                )
                position = nxt
                if position is None:
                    break
            continue
        room = node.free_pods
        if cpu:
            room = min(room, node.free_cpu // cpu)
        if memory:
            room = min(room, node.free_memory // memory)
        state.bind(batch[placed : placed + room], node)
        placed += min(room, len(batch) - placed)
    return placed


@contextmanager
def _references(reference: ClusterState) -> Iterator[None]:
    """While open, the cluster whose state is ``reference`` runs the oracles."""
    real_apply: Callable[..., None] = actuator.apply
    real_place: Callable[..., int] = first_fit.place
    real_run: Callable[[Scheduler, ClusterState], CycleResult] = Scheduler.run

    def apply(state: ClusterState, actions: Any, changes: Any) -> None:
        real_apply(state, actions, changes, one_by_one=state is reference)

    def place(state: ClusterState, *rest: Any) -> int:
        return (_old_place if state is reference else real_place)(state, *rest)

    def run(scheduler: Scheduler, state: ClusterState) -> CycleResult:
        if state is not reference:
            return real_run(scheduler, state)
        with pytest.MonkeyPatch.context() as alone:
            alone.setattr(batch_runs, "joined", lambda batches, _: batches)
            return real_run(scheduler, state)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(actuator, "apply", apply)
        patch.setattr(first_fit, "place", place)
        patch.setattr(Scheduler, "run", run)
        yield


specs = st.fixed_dictionaries(
    {
        "replicas": st.integers(0, 12),
        "cpu": st.sampled_from(["0", "250m", "1", "2"]),
        "memory": st.sampled_from(["0", "256Mi", "1Gi"]),
        "version": st.sampled_from(["v1", "v2"]),
        "tolerations": st.sampled_from([(), TOLERATES_SPOT]),
        "node_selector": st.sampled_from([{}, {"zone": "b"}]),
        "priority_class_name": st.sampled_from([None, None, "low", "high", "missing"]),
        "startup_seconds": st.sampled_from([0, 0, 2]),
    }
)
operations = st.one_of(
    st.tuples(st.just("apply"), st.sampled_from(NAMES), specs),
    st.tuples(st.just("many"), st.integers(2, 12), specs),
    st.tuples(st.just("scale"), st.sampled_from(NAMES), st.integers(0, 14)),
    st.tuples(st.just("delete_pod"), st.integers(0, 40), st.none()),
    st.tuples(st.just("fail"), st.sampled_from(NODES), st.none()),
    st.tuples(st.just("recover"), st.sampled_from(NODES), st.none()),
    st.tuples(st.just("cordon"), st.sampled_from(NODES), st.booleans()),
    st.tuples(st.just("taint"), st.sampled_from(NODES), st.booleans()),
    st.tuples(st.just("class"), st.sampled_from(["low", "high", "missing"]), st.none()),
    st.tuples(st.just("advance"), st.sampled_from([1, 3, 700]), st.none()),
    st.tuples(st.just("reconcile"), st.integers(1, 3), st.none()),
)


def _cluster(ttl: int | None) -> Cluster:
    nodes = [
        Node(name, cpu="4", memory="4Gi", labels={"zone": "b" if i % 2 else "a"}, pods=6)
        for i, name in enumerate(NODES)
    ]
    return Cluster(nodes=nodes, event_ttl=ttl)


def _step(cluster: Cluster, op: tuple[str, Any, Any]) -> object:
    kind, target, extra = op
    try:
        if kind == "apply":
            cluster.apply(Deployment(target, **extra))
        elif kind == "many":  # many small deployments of one shape, applied together
            for i in range(target):
                cluster.apply(Deployment(f"small-{i:02d}", **extra))
        elif kind == "scale":
            cluster.scale(target, extra)
        elif kind == "delete_pod":
            pods = cluster.pods()
            if pods:
                cluster.delete_pod(pods[target % len(pods)].name)
        elif kind == "fail":
            cluster.fail_node(target)
        elif kind == "recover":
            cluster.recover_node(target)
        elif kind == "cordon":
            (cluster.cordon if extra else cluster.uncordon)(target)
        elif kind == "taint":
            if extra:
                cluster.taint(target, SPOT)
            else:
                cluster.untaint(target, SPOT.key)
        elif kind == "class":
            value = {"low": 10, "high": 1000, "missing": 5}[target]
            cluster.add_priority_class(PriorityClass(target, value))
        elif kind == "advance":
            cluster.advance(target)
        else:
            return [cluster.reconcile() for _ in range(target)]
    except KubeloopError as error:
        return str(error)
    return None


def _seen(cluster: Cluster) -> tuple[object, ...]:
    return (
        cluster.pods(),
        cluster.deployments(),
        cluster.replicasets(),
        cluster.events,
        cluster.nodes(),
    )


def _twins(ops: list[tuple[str, Any, Any]], ttl: int | None) -> None:
    fast, slow = _cluster(ttl), _cluster(ttl)
    with _references(slow._state):
        for op in ops:
            assert _step(fast, op) == _step(slow, op), op
            assert _seen(fast) == _seen(slow), op


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(operations, min_size=1, max_size=20), st.sampled_from([None, 600]))
def test_runs_place_and_record_as_one_at_a_time(
    ops: list[tuple[str, Any, Any]], ttl: int | None
) -> None:
    _twins(ops, ttl)


SMALL = {
    "cpu": "1",
    "memory": "256Mi",
    "version": "v1",
    "tolerations": (),
    "node_selector": {},
    "priority_class_name": None,
    "startup_seconds": 0,
}


@pytest.mark.parametrize(
    "ops",
    [
        # Twelve deployments of three fill nodes of four in turn; the last are Pending.
        [("many", 12, {**SMALL, "replicas": 3}), ("reconcile", 3, None)],
        # Deployments of other asks between runs of one: no batch joins another's asks.
        [
            ("many", 3, {**SMALL, "replicas": 2}),
            ("apply", "a", {**SMALL, "replicas": 3, "cpu": "2"}),
            ("apply", "b", {**SMALL, "replicas": 4, "tolerations": TOLERATES_SPOT}),
            ("taint", "n2", True),
            ("reconcile", 2, None),
        ],
        # An unknown class forbids some ReplicaSets of a run; known, it lets them in later.
        [
            ("many", 4, {**SMALL, "replicas": 2, "priority_class_name": "missing"}),
            ("apply", "a", {**SMALL, "replicas": 3}),
            ("reconcile", 2, None),
            ("class", "missing", None),
            ("reconcile", 3, None),
        ],
        # A tainted node is passed by one kind of batch and used by the tolerating kind.
        [
            ("taint", "n1", True),
            ("many", 5, {**SMALL, "replicas": 2}),
            ("apply", "a", {**SMALL, "replicas": 5, "tolerations": TOLERATES_SPOT}),
            ("reconcile", 3, None),
            ("delete_pod", 3, None),
            ("reconcile", 2, None),
        ],
        # Preemption frees more room than its preemptor takes, mid-cycle, after a batch of
        # the same asks found no node: a later batch must see the room.
        [
            ("class", "high", None),
            ("many", 10, {**SMALL, "replicas": 2, "cpu": "2"}),
            ("reconcile", 2, None),
            ("apply", "a", {**SMALL, "replicas": 1, "priority_class_name": "high"}),
            ("apply", "b", {**SMALL, "replicas": 2}),
            ("reconcile", 3, None),
        ],
        # Preemption frees room mid-cycle: later batches must see it.
        [
            ("class", "high", None),
            ("many", 6, {**SMALL, "replicas": 4}),
            ("reconcile", 2, None),
            ("apply", "a", {**SMALL, "replicas": 6, "priority_class_name": "high"}),
            ("many", 8, {**SMALL, "replicas": 4}),
            ("reconcile", 3, None),
        ],
    ],
)
def test_runs_place_and_record_as_one_at_a_time_in_these_stories(
    ops: list[tuple[str, Any, Any]],
) -> None:
    _twins(ops, 600)


def test_twelve_small_deployments_fill_the_nodes_in_name_order() -> None:
    """The placement spelled out: nodes of four pods, deployments of three, first fit."""
    cluster = Cluster(nodes=[Node(f"n{i}", cpu="4", memory="4Gi") for i in range(1, 4)])
    for i in range(5):
        cluster.apply(Deployment(f"d{i}", replicas=3, cpu="1", memory="256Mi"))
    cluster.reconcile_until_stable()
    where = {p.name: p.node for p in cluster.pods()}
    assert where == {
        "d0-1": "n1", "d0-2": "n1", "d0-3": "n1",
        "d1-1": "n1", "d1-2": "n2", "d1-3": "n2",
        "d2-1": "n2", "d2-2": "n2", "d2-3": "n3",
        "d3-1": "n3", "d3-2": "n3", "d3-3": "n3",
        "d4-1": None, "d4-2": None, "d4-3": None,
    }  # fmt: skip
    created = [e for e in cluster.events if e.reason == "SuccessfulCreate"]
    assert [(e.object, e.message) for e in created[:2]] == [
        ("replicaset/" + cluster.replicasets("d0")[0].name, "Created pod: d0-1"),
        ("replicaset/" + cluster.replicasets("d0")[0].name, "Created pod: d0-2"),
    ]
    assert len(created) == 15


@pytest.mark.parametrize("joined", [False, True], ids=["each-alone", "joined"])
def test_batches_of_the_same_asks_search_the_index_once_a_batch(
    monkeypatch: pytest.MonkeyPatch, joined: bool
) -> None:
    """300 ReplicaSets of 10 pods on 100 nodes of 32: one search per batch, the one that
    leaves the index fresh, and none for a node filled (the resumed batch asks its node,
    and a filled node's next, itself), where searching from the first node searched
    again for every node a batch filled. Joined into one batch, they search once."""
    if not joined:
        monkeypatch.setattr(batch_runs, "joined", lambda batches, _: batches)
    calls = [0]
    real = CapacityIndex.first_fit

    def counted(self: CapacityIndex, cpu: int, memory: int, start: int = 0) -> int | None:
        calls[0] += 1
        return real(self, cpu, memory, start)

    monkeypatch.setattr(CapacityIndex, "first_fit", counted)
    cluster = Cluster(nodes=[Node(f"node-{i:03d}", cpu="32", memory="128Gi") for i in range(100)])
    for i in range(300):
        cluster.apply(Deployment(f"app-{i:03d}", replicas=10, cpu="1", memory="1Gi"))
    cluster.reconcile_until_stable()
    assert all(p.node is not None for p in cluster.pods())
    assert [len(n.pods) for n in cluster.nodes()] == [32] * 93 + [24] + [0] * 6
    assert calls[0] == (1 if joined else 300)


containers = st.lists(
    st.builds(Container, st.just("c"), st.sampled_from([0, 100, 250, 4000]), st.integers(0, 3)),
    max_size=3,
)


@settings(max_examples=200, deadline=None)
@given(containers, containers, st.sampled_from(["cpu", "memory", "scoring_cpu", "scoring_memory"]))
def test_a_templates_requests_derive_together_as_each_did_alone(
    app: list[Container], init: list[Container], first: str
) -> None:
    """Whichever of the four is read first, all four are the formulas they replaced."""
    template = PodTemplate("v1", tuple(app), tuple(init))
    getattr(template, first)
    default = 200 * 1024 * 1024
    assert template.cpu == max(sum(c.cpu for c in app), *(c.cpu for c in init), 0)
    assert template.memory == max(sum(c.memory for c in app), *(c.memory for c in init), 0)
    assert template.scoring_cpu == max(
        sum(c.cpu or 100 for c in app), *(c.cpu or 100 for c in init), 0
    )
    assert template.scoring_memory == max(
        sum(c.memory or default for c in app), *(c.memory or default for c in init), 0
    )
