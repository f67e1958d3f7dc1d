"""Parked pods that ask the node-local filters the same questions (``SchedulingQueue``'s)."""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Hashable
from dataclasses import dataclass, field

from kubeloop.cluster.pods import PodRecord

Asks = Hashable


@dataclass
class ParkedGroup:
    """Parked pods that ask the node-local filters the same questions.

    Kept by seq (plain ints, which the cycle collector never scans): each parked pod costs
    three dict or list slots, not three tuples.
    """

    key: Asks
    """The group's own key: its pods map to this one object, not to an equal copy each."""
    sample: PodRecord
    members: dict[int, PodRecord] = field(default_factory=dict)
    """Seq → pod."""
    by_seq: list[int] = field(default_factory=list)
    """A heap of seqs: creation order. Seqs of pods gone since are skipped."""
    by_time: deque[tuple[int, list[int]]] = field(default_factory=deque)
    """(parked at, the seqs parked then), oldest first, for the flush."""
    last_seq: int = -1
    """The largest seq ever parked: pods newer than every one parked extend the heap as is."""
    timed: int = 0
    """How many seqs ``by_time`` holds, current or not."""

    def park(self, pods: list[PodRecord], now: int) -> None:
        """Park pods that failed together (in creation order)."""
        self.sample = pods[0]
        members = self.members
        seqs = []
        for pod in pods:
            pod.parked_at = now
            members[pod.seq] = pod
            seqs.append(pod.seq)
        if seqs[0] > self.last_seq:
            self.by_seq.extend(seqs)  # each is larger than its heap parent
        else:
            for seq in seqs:
                heapq.heappush(self.by_seq, seq)
        self.last_seq = max(self.last_seq, seqs[-1])
        self.by_time.append((now, seqs))
        self.timed += len(seqs)

    def compact(self) -> None:
        """Drop the entries of pods gone since, once they outnumber the members."""
        if len(self.by_seq) > 2 * len(self.members) + 32:
            self.by_seq = list(self.members)
            heapq.heapify(self.by_seq)
        if self.timed > 2 * len(self.members) + 32:
            blocks: dict[int, list[int]] = {}
            for seq, pod in self.members.items():
                blocks.setdefault(pod.parked_at, []).append(seq)
            self.by_time = deque(sorted(blocks.items()))
            self.timed = len(self.members)
