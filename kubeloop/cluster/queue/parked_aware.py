"""Parked placement-aware pods, with the times they were parked in order, for the flush.

Every cycle asks which parked pods have waited ``FLUSH_AFTER`` seconds. Asked of each pod,
that would be a pass over all of them at every reconcile, even a no-op one. The pods
parked together are kept as one block, oldest first (the clock only moves forward), so
the answer costs what it returns.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, ValuesView
from operator import attrgetter

from kubeloop.cluster.pods import PodRecord

_name = attrgetter("name")


class ParkedAware:
    """Name → parked pod, and (parked at, the pods parked then), oldest first."""

    __slots__ = ("_blocks", "_held", "members")

    def __init__(self) -> None:
        self.members: dict[str, PodRecord] = {}
        """Asked for emptiness directly (at C speed) by every bind's ``forget_all``."""
        self._blocks: deque[tuple[int, list[PodRecord]]] = deque()
        self._held = 0
        """How many pods ``_blocks`` holds, parked still or not."""

    def __len__(self) -> int:
        return len(self.members)

    def values(self) -> ValuesView[PodRecord]:
        return self.members.values()

    def pop(self, name: str) -> PodRecord | None:
        """The pod leaves (its block's entry is skipped when its time comes)."""
        return self.members.pop(name, None)

    def park(self, pods: list[PodRecord], now: int) -> None:
        """Pods that failed at ``now``, none of them parked here."""
        members = self.members
        for pod in pods:
            pod.parked_at = now
        members.update(zip(map(_name, pods), pods, strict=True))
        self._blocks.append((now, pods))
        self._held += len(pods)
        if self._held > 2 * len(members) + 32:  # mostly pods gone since: keep the parked
            blocks: dict[int, list[PodRecord]] = {}
            for pod in members.values():
                blocks.setdefault(pod.parked_at, []).append(pod)
            self._blocks = deque(sorted(blocks.items()))
            self._held = len(members)

    def take_all(self) -> dict[str, PodRecord]:
        """Every parked pod, by name, in the order they were parked; none is left."""
        members, self.members = self.members, {}
        self._blocks, self._held = deque(), 0
        return members

    def take_due(self, now: int, wait: int) -> Iterable[PodRecord]:
        """The pods parked ``wait`` seconds or more before ``now``, oldest first; they leave."""
        blocks, members = self._blocks, self.members
        due: list[PodRecord] = []
        while blocks and now - blocks[0][0] >= wait:
            parked, pods = blocks.popleft()
            self._held -= len(pods)
            for pod in pods:
                if members.get(pod.name) is pod and pod.parked_at == parked:
                    del members[pod.name]
                    due.append(pod)
        return due
