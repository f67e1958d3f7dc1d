"""Parked placement-aware pods move back together, in creation order, whatever order
they were parked in (``SchedulingQueue`` moves every one of them at any event)."""

from __future__ import annotations

from kubeloop import Deployment
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.queue.hinted import FLUSH_AFTER, SchedulingQueue


def _cycle(queue: SchedulingQueue, now: int, fail: list[PodRecord]) -> list[str]:
    """One cycle at ``now`` in which the given pods fail (parked as aware pods)."""
    handed = [pod.name for pod in queue.cycle(now, lambda pod, name: False)]
    if fail:
        queue.failed(fail, None)
    queue.end_cycle(now, bound=False)
    return handed


def test_aware_pods_parked_out_of_order_come_back_in_creation_order() -> None:
    """a (older) is parked at 0, b at 100; the flush retries a alone at 300, so a is parked
    after b. An event then moves both: a is still tried first."""
    template = Deployment("web", cpu="1").template()
    a, b = (PodRecord(f"web-{i}", "web", "web-rs", template, i, 0) for i in (1, 2))
    queue = SchedulingQueue()
    queue.add([a])
    assert _cycle(queue, 0, [a]) == ["web-1"]
    queue.add([b])
    assert _cycle(queue, 100, [b]) == ["web-2"]
    assert _cycle(queue, FLUSH_AFTER, [a]) == ["web-1"]  # the flush: a alone is due
    assert _cycle(queue, FLUSH_AFTER + 1, []) == []  # no event: nobody moves
    queue.move_all()
    assert _cycle(queue, FLUSH_AFTER + 2, [a, b]) == ["web-1", "web-2"]
    assert len(queue) == 2 and not queue.active


def test_an_event_while_a_pod_is_active_moves_the_aware_ones_behind_it_in_order() -> None:
    """c is active (a preemptor) when the event moves the parked a and b: all three come
    out in creation order."""
    template = Deployment("web", cpu="1").template()
    a, b, c = (PodRecord(f"web-{i}", "web", "web-rs", template, i, 0) for i in (1, 2, 3))
    queue = SchedulingQueue()
    queue.add([a, b, c])
    assert _cycle(queue, 0, [a, b, c]) == ["web-1", "web-2", "web-3"]
    queue.activate(c)
    queue.move_all()
    assert _cycle(queue, 1, []) == ["web-1", "web-2", "web-3"]
