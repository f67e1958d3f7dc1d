"""Every pod by name, kept in its owners' tables rather than in a cluster-wide one.

A pod's name is its Deployment's name, a dash and a counter (``pod_state.pod_names``), so
the name finds the owner, and the owner's shelves — its ReplicaSets' own pod tables — find
the pod. A large scale-up then fills each ReplicaSet's table and no second, cluster-wide
one: inserting every pod into one ever-growing dict as well cost a big converge dearly.
Lookups by name (a deletion, an eviction, ``Cluster.pod``) cost a split and a
probe per ReplicaSet of the owner — a handful — and iteration is in creation order, as
the dict's was.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from itertools import chain

from kubeloop.cluster.pods import PodRecord


def owner_of(name: str) -> str:
    """The Deployment a pod name belongs to: everything before its last dash."""
    return name.rpartition("-")[0]


class PodTable(Mapping[str, PodRecord]):
    """A read-only mapping over shelves that their owners fill; ``len`` is counted."""

    __slots__ = ("_count", "_shelves")

    def __init__(self) -> None:
        self._shelves: dict[str, list[dict[str, PodRecord]]] = {}
        self._count = 0

    @classmethod
    def of(cls, pods: Iterable[PodRecord]) -> PodTable:
        """A table of these pods on shelves of its own, one per owner."""
        table = cls()
        shelves: dict[str, dict[str, PodRecord]] = {}
        for pod in pods:
            shelves.setdefault(pod.deployment, {})[pod.name] = pod
        for owner, shelf in shelves.items():
            table.shelve(owner, shelf)
            table.added(len(shelf))
        return table

    def shelve(self, owner: str, shelf: dict[str, PodRecord]) -> None:
        """``owner``'s pods are kept (also) in ``shelf``, which its owner fills and empties."""
        self._shelves.setdefault(owner, []).append(shelf)

    def unshelve(self, owner: str, shelf: dict[str, PodRecord]) -> None:
        shelves = self._shelves[owner]
        shelves[:] = [s for s in shelves if s is not shelf]
        if not shelves:
            del self._shelves[owner]

    def added(self, count: int) -> None:
        """``count`` pods were put on shelves."""
        self._count += count

    def removed(self) -> None:
        """A pod was taken off its shelf."""
        self._count -= 1

    def __getitem__(self, name: str) -> PodRecord:
        for shelf in self._shelves.get(owner_of(name), ()):
            pod = shelf.get(name)
            if pod is not None:
                return pod
        raise KeyError(name)

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[str]:
        return (pod.name for pod in self.in_order())

    def in_order(self) -> list[PodRecord]:
        """Every pod, oldest first (each shelf already is: a merge of sorted runs)."""
        shelves = chain.from_iterable(self._shelves.values())
        return sorted(chain.from_iterable(s.values() for s in shelves), key=_seq)


def _seq(pod: PodRecord) -> int:
    return pod.seq
