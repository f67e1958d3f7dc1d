"""The deployment controller's and the status update's shortcuts answer exactly as the full
syncs they skip.

``deployment.reconcile`` answers a deployment without ReplicaSets, and one whose only
ReplicaSet is current and at size, without calling ``sync``; ``deployment_status.update``
only takes a complete deployment whose status already says so off the deadline watch.
The oracles are the full code paths, still in the engine: ``sync`` for every queued
deployment in name order, and ``update_one`` for every one. Random clusters run through
rollouts, rollbacks, scaling, Recreate, minReadySeconds, startup delays and node failures;
every pass checks the controller's actions against ``sync``'s, and a twin cluster whose
status update is the reference loop must look the same after every step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment, Node
from kubeloop.cluster.controllers import deployment as deployment_controller
from kubeloop.cluster.controllers import deployment_status
from kubeloop.cluster.controllers.actions import Action, CreateReplicaSet
from kubeloop.cluster.deployments import DeploymentCounts, DeploymentRecord, ReplicaSetRecord
from kubeloop.cluster.state import ClusterState
from kubeloop.core import Clock, EventLog
from kubeloop.errors import KubeloopError

NAMES = ["api", "web", "web-a"]
NODES = ["n1", "n2", "n3"]


def reference_actions(state: ClusterState, names: Iterable[str]) -> list[Action]:
    """What the controller answered before its shortcuts: ``sync`` of each, in name order."""
    return [
        a for n in sorted(names) for a in deployment_controller.sync(state, state.deployments[n])
    ]


def reference_status(state: ClusterState, names: Iterable[str]) -> None:
    for name in sorted(names):
        deployment_status.update_one(state, state.deployments[name])


specs = st.builds(
    dict,
    replicas=st.integers(0, 6),
    version=st.sampled_from(["v1", "v2", "v3"]),
    strategy=st.sampled_from(["RollingUpdate", "RollingUpdate", "Recreate"]),
    max_surge=st.sampled_from([0, 1, "25%", "50%"]),
    max_unavailable=st.sampled_from([1, 2, "25%", "100%"]),
    min_ready_seconds=st.sampled_from([0, 0, 5]),
    startup_seconds=st.sampled_from([0, 0, 3, None]),
    revision_history_limit=st.sampled_from([0, 1, 10]),
    progress_deadline_seconds=st.sampled_from([600, 20]),
)
operations = st.one_of(
    st.tuples(st.just("apply"), st.sampled_from(NAMES), specs),
    st.tuples(st.just("scale"), st.sampled_from(NAMES), st.integers(0, 7)),
    st.tuples(st.just("rollback"), st.sampled_from(NAMES), st.none()),
    st.tuples(st.just("fail"), st.sampled_from(NODES), st.none()),
    st.tuples(st.just("recover"), st.sampled_from(NODES), st.none()),
    st.tuples(st.just("delete_pod"), st.integers(0, 20), st.none()),
    st.tuples(st.just("advance"), st.sampled_from([1, 4, 30]), st.none()),
    st.tuples(st.just("reconcile"), st.integers(1, 3), st.none()),
)


def _step(cluster: Cluster, op: tuple[str, Any, Any]) -> None:
    kind, target, extra = op
    try:
        if kind == "apply":
            cluster.apply(Deployment(target, cpu="500m", memory="256Mi", **extra))
        elif kind == "scale":
            cluster.scale(target, extra)
        elif kind == "rollback":
            cluster.rollback(target)
        elif kind == "fail":
            cluster.fail_node(target)
        elif kind == "recover":
            cluster.recover_node(target)
        elif kind == "delete_pod":
            pods = cluster.pods()
            if pods:
                cluster.delete_pod(pods[target % len(pods)].name)
        elif kind == "advance":
            cluster.advance(target)
        else:
            for _ in range(target):
                cluster.reconcile()
    except KubeloopError:
        pass  # a rejected operation (unknown name, nothing to roll back, a stall) is fine


def _seen(cluster: Cluster) -> tuple[object, ...]:
    state: ClusterState = cluster._state
    return (
        cluster.deployments(),
        cluster.replicasets(),
        cluster.pods(),
        cluster.events,
        sorted(state.deadlines.items()),
    )


def _twins(ops: list[tuple[str, Any, Any]]) -> int:
    """Run ``ops`` on two clusters, checking every pass's actions against ``sync``'s and
    every step's views against the twin whose status update is the reference loop."""
    fast = Cluster(nodes=[Node(n, cpu="2", memory="2Gi") for n in NODES])
    slow = Cluster(nodes=[Node(n, cpu="2", memory="2Gi") for n in NODES])
    reference_state = slow._state
    real_reconcile: Callable[..., list[Action]] = deployment_controller.reconcile
    real_update: Callable[..., None] = deployment_status.update
    checked = [0]

    def reconcile(state: ClusterState, names: Iterable[str]) -> list[Action]:
        names = set(names)
        got = real_reconcile(state, names)
        assert got == reference_actions(state, names)
        checked[0] += 1
        return got

    def update(state: ClusterState, names: Iterable[str]) -> None:
        (reference_status if state is reference_state else real_update)(state, names)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(deployment_controller, "reconcile", reconcile)
        patch.setattr(deployment_status, "update", update)
        for op in ops:
            _step(fast, op)
            _step(slow, op)
            assert _seen(fast) == _seen(slow)
    return checked[0]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(operations, min_size=1, max_size=25))
