"""PriorityClass validation and admission, PrioritySort, and the ``preemption:`` texts.

Tables: ``pkg/apis/scheduling/validation/validation_test.go`` (TestValidatePriorityClass),
``plugin/pkg/admission/priority/admission_test.go`` (TestPodAdmission's resolution cases),
``queuesort/priority_sort_test.go`` (TestLess), and the FailedScheduling texts of
``default_preemption.go`` / ``preemption.go``.
"""

from __future__ import annotations

import pytest

from kubeloop import Cluster, Deployment, Node, PriorityClass
from kubeloop.cluster.pods import Container, PodRecord, PodTemplate
from kubeloop.cluster.priority import Admitted, Priorities
from kubeloop.cluster.scheduler.queue_sort import less
from kubeloop.errors import AlreadyExistsError, InvalidSpecError, NotFoundError


@pytest.mark.parametrize(
    ("name", "value", "default"),
    [
        pytest.param("tier1", 100, False, id="no description"),
        pytest.param("tier1", 200, False, id="with description"),
        pytest.param("system-node-critical", 2000001000, False, id="system node critical"),
        pytest.param("tier1", 1_000_000_000, False, id="the highest user-definable value"),
        pytest.param("tier1", -(2**31), False, id="the lowest int32"),
    ],
)
def test_valid_priority_classes(name: str, value: int, default: bool) -> None:
    assert PriorityClass(name, value, global_default=default).value == value


@pytest.mark.parametrize(
    ("name", "value", "default", "message"),
    [
        pytest.param("tier&1", 100, False, "is invalid", id="invalid name"),
        pytest.param(
            "system-something",
            200,
            False,
            "priority class names with 'system-' prefix are reserved for system use only. "
            "error: system-something is not a known system priority class",
            id="incorrect system class name",
        ),
        pytest.param(
            "system-node-critical",
            100,
            False,
            "value of system-node-critical PriorityClass must be 2000001000",
            id="incorrect system class value",
        ),
        pytest.param(
            "system-cluster-critical",
            2_000_000_000,
            True,
            "globalDefault of system-cluster-critical PriorityClass must be false",
            id="incorrect system class globalDefault",
        ),
        pytest.param(
            "tier1",
            1_000_000_001,
            False,
            'PriorityClass.scheduling.k8s.io "tier1" is invalid: value: Forbidden: '
            "maximum allowed value of a user defined priority is 1000000000",
            id="above the highest user-definable value",
        ),
        pytest.param("tier1", 2**31, False, "32-bit integer", id="beyond int32"),
    ],
)
def test_invalid_priority_classes(name: str, value: int, default: bool, message: str) -> None:
    with pytest.raises(InvalidSpecError, match=message.replace("(", r"\(").replace(".", r"\.")):
        PriorityClass(name, value, global_default=default)


def test_preemption_policy_is_one_of_two() -> None:
    assert PriorityClass("p", 1).preemption_policy == "PreemptLowerPriority"
    assert PriorityClass("p", 1, preemption_policy="Never").preemption_policy == "Never"
    with pytest.raises(InvalidSpecError, match='Unsupported value: "Sometimes"'):
        PriorityClass("p", 1, preemption_policy="Sometimes")  # type: ignore[arg-type]
    with pytest.raises(InvalidSpecError, match="must be an integer"):
        PriorityClass("p", True)


def _priorities(*classes: PriorityClass) -> Priorities:
    priorities = Priorities()
    priorities.classes.update({pc.name: pc for pc in classes})  # as if created in a race
    return priorities


