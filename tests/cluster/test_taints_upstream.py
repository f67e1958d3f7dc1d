"""Upstream's own tables: toleration_test.go, node_unschedulable_test.go, and the
``ValidateTolerations`` rules of core validation (divergences 1, 3 and 4)."""

from __future__ import annotations

import pytest

from kubeloop import Cluster, Deployment, Node, Taint, Toleration
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord, PodTemplate
from kubeloop.cluster.scheduler.node_unschedulable import NodeUnschedulable
from kubeloop.errors import InvalidSpecError


@pytest.mark.parametrize(
    ("toleration", "taint", "tolerated"),
    [
        # TestTolerationToleratesTaint (the Equal/Exists rows; Gt/Lt are 1.35 alpha)
        (Toleration("foo", "Exists", effect="NoSchedule"), Taint("foo", "", "NoSchedule"), True),
        (
            Toleration("foo", "Exists", effect="NoSchedule"),
            Taint("foo", "bar", "NoSchedule"),
            True,
        ),
        (Toleration("", "Exists", effect="NoSchedule"), Taint("foo", "bar", "NoSchedule"), True),
        (
            Toleration("foo", "Equal", "bar", "NoSchedule"),
            Taint("foo", "bar", "NoSchedule"),
            True,
        ),
        (
            Toleration("foo", "Equal", "value1", "NoSchedule"),
            Taint("foo", "value2", "NoSchedule"),
            False,
        ),
        (
            Toleration("foo", "Equal", "bar", "NoSchedule"),
            Taint("foo", "bar", "NoExecute"),
            False,
        ),
        # an empty operator is Equal
        (Toleration("foo", "", "bar", "NoSchedule"), Taint("foo", "bar", "NoSchedule"), True),
        (Toleration("foo", "", "bar", "NoSchedule"), Taint("foo", "baz", "NoSchedule"), False),
    ],
)
def test_toleration_tolerates_taint(toleration: Toleration, taint: Taint, tolerated: bool) -> None:
    assert toleration.tolerates(taint) is tolerated


def test_an_empty_operator_means_equal() -> None:
    assert Toleration("foo", "", "bar") == Toleration("foo", "Equal", "bar")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {
                "key": "node.kubernetes.io/not-ready",
                "operator": "Exists",
                "effect": "NoSchedule",
                "toleration_seconds": 20,
            },
            "effect must be 'NoExecute' when `tolerationSeconds` is set",
        ),
        (
            {"key": "foo", "operator": "Exists", "toleration_seconds": 20},
            "effect must be 'NoExecute' when `tolerationSeconds` is set",
        ),
        (
            {"operator": "Equal", "value": "bar", "effect": "NoSchedule"},
            "operator must be Exists when `key` is empty",
        ),
        (
            {"key": "foo", "operator": "Exists", "value": "bar"},
            "value must be empty when `operator` is 'Exists'",
        ),
        ({"key": "foo", "operator": "In"}, 'supported values: "Equal", "Exists"'),
    ],
)
def test_validate_tolerations(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidSpecError, match=message.replace("(", r"\(")):
        Toleration(**kwargs)  # type: ignore[arg-type]


def test_toleration_seconds_with_no_execute_is_valid() -> None:
    assert Toleration("foo", "Exists", effect="NoExecute", toleration_seconds=20).tolerates(
        Taint("foo", "", "NoExecute")
    )


def _pod(*tolerations: Toleration) -> PodRecord:
    return PodRecord("p", "d", "rs", PodTemplate("v1", (), tolerations=tolerations), 1, 0)


def _node(unschedulable: bool) -> NodeRecord:
    return NodeRecord.from_spec(Node("n", unschedulable=unschedulable))


@pytest.mark.parametrize(
    ("pod", "unschedulable", "reasons"),
    [
        # TestNodeUnschedulable, every row
        (_pod(), True, ("node(s) were unschedulable",)),
        (_pod(), False, None),
        (
            _pod(
                Toleration(
                    "node.kubernetes.io/unschedulable", effect="NoSchedule", operator="Exists"
                )
            ),
            True,
            None,
        ),
        # a bare Exists tolerates every taint, the cordon's too
        (_pod(Toleration(operator="Exists")), True, None),
        (
            _pod(Toleration("node.kubernetes.io/unschedulable", "Exists", effect="NoExecute")),
            True,
            ("node(s) were unschedulable",),
        ),
    ],
)
def test_node_unschedulable(
    pod: PodRecord, unschedulable: bool, reasons: tuple[str] | None
) -> None:
    status = NodeUnschedulable().filter(pod, _node(unschedulable))
    assert (status.reasons if status else None) == reasons


def test_a_pod_tolerating_the_cordon_lands_on_a_cordoned_node() -> None:
    cluster = Cluster(nodes=[Node("node-1", unschedulable=True)])
    cluster.apply(Deployment("plain", replicas=1, cpu="100m"))
    cluster.apply(
        Deployment("tolerant", replicas=2, cpu="100m", tolerations=[Toleration(operator="Exists")])
    )
    cluster.reconcile_until_stable()
    placed = {p.deployment: p.node for p in cluster.pods()}
    assert placed == {"plain": None, "tolerant": "node-1"}
    assert [p.node for p in cluster.pods("tolerant")] == ["node-1", "node-1"]
