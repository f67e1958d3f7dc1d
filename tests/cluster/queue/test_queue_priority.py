"""The scheduling queue under priorities: PrioritySort's order, failures parked, and the
kept FailedScheduling messages carrying DefaultPreemption's suffix."""

from __future__ import annotations

import pytest

from kubeloop import Cluster, Deployment, Node, PriorityClass
from kubeloop.cluster.queue import ReferenceQueue


def _cluster(reference: bool) -> Cluster:
    cluster = Cluster(nodes=[Node("node-1", cpu="1", memory="4Gi")])
    if reference:
        cluster._state.queue = ReferenceQueue(cluster._state.feed)  # type: ignore[assignment]
    cluster.add_priority_class(PriorityClass("low", 10))
    cluster.add_priority_class(PriorityClass("high", 1000))
    return cluster


def _failures(cluster: Cluster, pod: str) -> int:
    return sum(
        e.count for e in cluster.events if e.reason == "FailedScheduling" and e.object == pod
    )


@pytest.mark.parametrize("reference", [False, True])
def test_a_cycle_tries_the_higher_priority_first(reference: bool) -> None:
    cluster = _cluster(reference)
    cluster.apply(Deployment("early", replicas=1, cpu="1", priority_class_name="low"))
    cluster.apply(Deployment("late", replicas=1, cpu="1", priority_class_name="high"))
    cluster.reconcile_until_stable()
    # "early" is created first: in creation order it would bind and "late" preempt it.
    assert cluster.pods("late")[0].node == "node-1"
    assert cluster.pods("early")[0].node is None
    assert cluster.preemptions() == []
    assert cluster.pods("early")[0].reason == (
        "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: "
        "1 No preemption victims found for incoming pod."
    )


@pytest.mark.parametrize("reference", [False, True])
def test_a_pod_preemption_cannot_place_stays_parked(reference: bool) -> None:
    cluster = _cluster(reference)
    cluster.apply(Deployment("low", replicas=1, cpu="500m", priority_class_name="low"))
    cluster.reconcile_until_stable()
    cluster.apply(Deployment("huge", replicas=1, cpu="2", priority_class_name="high"))
    for _ in range(3):
        cluster.advance(15)
        cluster.reconcile()
    huge = cluster._state.pods["huge-1"]
    assert _failures(cluster, "pod/huge-1") == 1
    assert len(cluster._state.queue) == 1
    assert huge.parked_at == 15  # parked when it first failed: no event has moved it since
    cluster.advance(300)  # the flush retries it, and it is parked again
    cluster.reconcile()
    assert huge.parked_at == cluster.clock
    assert cluster.pods("low")[0].node == "node-1"


@pytest.mark.parametrize("reference", [False, True])
def test_the_kept_message_of_never_pods_says_so(reference: bool) -> None:
    cluster = Cluster(nodes=[Node(f"node-{i}", cpu="1", memory="4Gi") for i in (1, 2)])
    if reference:
        cluster._state.queue = ReferenceQueue(cluster._state.feed)  # type: ignore[assignment]
    cluster.add_priority_class(
        PriorityClass("polite", 10, global_default=True, preemption_policy="Never")
    )
    cluster.cordon("node-2")
    cluster.apply(Deployment("first", replicas=1, cpu="1"))
    cluster.reconcile_until_stable()
    cluster.apply(Deployment("web", replicas=2, cpu="1"))
    cluster.reconcile_until_stable()
    pending = [p for p in cluster.pods("web") if p.node is None]
    assert [p.reason for p in pending] == [
        "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) were unschedulable. "
        "preemption: not eligible due to preemptionPolicy=Never."
    ] * 2