@pytest.mark.parametrize(
    ("classes", "name", "expected"),
    [
        pytest.param((), None, Admitted(0, "PreemptLowerPriority"), id="no default class"),
        pytest.param(
            (PriorityClass("default1", 1000, global_default=True),),
            None,
            Admitted(1000, "PreemptLowerPriority"),
            id="pod with no priority class, the default applies",
        ),
        pytest.param(
            (
                PriorityClass("default1", 1000, global_default=True),
                PriorityClass("default2", 500, global_default=True),
            ),
            None,
            Admitted(500, "PreemptLowerPriority"),
            id="multiple default classes resolve to the minimum value among them",
        ),
        pytest.param(
            (PriorityClass("tier1", 1000),),
            "tier1",
            Admitted(1000, "PreemptLowerPriority"),
            id="pod with a priority class",
        ),
        pytest.param(
            (PriorityClass("nonpreempting", 1000, preemption_policy="Never"),),
            "nonpreempting",
            Admitted(1000, "Never"),
            id="preemptionPolicy comes from the class",
        ),
        pytest.param(
            (),
            "system-cluster-critical",
            Admitted(2_000_000_000, "PreemptLowerPriority"),
            id="pod with system-cluster-critical",
        ),
        pytest.param(
            (),
            "system-node-critical",
            Admitted(2_000_001_000, "PreemptLowerPriority"),
            id="pod with system-node-critical",
        ),
        pytest.param(
            (PriorityClass("tier1", 1000),),
            "foo",
            "no PriorityClass with name foo was found",
            id="pod with a non-existing priority class",
        ),
    ],
)
def test_pod_admission(
    classes: tuple[PriorityClass, ...], name: str | None, expected: Admitted | str
) -> None:
    assert _priorities(*classes).admit(name) == expected


def test_only_one_default_and_system_classes_stay() -> None:
    priorities = Priorities()
    priorities.add(PriorityClass("standard", 10, global_default=True))
    with pytest.raises(InvalidSpecError, match="PriorityClass standard is already marked as"):
        priorities.add(PriorityClass("other", 5, global_default=True))
    with pytest.raises(AlreadyExistsError, match='"standard" already exists'):
        priorities.add(PriorityClass("standard", 10))
    with pytest.raises(InvalidSpecError, match="cannot be deleted"):
        priorities.delete("system-node-critical")
    with pytest.raises(NotFoundError):
        priorities.delete("nope")
    priorities.delete("standard")
    assert priorities.admit(None) == Admitted(0, "PreemptLowerPriority")


def _pod(priority: int, seq: int) -> PodRecord:
    template = PodTemplate("v1", (Container("main"),))
    pod = PodRecord(f"p{seq}", "d", "rs", template, seq, 0)
    pod.priority = priority
    return pod


@pytest.mark.parametrize(
    ("p1", "p2", "expected"),
    [
        pytest.param(_pod(1, 1), _pod(2, 2), False, id="p1.priority less than p2.priority"),
        pytest.param(_pod(2, 1), _pod(1, 2), True, id="p1.priority greater than p2.priority"),
        pytest.param(_pod(1, 1), _pod(1, 2), True, id="equal priority. p1 is added earlier"),
        pytest.param(_pod(1, 2), _pod(1, 1), False, id="equal priority. p2 is added earlier"),
    ],
)
def test_priority_sort_less(p1: PodRecord, p2: PodRecord, expected: bool) -> None:
    assert less(p1, p2) is expected


def _cluster(*nodes: Node) -> Cluster:
    cluster = Cluster(list(nodes))
    cluster.add_priority_class(PriorityClass("high", 1000))
    cluster.add_priority_class(PriorityClass("patient", 1000, preemption_policy="Never"))
    return cluster


def test_the_queue_pops_higher_priorities_first() -> None:
    cluster = _cluster(Node("n1", cpu="1"))
    cluster.apply(Deployment("filler", replicas=1, cpu="1"))
    cluster.apply(Deployment("a-low", replicas=2, cpu="1"))
    cluster.apply(Deployment("z-high", replicas=1, cpu="1", priority_class_name="patient"))
    cluster.reconcile_until_stable()
    cluster.scale("filler", 0)
    cluster.reconcile_until_stable()
    assert [p.name for p in cluster.pods() if p.node] == ["z-high-1"]


