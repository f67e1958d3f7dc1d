"""Sweep a class: give its members one pod each, in name order, in one step.

Under LeastAllocated a node that takes a pod scores lower than the rest of its class, so
scoring every node sends the next pod to the class's next member by name, and the next to
the one after: a run of a ReplicaSet's pods goes round the class one pod a node. The heap
of ``class_batch.py`` finds that out one pod at a time (pop the best entry, push the class's
next member and the node in its new class, pop again); a sweep finds how far it goes at
once and moves those members together (``NodeClasses.take``).

Exactly the same nodes are chosen. Right after a pod was bound to the first member of class
``old``, which then joined class ``new``, the next members of ``old`` win, one pod each, for
as long as

* ``old``'s next member is the best entry (the heap keeps it aside, ``kept_aside``, or a
  rebuilt heap holds it), so ``new`` scores strictly lower (on a tie the node just bound is
  ahead by name): the nodes that moved on never come back first;
* ``old``'s member is still ahead of the best entry of any other class (``bound``): on a
  higher total, every member; on an equal total, the members named before it;
* TaintToleration's normaliser stays put: neither class empties or appears, so the sweep
  leaves ``old``'s last member to ``class_batch``'s single step (which recounts).

``affinity_batch.py`` sweeps its host classes too: its totals are normalised over the
feasible classes, which stay put for the same reason, and a class of empty nodes under
required anti-affinity to the template itself is gone round one pod a node.
"""

from __future__ import annotations

import heapq

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.scheduler.class_heap import ClassHeap


def sweep(batch: ClassHeap, left: int, old: int) -> list[NodeRecord]:
    """The nodes scoring every node would give the next ``left`` pods (or fewer) round class
    ``old``, right after the pod before them went to its first member, moved on in
    ``batch.classes`` as if bound (the caller binds the pods)."""
    classes = batch.classes
    if classes.sizes.get(old, 0) < 2 or not left or not batch.feasible[old]:
        return []  # the first test is the usual exit: a node alone in its class
    heap, aside = batch.heap, batch.kept_aside
    if aside is None:  # a rebuilt heap holds old's entry itself
        if _live_top(batch) != old:
            return []  # another class is ahead — ``new`` too, when it scores as high
        heapq.heappop(heap)  # old's first member's entry: put back aside below
    elif _live_top(batch) is not None and heap[0] < aside:
        return []  # old's next member is not the best entry: no sweep
    total = batch.total(old)
    batch.kept_aside = None
    before = _bound(batch, total)
    taken = classes.take(old, batch.after[old], left, before)
    first = classes.first(old)
    assert first is not None  # ``take`` leaves a member
    batch.kept_aside = (-total, first, batch.epoch, old)
    return taken


def _live_top(batch: ClassHeap) -> int | None:
    """The class of the heap's best live entry (stale ones on top are dropped), or None."""
    heap, class_of, epoch = batch.heap, batch.classes.class_of, batch.epoch
    while heap:
        _, name, entry_epoch, number = heap[0]
        if entry_epoch == epoch and class_of[name] == number:
            return number
        heapq.heappop(heap)
    return None


def _bound(batch: ClassHeap, total: int) -> str | None:
    """The name before which ``old``'s members still win: the best live entry's when it
    scores as high as ``old`` (it cannot score higher); None when no other entry ties."""
    if _live_top(batch) is None:
        return None
    negated, name, _, _ = batch.heap[0]
    return name if -negated == total else None
