"""Parked pods whose cross-pod filters read only the node they are tried on: hinted per node.

A placement-aware pod is retried after every event and every cycle that bound a pod, as
its plugins register assigned-pod events. For a pod whose only cross-pod filter is required
anti-affinity by ``kubernetes.io/hostname`` — its own terms, and those of every existing pod
that may repel it — that is far more than can help it. Upstream's hint for it
(``InterPodAffinity.isSchedulableAfterPodChange`` and ``isSchedulableAfterNodeChange`` in
``pkg/scheduler/framework/plugins/interpodaffinity/plugin.go``) skips an added pod that
matches no affinity term (a bind never helps anti-affinity), and queues a deleted pod that
matches the pod's anti-affinity, or a node added or changed. Here, as the queue's node-local
groups do, the hint asks the question on the event's node itself: does the pod now pass
every filter there? With hostname keys, a pod deleted from node N, or N added or changed,
changes what every filter answers on N alone; every other node is as it was when the pod
failed, less the binds since, which only take room and add repelling pods. So a node
failing (NotReady, tainted, its pods evicted) moves nobody, and a pod deleted from N moves
only the pods that now fit N — where upstream, coarser, would retry each pod its anti-
affinity matched and find it fail again (``scheduler/stale_messages.py`` gives such pods
that failure's message). The flush after ``FLUSH_AFTER`` still moves all.

Whether every existing repeller is hostname-keyed is asked at the end of each cycle
(between cycles no pod is bound, so none can start repelling); until the next such answer
is yes, these pods move as every aware pod does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from kubeloop.cluster.affinity import HOSTNAME
from kubeloop.cluster.pods import PodRecord, PodTemplate
from kubeloop.cluster.queue.parked_aware import ParkedAware

Fits = Callable[[PodRecord, str], bool]
"""Would the pod pass every filter (cross-pod ones too) on the named node now?"""


def reads_one_node(template: PodTemplate) -> bool:
    """The template's cross-pod filters read only the node tried: no spread, no required
    affinity, required anti-affinity (if any) by hostname alone."""
    affinity = template.affinity
    if template.topology_spread:
        return False
    return affinity is None or (
        not affinity.pod_required
        and all(term.topology_key == HOSTNAME for term in affinity.anti_required)
    )


def repellers_by_host(templates: Iterable[PodTemplate]) -> bool:
    """Every required anti-affinity term of these (the repelling ReplicaSets') is by host."""
    return all(
        term.topology_key == HOSTNAME
        for template in templates
        if template.affinity is not None
        for term in template.affinity.anti_required
    )


class ParkedLocal:
    """ReplicaSet → (a pod of it, its parked pods); pods of one ReplicaSet ask alike."""

    __slots__ = ("_of", "_sets")

    def __init__(self) -> None:
        self._sets: dict[str, tuple[PodRecord, ParkedAware]] = {}
        self._of: dict[str, str] = {}
        """Pod name → its ReplicaSet, for every pod parked here."""

    def __len__(self) -> int:
        return len(self._of)

    def __bool__(self) -> bool:
        return bool(self._of)

    def values(self) -> Iterator[PodRecord]:
        for _, parked in self._sets.values():
            yield from parked.values()

    def pop(self, name: str) -> PodRecord | None:
        """The pod leaves, if it is parked here."""
        replicaset = self._of.pop(name, None)
        return None if replicaset is None else self._sets[replicaset][1].pop(name)

    def park(self, pods: list[PodRecord], now: int) -> None:
        """Pods of one ReplicaSet that failed at ``now``."""
        replicaset = pods[0].replicaset
        found = self._sets.get(replicaset)
        parked = ParkedAware() if found is None else found[1]
        parked.park(pods, now)
        self._sets[replicaset] = (pods[0], parked)
        self._of.update(dict.fromkeys((pod.name for pod in pods), replicaset))

    def sets(self) -> list[list[PodRecord]]:
        """The pods parked here, a ReplicaSet's together."""
        return [list(parked.values()) for _, parked in self._sets.values()]

    def take_all(self) -> list[PodRecord]:
        """Every parked pod; none is left."""
        taken = [pod for _, parked in self._sets.values() for pod in parked.take_all().values()]
        self._sets, self._of = {}, {}
        return taken

    def take_moved(self, now: int, wait: int, touched: set[str], fits: Fits) -> list[PodRecord]:
        """The pods of every ReplicaSet that now fits a touched node, and the rest of the
        pods parked ``wait`` seconds or more; they leave."""
        taken: list[PodRecord] = []
        for replicaset, (sample, parked) in list(self._sets.items()):
            if any(fits(sample, name) for name in touched):
                taken.extend(parked.take_all().values())
            else:
                taken.extend(parked.take_due(now, wait))
            if not parked:
                del self._sets[replicaset]
        for pod in taken:
            del self._of[pod.name]
        return taken