def test_never_pods_preempt_nothing_and_say_so() -> None:
    cluster = _cluster(Node("n1", cpu="1"))
    cluster.apply(Deployment("batch", replicas=1, cpu="1"))
    cluster.reconcile_until_stable()
    cluster.apply(Deployment("api", replicas=1, cpu="1", priority_class_name="patient"))
    cluster.reconcile_until_stable()
    assert cluster.preemptions() == []
    (api,) = cluster.pods("api")
    assert api.reason == (
        "0/1 nodes are available: 1 Insufficient cpu. "
        "preemption: not eligible due to preemptionPolicy=Never."
    )


def test_a_preemption_names_the_preemptor_by_uid_and_frees_room_at_once() -> None:
    cluster = _cluster(Node("n1", cpu="1"), Node("n2", cpu="1", taints=()))
    cluster.apply(Deployment("batch", replicas=2, cpu="1"))
    cluster.reconcile_until_stable()
    cluster.apply(Deployment("api", replicas=1, cpu="1", priority_class_name="high"))
    result = cluster.reconcile()
    (record,) = cluster.preemptions()
    assert (record.preemptor, record.victim, record.node) == ("api-1", "batch-1", "n1")
    assert record.victim in result.deleted and "api-1" in result.scheduled
    preempted = [e for e in cluster.events if e.reason == "Preempted"]
    assert [(e.object, e.message) for e in preempted] == [
        ("pod/batch-1", f"Preempted by pod {record.preemptor_uid} on node n1")
    ]
    (api,) = cluster.pods("api")
    assert (api.node, api.nominated_node, api.priority) == ("n1", "n1", 1000)


def test_equal_priorities_are_never_victims() -> None:
    cluster = _cluster(Node("n1", cpu="1"))
    cluster.apply(Deployment("batch", replicas=1, cpu="1", priority_class_name="high"))
    cluster.reconcile_until_stable()
    cluster.apply(Deployment("api", replicas=1, cpu="1", priority_class_name="high"))
    cluster.reconcile_until_stable()
    assert cluster.preemptions() == []
    assert cluster.pods("api")[0].reason == (
        "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: "
        "1 No preemption victims found for incoming pod."
    )


def test_a_node_still_short_after_every_victim_goes_reports_what_is_short() -> None:
    cluster = _cluster(Node("n1", cpu="2"), Node("n2", cpu="1", memory="1Gi"))
    cluster.apply(Deployment("batch", replicas=2, cpu="1", memory="100Mi"))
    cluster.reconcile_until_stable()
    cluster.apply(Deployment("api", replicas=1, cpu="3", memory="2Gi", priority_class_name="high"))
    cluster.reconcile_until_stable()
    assert cluster.pods("api")[0].reason == (
        "0/2 nodes are available: 1 Insufficient memory, 2 Insufficient cpu. "
        "preemption: 0/2 nodes are available: 1 Insufficient cpu, "
        "1 No preemption victims found for incoming pod."
    )


def test_an_unknown_class_fails_creation_where_the_replicaset_controller_reports_it() -> None:
    cluster = _cluster(Node("n1"))
    cluster.apply(Deployment("api", replicas=2, priority_class_name="missing"))
    cluster.reconcile_until_stable()
    assert cluster.pods("api") == []
    (rs,) = cluster.replicasets("api")
    failed = [e for e in cluster.events if e.reason == "FailedCreate"]
    assert failed and failed[-1].object == f"replicaset/{rs.name}"
    assert failed[-1].message == (
        f'Error creating: pods "{rs.name}-" is forbidden: '
        "no PriorityClass with name missing was found"
    )
    condition = cluster.deployment("api").condition("ReplicaFailure")
    assert condition is not None and (condition.status, condition.reason) == (
        "True",
        "FailedCreate",
    )
    cluster.add_priority_class(PriorityClass("missing", 7))
    cluster.reconcile_until_stable()
    assert [p.priority for p in cluster.pods("api")] == [7, 7]
    assert cluster.deployment("api").condition("ReplicaFailure") is None