def test_shortcuts_answer_as_the_full_syncs(ops: list[tuple[str, Any, Any]]) -> None:
    passes = _twins(ops)
    assert passes > 0 or all(op[0] != "reconcile" for op in ops)


SPEC = {
    "replicas": 3,
    "version": "v1",
    "strategy": "RollingUpdate",
    "max_surge": 1,
    "max_unavailable": 1,
    "min_ready_seconds": 0,
    "startup_seconds": 0,
    "revision_history_limit": 10,
    "progress_deadline_seconds": 600,
}


@pytest.mark.parametrize(
    "ops",
    [
        # A complete deployment with minReadySeconds loses a pod: its replacement is Ready
        # at once but not yet available, so the deployment is not complete.
        [
            ("apply", "web", {**SPEC, "min_ready_seconds": 5}),
            ("reconcile", 2, None),
            ("advance", 30, None),
            ("reconcile", 2, None),
            ("delete_pod", 0, None),
            ("reconcile", 1, None),
            ("advance", 30, None),
            ("reconcile", 2, None),
        ],
        # A rollout to v2 that cleans v1 up, then a rollback: one ReplicaSet at a time.
        [
            ("apply", "web", {**SPEC, "revision_history_limit": 0}),
            ("reconcile", 3, None),
            ("apply", "web", {**SPEC, "revision_history_limit": 0, "version": "v2"}),
            ("reconcile", 3, None),
            ("apply", "web", {**SPEC, "revision_history_limit": 0}),
            ("reconcile", 3, None),
        ],
        # Pods that take time to start, then a scale down and up while complete.
        [
            ("apply", "web", {**SPEC, "startup_seconds": 3}),
            ("reconcile", 2, None),
            ("advance", 4, None),
            ("reconcile", 2, None),
            ("scale", "web", 1),
            ("reconcile", 1, None),
            ("scale", "web", 4),
            ("reconcile", 2, None),
        ],
    ],
)
def test_shortcuts_answer_as_the_full_syncs_in_these_stories(
    ops: list[tuple[str, Any, Any]],
) -> None:
    assert _twins(ops) > 0


def _status_after(
    spoil: Callable[[DeploymentRecord], object], run: Callable[[ClusterState, list[str]], None]
) -> object:
    """A complete deployment, spoiled, then given one status update by ``run``."""
    cluster = Cluster(nodes=[Node("n1", cpu="4", memory="4Gi")])
    cluster.apply(Deployment("web", replicas=3, cpu="500m"))
    cluster.reconcile_until_stable()
    state: ClusterState = cluster._state
    record = state.deployments["web"]
    spoil(record)
    state.deadlines["web"] = 99
    run(state, ["web"])
    return record.status, dict(record.conditions), sorted(state.deadlines.items())


