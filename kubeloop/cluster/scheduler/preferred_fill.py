"""Fill a node for ``preferred_batch.py``: the next pods of a run, all onto the node the
pod before them went to, in one step.

Where node-local scores do not fall as a node fills (the default scorers: nothing but
TaintToleration and node affinity, which do not look at pods), scoring every node sends
pod after pod to the same node — its new class ties its old one and it is first by name —
and the batch would find that out a pod at a time (pop it, move it, push it, normalise the
groups again). Right after a pod went to ``node``, now the best entry of its group, the
next pods go there too, one class further per pod along the classes the batch has
followed (``PreferredChoice.after``), for as long as

* each class is in the group (the node stays feasible) and scores no lower than the one
  before: every other entry of the group scored at most as high as the node at the start
  and is named after it on a tie (a class the node passes through that has members
  already scores the same, or its first member would have been ahead), so the node stays
  the group's best;
* each class has the normalising raws of the first (TaintToleration, preferred node
  affinity): the node is always in a feasible class with those raws, so the most among
  the feasible classes, and with it every total, stays put;
* the group beats every other live group on score alone, not by name, for every pod.
  Where the pods move no raw but their own group's, and never down, the min-max
  normalisation can only favour it — its own score cannot fall, no other's can rise — so
  beating each at the scores as they stand is enough; otherwise it must win even at its
  own score 0 against everyone else's 100.

The node then joins the last class in one ``PreferredChoice.moved``; the classes between
would each have gained it and lost it again.
"""

from __future__ import annotations

import heapq
from typing import Protocol

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler import best_per_group
from kubeloop.cluster.scheduler.inter_pod_affinity import normalised
from kubeloop.cluster.scheduler.spread_batch import Decided

_Entry = best_per_group.Entry


class Group:
    """Feasible classes whose nodes share one value per preferred term's key."""

    __slots__ = ("heap", "moves", "raw", "top", "values")

    def __init__(self, values: tuple[str | None, ...], raw: int) -> None:
        self.values = values
        self.raw = raw
        """InterPodAffinity's raw score of every node in the group."""
        self.heap: list[_Entry] = []
        self.top: _Entry | None = None
        """The heap's top once no stale entry is left on it; None: no feasible node."""
        self.moves: list[tuple[int, list[Group]]] = []
        """Per own term a pod landing here counts in: its weight and the groups sharing
        the domain, whose raw it moves (``preferred_batch.PreferredChoice._moves``)."""


class PreferredChoice(Protocol):
    """What a fill reads and moves of its batch's choice (``preferred_batch.PreferredChoice``)."""

    after: dict[int, int]
    group_of: dict[int, Group | None]
    normalising: dict[int, tuple[int, ...]]
    group_list: list[Group]
    weight: int

    def total(self, number: int) -> int: ...

    def moved(self, node: NodeRecord, old: int, new: int, group: Group) -> None: ...


def fill(
    choice: PreferredChoice,
    group: Group,
    node: NodeRecord,
    pods: list[PodRecord],
    start: int,
    decided: Decided,
) -> int:
    """Decide ``pods[start:]`` onto ``node`` (of ``group``) as far as scoring every node
    would, right after the pod before them went to it; returns how many were decided."""
    top = group.top
    if start >= len(pods) or top is None or top[1] != node.name:
        return 0
    old = top[2]
    steps = _chain(choice, group, old, len(pods) - start)
    if not steps or not _ahead(choice, group, top[0]):
        return 0
    heapq.heappop(group.heap)  # the node's entry: ``moved`` pushes one for its last class
    decided.extend((pod, node) for pod in pods[start : start + len(steps)])
    choice.moved(node, old, steps[-1], group)
    for step, sharing in group.moves:  # ``moved`` moved the raws for one pod
        for other in sharing:
            other.raw += step * (len(steps) - 1)
    return len(steps)


def _chain(choice: PreferredChoice, group: Group, old: int, limit: int) -> list[int]:
    """The classes a node of class ``old`` passes through, one per pod, while each is known,
    in the group, as normalising as ``old`` and no lower in total (at most ``limit``)."""
    after, group_of, normalising = choice.after, choice.group_of, choice.normalising
    steps: list[int] = []
    here, total = old, choice.total(old)
    while len(steps) < limit:
        new = after.get(here)
        if new is None or group_of.get(new) is not group:
            break
        if normalising[new] != normalising[old] or choice.total(new) < total:
            break
        steps.append(new)
        here, total = new, choice.total(new)
    return steps


def _ahead(choice: PreferredChoice, group: Group, negated: int) -> bool:
    """Whether the group's best node, at node-local total ``−negated`` or more, beats every
    other live group's best on score alone for every pod of the fill."""
    live = [(g, top) for g in choice.group_list if (top := g.top) is not None]
    if len(live) == 1:
        return True
    weight, moves = choice.weight, group.moves
    if all(len(s) == 1 and s[0] is group for _, s in moves) and sum(m for m, _ in moves) >= 0:
        scores = normalised([g.raw for g, _ in live])
        own = negated - weight * scores[[g for g, _ in live].index(group)]
        rivals = zip(live, scores, strict=True)
        return all(own < top[0] - weight * s for (g, top), s in rivals if g is not group)
    return all(negated < top[0] - weight * 100 for g, top in live if g is not group)
