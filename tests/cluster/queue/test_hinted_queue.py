"""The scheduling queue through the public API: which events move a Pending pod back.

Upstream's queueing hints decide whether a cluster event could make a parked pod
schedulable; a pod no event helps is not tried again, so its reason (the PodScheduled
condition's message) and its FailedScheduling events stay those of its last attempt
until the 5-minute flush (``podMaxInUnschedulablePodsDuration``) retries it. kubeloop's
hints are exact: where upstream's NodeResourcesFit hint retries a pod on any bound pod's
deletion only for it to fail again, kubeloop spares the retry and gives the pod the
message that failure would have.
"""

from __future__ import annotations

import pytest

from kubeloop import Cluster, Deployment, Node, Taint, Toleration
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.queue.hinted import FLUSH_AFTER, SchedulingQueue, asks_of

TAINT = Taint("dedicated", "x", "NoSchedule")
TOLERATE = Toleration("dedicated", "Equal", "x", "NoSchedule")
BIG_FAILS = (
    "0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: "
    "2 No preemption victims found for incoming pod."
)


def _failures(cluster: Cluster, pod: str) -> int:
    return sum(
        e.count for e in cluster.events if e.reason == "FailedScheduling" and e.object == pod
    )


def _parked() -> Cluster:
    """Two 2-cpu nodes full of 1-cpu pods, and "big" (2 cpu) Pending."""
    cluster = Cluster(nodes=[Node(f"node-{i}", cpu="2", memory="8Gi") for i in (1, 2)])
    cluster.apply(Deployment("web", replicas=4, cpu="1", memory="256Mi"))
    cluster.reconcile_until_stable()
    cluster.apply(Deployment("big", replicas=1, cpu="2", memory="256Mi"))
    cluster.reconcile_until_stable()
    assert cluster.pods("big")[0].reason == BIG_FAILS
    return cluster


def test_the_upstream_flush_interval_is_five_minutes() -> None:
    assert FLUSH_AFTER == 300


FAILED_NODE = (
    "0/2 nodes are available: 1 Insufficient cpu, "
    "1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }. "
    "preemption: 0/2 nodes are available: 1 No preemption victims found for incoming "
    "pod, 1 Preemption is not helpful for scheduling."
)


def test_a_node_failing_retries_no_parked_pod_but_its_evictions_rewrite_the_message() -> None:
    cluster = _parked()
    cluster.fail_node("node-2")
    cluster.reconcile()
    # The evicted web pods' replacements are new and tried. "big" fits neither node, so the
    # exact hint does not retry it; upstream's NodeResourcesFit hint would, on the
    # evictions, and it would fail with the message the replacements got: it takes that.
    big = cluster.pods("big")[0]
    assert big.node is None and big.reason == FAILED_NODE
    assert _failures(cluster, "pod/big-1") == 1  # the retry is spared, and its event
    fresh = [p for p in cluster.pods("web") if p.node is None]
    assert fresh and all(p.reason == FAILED_NODE for p in fresh)


def test_a_delete_that_frees_too_little_places_nobody_and_rewrites_the_message() -> None:
    cluster = _parked()
    cluster.cordon("node-2")
    cluster.reconcile()
    assert cluster.pods("big")[0].reason == BIG_FAILS  # a cordon alone retries nobody
    cluster.scale("web", 3)  # frees 1 cpu on node-2: "big" needs 2
    cluster.reconcile_until_stable()
    big = cluster.pods("big")[0]
    assert big.node is None and big.reason == (
        "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) were unschedulable. "
        "preemption: 0/2 nodes are available: 1 No preemption victims found for incoming "
        "pod, 1 Preemption is not helpful for scheduling."
    )
    assert _failures(cluster, "pod/big-1") == 1


def test_a_parked_pod_rejected_only_by_taints_keeps_its_message_on_a_delete() -> None:
    cluster = Cluster(nodes=[Node("node-1", cpu="2", memory="8Gi", taints=[TAINT])])
    cluster.apply(Deployment("web", replicas=1, cpu="1", memory="256Mi", tolerations=[TOLERATE]))
    cluster.apply(Deployment("other", replicas=1, cpu="1", memory="256Mi"))
    cluster.reconcile_until_stable()
    before = cluster.pods("other")[0].reason
    assert before is not None and before.startswith("0/1 nodes are available: 1 node(s) had")
    cluster.add_node(Node("node-2", cpu="2", memory="8Gi", taints=[TAINT]))  # no help
    cluster.delete_pod(cluster.pods("web")[0].name)
    cluster.reconcile()
    # Only NodeResourcesFit's hint queues a pod on a delete, and it did not reject this one:
    # upstream leaves it parked with its "0/1" message, and so does kubeloop.
    assert cluster.pods("other")[0].reason == before


def test_a_delete_that_frees_enough_places_the_parked_pod() -> None:
    cluster = _parked()
    node = cluster.pods("web")[0].node
    cluster.scale("web", 2)  # the newest two go: both from node-2
    cluster.reconcile_until_stable()
    assert cluster.pods("big")[0].node == "node-2"
    assert node == "node-1"


