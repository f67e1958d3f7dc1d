"""DefaultPreemption against upstream's own tables (``default_preemption_test.go``).

``TestSelectNodesForPreemption`` (victims per candidate node, PDB violations) and
``TestPickOneNodeForPreemption`` (the node chosen), with upstream's containers (small
100m/200Mi … veryLarge 500m/1000Mi), priorities (-100, 0, 100, 1000, 10000) and nodes.
Cases about extenders, ``DisruptedPods`` and nominated pods test what kubeloop does not
model and are left out (see README).
"""

from __future__ import annotations

import pytest

from kubeloop import Affinity, LabelSelector, PodAffinityTerm, TopologySpreadConstraint
from kubeloop.cluster.disruption_budget import PodDisruptionBudget
from kubeloop.cluster.labels import Requirement
from tests.cluster.scheduler.preemption_tables import (
    HIGH,
    LARGE,
    LOW,
    MEDIUM,
    MI,
    MID,
    NEG,
    SMALL,
    VERY_HIGH,
    VERY_LARGE,
    TablePod,
    build,
    candidates,
    deployment,
    preemptor,
    violations,
)

SELECT_NODES = {"machine1": (5000, 1000 * MI), "machine2": (5000, 1000 * MI)}


@pytest.mark.parametrize(
    ("incoming", "size", "pods", "expected"),
    [
        pytest.param(
            HIGH,
            LARGE,
            [TablePod("a", "machine1", MID, LARGE), TablePod("b", "machine2", MID, LARGE)],
            {"machine1": ["a"], "machine2": ["b"]},
            id="a pod that fits on both machines when lower priority pods are preempted",
        ),
        pytest.param(
            LOW,
            LARGE,
            [TablePod("a", "machine1", MID, LARGE), TablePod("b", "machine2", MID, LARGE)],
            {},
            id="a pod that would fit on the machines, but other pods running are higher priority",
        ),
        pytest.param(
            HIGH,
            LARGE,
            [
                TablePod("a", "machine1", LOW, SMALL),
                TablePod("b", "machine1", MID, LARGE),
                TablePod("c", "machine2", MID, LARGE),
            ],
            {"machine1": ["b"], "machine2": ["c"]},
            id="medium priority pod is preempted, but lower priority one stays as it is small",
        ),
        pytest.param(
            HIGH,
            LARGE,
            [
                TablePod("a", "machine1", MID, SMALL),
                TablePod("b", "machine1", LOW, SMALL),
                TablePod("c", "machine1", MID, MEDIUM),
                TablePod("d", "machine1", HIGH, SMALL),
                TablePod("e", "machine2", HIGH, LARGE),
            ],
            {"machine1": ["c", "b"]},
            id="mixed priority pods are preempted",
        ),
        pytest.param(
            HIGH,
            LARGE,
            [
                TablePod("a", "machine1", LOW, SMALL, start=7),
                TablePod("b", "machine1", LOW, SMALL, start=6),
                TablePod("c", "machine1", MID, MEDIUM, start=5),
                TablePod("d", "machine1", HIGH, SMALL, start=4),
                TablePod("e", "machine2", HIGH, LARGE, start=3),
            ],
            {"machine1": ["c", "a"]},
            id="mixed priority pods are preempted, "
            "pick later StartTime one when priorities are equal",
        ),
    ],
)
def test_select_nodes_for_preemption(
    incoming: int, size: tuple[int, int], pods: list[TablePod], expected: dict[str, list[str]]
) -> None:
    cluster, state = build(SELECT_NODES, pods)
    pod = preemptor(cluster, state, incoming, size)
    assert candidates(cluster, state, pod) == expected
    assert {p.name for p in cluster.pods() if p.node} >= {f"{p.name}-1" for p in pods}


def test_pod_with_anti_affinity_is_preempted() -> None:
    """The victim's required anti-affinity rejects the preemptor; removing it helps."""
    keep_away = Affinity(
        anti_required=(
            PodAffinityTerm(
                LabelSelector.of({}, Requirement("pod", "In", ("preemptor", "value2"))),
                "hostname",
            ),
        )
    )
    pods = [
        TablePod(
            "a", "machine1", LOW, SMALL, labels={"service": "securityscan"}, affinity=keep_away
        ),
        TablePod("b", "machine1", MID, SMALL),
        TablePod("d", "machine1", HIGH, SMALL),
        TablePod("e", "machine2", HIGH, LARGE),
    ]
    cluster, state = build(SELECT_NODES, pods)
    pod = preemptor(cluster, state, HIGH, SMALL, labels={"pod": "preemptor"})
    assert candidates(cluster, state, pod) == {"machine1": ["a"]}
    # machine2 has room, so the real scheduler binds there and preempts nothing.
    cluster.apply(deployment("placed", HIGH, SMALL, labels={"pod": "preemptor"}))
    cluster.reconcile_until_stable()
    assert [p.node for p in cluster.pods("placed")] == ["machine2"]
    assert cluster.preemptions() == []


