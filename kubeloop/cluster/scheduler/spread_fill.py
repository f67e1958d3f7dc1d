"""Fill a node for ``spread_batch.py``: the pods its group gets next all go onto the node the
group's last pod went to, decided a pod at a time but moved in one step.

Where node-local scores do not fall as a node fills (the default scorers: nothing but
TaintToleration and node affinity, which do not look at pods), scoring every node sends
each pod a group is chosen for to the group's same best node — its new class ties its old
one and it is first by name — while the skew sends the pods round the domains (maxSkew 1
over three zones: a pod to each in turn). The batch would find that out a pod at a time
(pop the node's entry, move it a class on, push it back). Right after a pod went to
``node``, now again the best entry of its group, the group's next pods go there too, one
class further per pod along the classes the batch has followed (``SpreadChoice.after``),
for as long as each class it leaves is in the group and has the same total and the same
normalising raws as the first (the class it reaches last may differ: the fill is flushed
right after the pod that takes it there, as the batch would have moved it):

* the same total keeps the group's top entry, which the choice among groups reads, exactly
  as it would be (the node's name, that total): every other entry of the group scored at
  most as high and is named after it on a tie (a class the node passes through that has
  members already scores the same, or its first member would have been ahead), and only
  the group's own pods move its entries, so the node stays the group's best;
* the same normalising raws (TaintToleration, preferred node affinity) keep the most among
  the feasible classes, and with it every total: the node is always in a feasible class
  with those raws, and the classes between gain it and lose it again.

Only the lean choice (one hard constraint, normalisations every group agrees on) fills; the
general one, which may rebuild the heaps from the classes, flushes every fill first. A
flush moves the node from its first class to the last it reached in one
``SpreadChoice.shift``; the batch flushes every fill before it ends.
"""

from __future__ import annotations

import heapq
from collections import Counter
from typing import Protocol

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.scheduler import best_per_group
from kubeloop.cluster.scheduler.spread_scores import DomainTally

_Entry = best_per_group.Entry
"""(−node-local total, node name, class number)."""


class Fill:
    """A node its group's pods go onto: it is in class ``start`` as far as the classes
    know, and ``steps[at − 1]`` once the pods decided onto it so far are counted."""

    __slots__ = ("at", "end", "node", "start", "steps")

    def __init__(self, node: NodeRecord, start: int, steps: list[int]) -> None:
        self.node, self.start, self.steps = node, start, steps
        self.at = 0
        """How many pods were decided onto the node (the batch moves it)."""
        self.end = len(steps)


class SpreadGroup:
    """Feasible classes whose nodes share one domain per constraint."""

    __slots__ = ("counting", "counts", "fill", "hard", "heap", "high", "soft", "top", "values")

    def __init__(
        self,
        values: tuple[str | None, ...],
        hard: tuple[str, ...],
        soft: tuple[str | None, ...],
        tracked: int,
    ) -> None:
        self.values, self.hard, self.soft = values, hard, soft
        self.heap: list[_Entry] = []
        self.top: _Entry | None = None
        """The heap's top once no stale entry is left on it; None: no feasible node."""
        self.counts: list[Counter[int]] = [Counter() for _ in range(tracked)]
        """Per normalising scorer: this group's feasible classes per raw value."""
        self.high: tuple[int, ...] | None = None
        self.fill: Fill | None = None
        """The node the group's next pods go onto, if it is being filled (below)."""
        self.counting: list[tuple[DomainTally, str]] = []
        """Per constraint whose selector matches the pod, where a pod landing here counts
        (a node without a soft constraint's key counts nowhere)."""

    def highest(self) -> tuple[int, ...]:
        if self.high is None:
            self.high = tuple(max(c, default=0) for c in self.counts)
        return self.high


class SpreadChoice(Protocol):
    """What a fill reads and moves of its batch's choice (``spread_groups.SpreadChoice``)."""

    after: dict[int, int]
    chains: dict[int, list[int]]
    filling: list[SpreadGroup]
    group_of: dict[int, SpreadGroup | None]
    lean: bool
    raws: dict[int, tuple[int, ...]]
    tracked: list[int]

    def total(self, number: int) -> int: ...

    def shift(self, node: NodeRecord, old: int, new: int, group: SpreadGroup) -> None: ...


def start(choice: SpreadChoice, group: SpreadGroup, node: NodeRecord) -> None:
    """A pod just went to ``node`` (of ``group``): fill it if it is the group's best again
    and the classes it would pass through next are known and score as its own."""
    top = group.top
    if not choice.lean or top is None or top[1] != node.name:
        return
    steps = _chain(choice, group, top[2])
    if steps:
        group.fill = Fill(node, top[2], steps)
        choice.filling.append(group)


def ended(choice: SpreadChoice, group: SpreadGroup) -> None:
    """The fill's node reached its last class: flush it."""
    flush(choice, group)
    choice.filling.remove(group)


def flush(choice: SpreadChoice, group: SpreadGroup) -> None:
    """Move the fill's node to the class its pods have taken it to."""
    fill = group.fill
    assert fill is not None  # only filling groups are flushed
    group.fill = None
    if fill.at:
        heapq.heappop(group.heap)  # the node's entry: ``shift`` pushes one for its new class
        choice.shift(fill.node, fill.start, fill.steps[fill.at - 1], group)


def flush_all(choice: SpreadChoice) -> None:
    for group in choice.filling:
        flush(choice, group)
    choice.filling = []


def _chain(choice: SpreadChoice, group: SpreadGroup, here: int) -> list[int]:
    """The classes a node of class ``here`` passes through, one per pod, while each is
    known and the one before it is in the group and as normalising and total as ``here``
    (the last may leave the group, or score otherwise: it is where the fill ends); kept
    per class once its end no longer hangs on a class not followed yet."""
    known = choice.chains.get(here)
    if known is not None:
        return known
    after, group_of, raws, tracked = choice.after, choice.group_of, choice.raws, choice.tracked
    first, total = here, choice.total(here)
    normalising = [raws[here][i] for i in tracked]
    steps: list[int] = []
    while True:
        new = after.get(here)
        if new is None:
            return steps  # may go further once that class is followed: not kept
        steps.append(new)
        if group_of.get(new) is not group or choice.total(new) != total:
            break  # the node takes this pod still, and the fill ends with it
        if [raws[new][i] for i in tracked] != normalising:
            break
        here = new
    choice.chains[first] = steps
    return steps
