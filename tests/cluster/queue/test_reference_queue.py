"""The reference queue (``queue/reference.py``) retries as it says: new pods at once, every
parked pod after any event, pods that read other pods after a cycle that bound one, and
every pod parked ``FLUSH_AFTER`` seconds; nothing else."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kubeloop import Cluster, Deployment, Node
from kubeloop.cluster.change_feed import ChangeFeed, NodeChanged, PodDeleted, PodsBound
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.queue import FLUSH_AFTER, ReferenceQueue


def _pods() -> list[PodRecord]:
    cluster = Cluster(nodes=[Node("node-1", cpu="1", memory="1Gi")])
    cluster.apply(Deployment("web", replicas=3, cpu="2", memory="256Mi"))
    cluster.reconcile()
    return sorted(cluster._state.pods.values(), key=lambda p: p.seq)


def _parked(
    now: int = 0, reads_pods: bool = False, feed: ChangeFeed | None = None
) -> tuple[ReferenceQueue, list[PodRecord]]:
    """Three new pods tried at ``now`` and failed; ``reads_pods``: with no group; ``feed``:
    the change feed the queue reads its events from."""
    queue, pods = ReferenceQueue(feed or ChangeFeed()), _pods()
    queue.add(pods)
    assert [p.name for p in queue.cycle(now)] == ["web-1", "web-2", "web-3"]
    queue.failed(pods, None if reads_pods else ("asks",))
    queue.end_cycle(now, bound=False)
    return queue, pods


def test_a_parked_pod_waits_for_an_event() -> None:
    queue, _ = _parked()
    assert list(queue.cycle(15)) == []
    assert len(queue) == 3


@pytest.mark.parametrize(
    "event",
    [
        lambda f, q, p: f.append(NodeChanged("node-1"), 1),
        lambda f, q, p: f.append(PodDeleted("node-1", p[0]), 1),
        lambda f, q, p: q.move_all(),
    ],
    ids=["node", "deletion", "wildcard"],
)
def test_any_event_retries_every_parked_pod(
    event: Callable[[ChangeFeed, ReferenceQueue, list[PodRecord]], None],
) -> None:
    feed = ChangeFeed()
    queue, pods = _parked(feed=feed)
    event(feed, queue, pods)
    assert [p.name for p in queue.cycle(15)] == ["web-1", "web-2", "web-3"]
    assert list(queue.cycle(30)) == []  # one event, one retry


def test_a_bind_on_the_feed_is_no_event() -> None:
    feed = ChangeFeed()
    queue, pods = _parked(feed=feed)
    feed.append(PodsBound("node-1", [pods[0]]), 1)
    assert list(queue.cycle(15)) == []


def test_a_bind_retries_the_pods_that_read_other_pods_only() -> None:
    grouped, _ = _parked()
    aware, _ = _parked(reads_pods=True)
    for queue in (grouped, aware):
        assert list(queue.cycle(15)) == []
        queue.end_cycle(15, bound=True)
    assert list(grouped.cycle(30)) == []
    assert [p.name for p in aware.cycle(30)] == ["web-1", "web-2", "web-3"]


def test_the_flush_retries_pods_parked_long_enough() -> None:
    queue, _ = _parked(now=10)
    assert list(queue.cycle(10 + FLUSH_AFTER - 1)) == []
    assert len(list(queue.cycle(10 + FLUSH_AFTER))) == 3


def test_the_order_given_is_the_order_handed_out_and_forgotten_pods_leave() -> None:
    queue, pods = _parked()
    queue.forget(pods[1])
    queue.move_all()
    assert [p.name for p in queue.cycle(15, order=lambda p: -p.seq)] == ["web-3", "web-1"]
    assert [p.name for p in queue.pods()] == ["web-1", "web-3"]