def test_preemption_to_resolve_even_pods_spread_fit_error() -> None:
    exists = LabelSelector.of({}, Requirement("foo", "Exists"))
    nodes = dict.fromkeys(("node-a", "node-b", "node-x"), (5000, 1000 * MI))
    labels = {
        "node-a": {"hostname": "node-a", "zone": "zone1"},
        "node-b": {"hostname": "node-b", "zone": "zone1"},
        "node-x": {"hostname": "node-x", "zone": "zone2"},
    }
    foo = {"foo": ""}
    pods = [
        TablePod("pod-a1", "node-a", MID, labels=foo),
        TablePod("pod-a2", "node-a", LOW, labels=foo),
        TablePod("pod-b1", "node-b", LOW, labels=foo),
        TablePod("pod-x1", "node-x", HIGH, labels=foo),
        TablePod("pod-x2", "node-x", HIGH, labels=foo),
    ]
    cluster, state = build(nodes, pods, labels)
    spread = [
        TopologySpreadConstraint(1, "zone", exists),
        TopologySpreadConstraint(1, "hostname", exists),
    ]
    pod = preemptor(cluster, state, HIGH, labels=foo, topology_spread=spread)
    assert candidates(cluster, state, pod) == {"node-a": ["pod-a2"], "node-b": ["pod-b1"]}


def test_preemption_with_violation_of_same_pdb() -> None:
    """Both victims match one budget allowing 1 disruption: one violation."""
    foo = {"app": "foo"}
    pods = [
        TablePod("a", "machine1", MID, MEDIUM, labels=foo),
        TablePod("b", "machine1", MID, MEDIUM, labels=foo),
    ]
    cluster, state = build({"machine1": (5000, 1000 * MI)}, pods)
    cluster.add_disruption_budget(PodDisruptionBudget("pdb", LabelSelector.of(foo), 1))
    assert cluster.disruption_budget("pdb").disruptions_allowed == 1
    pod = preemptor(cluster, state, HIGH, VERY_LARGE)
    assert candidates(cluster, state, pod) == {"machine1": ["a", "b"]}
    assert violations(cluster, state, pod) == {"machine1": 1}


PICK = {f"machine{i}": (500, 1000 * MI) for i in range(1, 5)}


def _machines(count: int) -> dict[str, tuple[int, int]]:
    return {name: PICK[name] for name in list(PICK)[:count]}