def test_the_flush_retries_a_parked_pod_after_five_minutes() -> None:
    cluster = _parked()
    cluster.taint("node-2", TAINT)  # no pod leaves, so nothing retries "big" before the flush
    cluster.reconcile_until_stable()
    cluster.advance(FLUSH_AFTER - 1)
    cluster.reconcile()
    assert cluster.pods("big")[0].reason == BIG_FAILS
    cluster.advance(1)
    cluster.reconcile()
    assert cluster.pods("big")[0].reason == (
        "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint "
        "{dedicated: x}. preemption: 0/2 nodes are available: 1 No preemption victims found "
        "for incoming pod, 1 Preemption is not helpful for scheduling."
    )
    assert _failures(cluster, "pod/big-1") == 2


@pytest.mark.parametrize(
    ("block", "lift"),
    [
        (lambda c: c.cordon("node-3"), lambda c: c.uncordon("node-3")),
        (
            lambda c: c.taint("node-3", Taint("dedicated", "x", "NoSchedule")),
            lambda c: c.untaint("node-3", "dedicated"),
        ),
        (lambda c: c.fail_node("node-3"), lambda c: c.recover_node("node-3")),
    ],
    ids=["uncordon", "untaint", "recover"],
)
def test_lifting_a_restriction_places_the_parked_pod(block: object, lift: object) -> None:
    cluster = _parked()
    cluster.add_node(Node("node-3", cpu="2", memory="8Gi"))
    block(cluster)  # type: ignore[operator]
    cluster.delete_pod("big-1")  # its replacement fails with node-3 blocked
    cluster.reconcile_until_stable()
    (pending,) = cluster.pods("big")
    assert pending.node is None
    lift(cluster)  # type: ignore[operator]
    cluster.reconcile_until_stable()
    assert cluster.pods("big")[0].node == "node-3"


def test_a_node_added_places_the_parked_pods_it_fits() -> None:
    cluster = _parked()
    cluster.add_node(Node("node-3", cpu="1", memory="8Gi"))
    cluster.reconcile_until_stable()
    assert cluster.pods("big")[0].node is None  # 1 cpu does not fit it
    cluster.add_node(Node("node-4", cpu="2", memory="8Gi"))
    cluster.reconcile_until_stable()
    assert cluster.pods("big")[0].node == "node-4"


def test_a_taint_lifted_moves_only_pods_it_held_off() -> None:
    cluster = Cluster(nodes=[Node("node-1", cpu="1", memory="8Gi")])
    cluster.taint("node-1", Taint("dedicated", "x", "NoSchedule"))
    cluster.apply(Deployment("web", replicas=1, cpu="500m", memory="256Mi"))
    cluster.reconcile_until_stable()
    cluster.apply(
        Deployment(
            "gpu",
            replicas=3,
            cpu="500m",
            memory="256Mi",
            tolerations=[Toleration("dedicated", "Equal", "x", "NoSchedule")],
        )
    )
    cluster.reconcile_until_stable()
    assert [p.node for p in cluster.pods("gpu")] == ["node-1", "node-1", None]
    cluster.untaint("node-1", "dedicated")
    cluster.delete_pod("gpu-1")
    cluster.reconcile_until_stable()
    # Oldest first: web-1 (created first) takes the freed room, as retrying all would.
    assert cluster.pods("web")[0].node == "node-1"


def test_activate_moves_a_parked_pod_once() -> None:
    """What a preemptor needs once its victims are gone: one more try, then parked again."""
    cluster = _parked()
    state = cluster._state
    big: PodRecord = state.pods["big-1"]
    queue: SchedulingQueue = state.queue
    assert len(queue) == 1 and not queue.active
    queue.activate(big)
    assert len(queue) == 1 and list(queue.active) == ["big-1"]
    handed = list(queue.cycle(cluster.clock, lambda pod, name: False))
    assert handed == [big]
    queue.failed([big], asks_of(big.template))
    queue.end_cycle(cluster.clock, bound=False)
    assert len(queue) == 1 and not queue.active


def test_new_pods_deleted_before_their_first_cycle_are_not_handed_out() -> None:
    """New pods wait in a list: one deleted before a cycle is skipped, and counts go."""
    cluster = _parked()
    state = cluster._state
    template = state.pods["big-1"].template
    new = [PodRecord(f"new-{i}", "new", "new-rs", template, 100 + i, 0) for i in range(4)]
    queue: SchedulingQueue = state.queue
    queue.add(new)
    assert len(queue) == 5
    queue.forget(new[1])
    queue.forget(new[3])
    assert len(queue) == 3
    assert [p.name for p in queue.pods()] == ["big-1", "new-0", "new-2"]
    handed = list(queue.cycle(cluster.clock, lambda pod, name: True))
    assert [p.name for p in handed] == ["new-0", "new-2"]
    assert len(queue) == 1  # big-1 is still parked: no event touched a node