@pytest.mark.parametrize(
    "spoil",
    [
        lambda r: None,  # complete and reported so: the shortcut
        lambda r: setattr(r, "status", DeploymentCounts(2, 2, 2, 2)),  # a status behind
        lambda r: r.conditions.update(  # a message naming another ReplicaSet
            Progressing=replace(r.conditions["Progressing"], message="ReplicaSet x")
        ),
        lambda r: r.conditions.update(  # not yet complete
            Progressing=replace(r.conditions["Progressing"], reason="ReplicaSetUpdated")
        ),
        lambda r: r.conditions.update(  # not available
            Available=replace(r.conditions["Available"], status="False")
        ),
        lambda r: r.conditions.pop("Available"),
        lambda r: setattr(r, "spec", replace(r.spec, min_ready_seconds=5)),
        lambda r: setattr(r, "spec", replace(r.spec, replicas=4)),
    ],
)
def test_the_status_shortcut_only_skips_what_update_one_leaves_alone(
    spoil: Callable[[DeploymentRecord], object],
) -> None:
    expected = _status_after(spoil, reference_status)
    assert _status_after(spoil, deployment_status.update) == expected


def _state_with(spec: Deployment, *sets: tuple[str, int, int, int]) -> ClusterState:
    """A state holding one deployment and ReplicaSets given as (version, replicas,
    desired annotation, revision); a set of the spec's version shares an equal template."""
    state = ClusterState(Clock(), EventLog(Clock()))
    record = DeploymentRecord(spec, spec.template())
    state.deployments[spec.name] = record
    for seq, (version, replicas, desired, revision) in enumerate(sets, 1):
        template = replace(spec, version=version).template()
        name = f"{spec.name}-{seq}"
        state.add_replicaset(
            ReplicaSetRecord(
                name, spec.name, template, replicas, revision, seq, desired, replicas, owner=record
            )
        )
    return state


@pytest.mark.parametrize(
    ("spec", "sets"),
    [
        (Deployment("web", replicas=4), ()),  # first sync: one ReplicaSet at full size
        (Deployment("web", replicas=4, strategy="Recreate"), ()),
        (Deployment("web", replicas=0), ()),
        (Deployment("web", replicas=10, max_surge=3), ()),  # the surge goes on max-replicas
        (Deployment("web", replicas=4), (("v1", 4, 4, 1),)),  # settled: nothing to do
        (Deployment("web", replicas=4), (("v1", 4, 3, 1),)),  # annotation behind: rewritten
        (Deployment("web", replicas=0), (("v1", 0, 3, 1),)),  # empty: annotation not read
        (Deployment("web", replicas=4), (("v1", 3, 4, 1),)),  # too small: grows
        (Deployment("web", replicas=4), (("v1", 5, 4, 1),)),  # too big: shrinks
        (Deployment("web", replicas=4), (("v1", 4, 4, 0),)),  # revision 0: revised
        (Deployment("web", replicas=4), (("v0", 4, 4, 1),)),  # old template: a rollout
        (Deployment("web", replicas=4), (("v0", 4, 4, 1), ("v1", 0, 4, 2))),
        (Deployment("web", replicas=4), (("v1", 4, 4, 2), ("v0", 0, 4, 1))),
    ],
)
def test_each_shortcut_case_answers_as_sync(
    spec: Deployment, sets: tuple[tuple[str, int, int, int], ...]
) -> None:
    state = _state_with(spec, *sets)
    assert deployment_controller.reconcile(state, ["web"]) == reference_actions(state, ["web"])


def test_a_first_sync_creates_the_whole_replicaset_with_its_surge_annotated() -> None:
    state = _state_with(Deployment("web", replicas=10, max_surge=3))
    template = state.deployments["web"].template
    assert deployment_controller.reconcile(state, ["web"]) == [
        CreateReplicaSet("web", template, 10, 1, 13)
    ]


def test_a_settled_deployment_asks_for_nothing_even_with_an_equal_template() -> None:
    """The ReplicaSet's template is equal to the deployment's, not the same object."""
    state = _state_with(Deployment("web", replicas=4), ("v1", 4, 4, 1))
    rs = state.replicasets["web-1"]
    assert rs.template is not state.deployments["web"].template
    assert deployment_controller.reconcile(state, ["web"]) == []


def test_replicasets_get_their_pods_in_name_order_whatever_order_they_were_queued() -> None:
    cluster = Cluster(nodes=[Node("n1", cpu="64", memory="64Gi")])
    names = [f"app-{(i * 7) % 30:02d}" for i in range(30)]
    for name in names:
        cluster.apply(Deployment(name, replicas=2, cpu="100m"))
    cluster.reconcile()
    created = [e.object for e in cluster.events if e.reason == "SuccessfulCreate"]
    assert len(created) == 60  # a SuccessfulCreate per pod
    assert created == sorted(created)