@pytest.mark.parametrize(
    ("machines", "incoming", "size", "pods", "expected"),
    [
        pytest.param(
            1,
            HIGH,
            LARGE,
            [TablePod("m1.1", "machine1", MID, SMALL)],
            {"machine1"},
            id="No node needs preemption",
        ),
        pytest.param(
            2,
            HIGH,
            LARGE,
            [TablePod("m1.1", "machine1", MID, LARGE), TablePod("m2.1", "machine2", MID, LARGE)],
            {"machine1", "machine2"},
            id="a pod that fits on both machines when lower priority pods are preempted",
        ),
        pytest.param(
            3,
            HIGH,
            LARGE,
            [TablePod("m1.1", "machine1", MID, LARGE), TablePod("m2.1", "machine2", MID, LARGE)],
            {"machine3"},
            id="a pod that fits on a machine with no preemption",
        ),
        pytest.param(
            3,
            HIGH,
            VERY_LARGE,
            [
                TablePod("m1.1", "machine1", MID, MEDIUM),
                TablePod("m1.2", "machine1", MID, LARGE),
                TablePod("m2.1", "machine2", MID, MEDIUM),
                TablePod("m2.2", "machine2", LOW, MEDIUM),
                TablePod("m3.1", "machine3", LOW, MEDIUM),
                TablePod("m3.2", "machine3", LOW, MEDIUM),
            ],
            {"machine3"},
            id="machine with min highest priority pod is picked",
        ),
        pytest.param(
            3,
            HIGH,
            VERY_LARGE,
            [
                TablePod("m1.1", "machine1", MID, MEDIUM),
                TablePod("m1.2", "machine1", MID, LARGE),
                TablePod("m2.1", "machine2", MID, LARGE),
                TablePod("m2.2", "machine2", LOW, MEDIUM),
                TablePod("m3.1", "machine3", MID, MEDIUM),
                TablePod("m3.2", "machine3", MID, MEDIUM),
            ],
            {"machine2"},
            id="when highest priorities are the same, minimum sum of priorities is picked",
        ),
        pytest.param(
            3,
            HIGH,
            VERY_LARGE,
            [
                TablePod("m1.1", "machine1", MID, SMALL),
                TablePod("m1.2", "machine1", NEG, SMALL),
                TablePod("m1.3", "machine1", MID, SMALL),
                TablePod("m1.4", "machine1", NEG, SMALL),
                TablePod("m2.1", "machine2", MID, LARGE),
                TablePod("m2.2", "machine2", NEG, MEDIUM),
                TablePod("m3.1", "machine3", MID, MEDIUM),
                TablePod("m3.2", "machine3", NEG, SMALL),
                TablePod("m3.3", "machine3", LOW, SMALL),
            ],
            {"machine2"},
            id="when highest priority and sum are the same, minimum number of pods is picked",
        ),
        pytest.param(
            3,
            HIGH,
            VERY_LARGE,
            [
                TablePod("m1.1", "machine1", MID, SMALL),
                TablePod("m1.2", "machine1", NEG, SMALL),
                TablePod("m1.3", "machine1", NEG, SMALL),
                TablePod("m2.1", "machine2", MID, LARGE),
                TablePod("m2.2", "machine2", NEG, MEDIUM),
                TablePod("m3.1", "machine3", MID, MEDIUM),
                TablePod("m3.2", "machine3", NEG, SMALL),
                TablePod("m3.3", "machine3", LOW, SMALL),
            ],
            {"machine2"},
            id="sum of adjusted priorities is considered",
        ),
        pytest.param(
            4,
            VERY_HIGH,
            VERY_LARGE,
            [
                TablePod("m1.1", "machine1", MID, SMALL),
                TablePod("m1.2", "machine1", LOW, SMALL),
                TablePod("m1.3", "machine1", LOW, SMALL),
                TablePod("m2.1", "machine2", HIGH, LARGE),
                TablePod("m3.1", "machine3", MID, MEDIUM),
                TablePod("m3.2", "machine3", LOW, SMALL),
                TablePod("m3.3", "machine3", LOW, SMALL),
                TablePod("m3.4", "machine3", LOW, MEDIUM),
                TablePod("m4.1", "machine4", MID, MEDIUM),
                TablePod("m4.2", "machine4", MID, SMALL),
                TablePod("m4.3", "machine4", MID, SMALL),
                TablePod("m4.4", "machine4", NEG, SMALL),
            ],
            {"machine1"},
            id="non-overlapping lowest high priority, sum priorities, and number of pods",
        ),
        pytest.param(
            3,
            HIGH,
            VERY_LARGE,
            [
                TablePod("m1.1", "machine1", MID, MEDIUM, start=3),
                TablePod("m1.2", "machine1", MID, MEDIUM, start=3),
                TablePod("m2.1", "machine2", MID, MEDIUM, start=4),
                TablePod("m2.2", "machine2", MID, MEDIUM, start=4),
                TablePod("m3.1", "machine3", MID, MEDIUM, start=2),
                TablePod("m3.2", "machine3", MID, MEDIUM, start=2),
            ],
            {"machine2"},
            id="same priority, same number of victims, different start time for each machine's pod",
        ),
        pytest.param(
            3,
            HIGH,
            VERY_LARGE,
            [
                TablePod("m1.1", "machine1", MID, MEDIUM, start=5),
                TablePod("m1.2", "machine1", MID, MEDIUM, start=3),
                TablePod("m2.1", "machine2", MID, MEDIUM, start=6),
                TablePod("m2.2", "machine2", MID, MEDIUM, start=2),
                TablePod("m3.1", "machine3", MID, MEDIUM, start=4),
                TablePod("m3.2", "machine3", MID, MEDIUM, start=7),
            ],
            {"machine3"},
            id="same priority, same number of victims, different start time for all pods",
        ),
        pytest.param(
            3,
            HIGH,
            VERY_LARGE,
            [
                TablePod("m1.1", "machine1", LOW, MEDIUM, start=5),
                TablePod("m1.2", "machine1", MID, MEDIUM, start=3),
                TablePod("m2.1", "machine2", MID, MEDIUM, start=7),
                TablePod("m2.2", "machine2", LOW, MEDIUM, start=2),
                TablePod("m3.1", "machine3", LOW, MEDIUM, start=4),
                TablePod("m3.2", "machine3", MID, MEDIUM, start=6),
            ],
            {"machine2"},
            id="different priority, same number of victims, different start time for all pods",
        ),
    ],
)
def test_pick_one_node_for_preemption(
    machines: int, incoming: int, size: tuple[int, int], pods: list[TablePod], expected: set[str]
) -> None:
    cluster, _ = build(_machines(machines), pods)
    cluster.apply(deployment("incoming", incoming, size))
    cluster.reconcile()
    (pod,) = cluster.pods("incoming")
    assert pod.node in expected
    preempted = {r.node for r in cluster.preemptions()}
    assert preempted <= {pod.node}
    if pod.nominated_node is not None:
        assert pod.nominated_node == pod.node
