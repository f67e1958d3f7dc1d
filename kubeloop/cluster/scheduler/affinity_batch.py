"""Place pods whose inter-pod terms count by hostname, per class of ``affinity_classes.py``.

``choose`` places one pod exactly as filtering and scoring every node would: members of a
class answer alike, so one member per class is asked; every normalisation (max, min over
the feasible nodes) is the same over classes as over nodes, and the per-node pass picks
the first node by name with the best total — among the best classes, the one whose first
member comes first.

``place`` places a run of one template's pods when a bind changes the answers of the node
it lands on alone (``self_local``: every term the template's own pods match is keyed by
hostname, and it has no spread constraint). Then, as ``class_batch.py`` does, the heap
holds one entry (−total, first member's name) per feasible class, whose top is the node the
per-node pass would pick; a bind moves that node into the class "the same plus one pod",
learned once per class (the heap is ``class_heap.py``'s, shared with ``class_batch.py``).
Totals are normalised over the feasible classes, so all of them are computed again when a
feasible class appears or empties (for required anti-affinity to the template itself, the
new class never admits the next pod, so that is rare). A run of look-alike nodes each
taking one pod is placed by ``one_pod_each.py`` in one step, as ``class_batch.py`` does.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from operator import attrgetter

from kubeloop.cluster.affinity import HOSTNAME
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord, PodTemplate
from kubeloop.cluster.scheduler import one_pod_each
from kubeloop.cluster.scheduler.affinity_classes import HostClasses
from kubeloop.cluster.scheduler.class_heap import ClassHeap
from kubeloop.cluster.scheduler.cycle import CycleResult
from kubeloop.cluster.scheduler.framework import FilterPlugin, ScorePlugin
from kubeloop.cluster.scheduler.inter_pod_affinity import InterPodAffinity
from kubeloop.cluster.scheduler.messages import by_class
from kubeloop.cluster.scheduler.preemption import first_failure
from kubeloop.cluster.state import ClusterState

_name = attrgetter("name")


def self_local(template: PodTemplate) -> bool:
    """A pod of the template, once bound, changes what the template's terms answer on its
    own node only (and the template spreads nothing)."""
    if template.topology_spread:
        return False
    a = template.affinity
    if a is None:
        return True
    labels = template.label_map
    required = a.pod_required
    own = required and all(t.selector.matches(labels) for t in required)
    if own and any(t.topology_key != HOSTNAME for t in required):
        return False
    others = [*a.anti_required, *(w.term for w in (*a.pod_preferred, *a.anti_preferred))]
    return not any(t.topology_key != HOSTNAME and t.selector.matches(labels) for t in others)


def _totals(pod: PodRecord, nodes: list[NodeRecord], scorers: list[ScorePlugin]) -> list[int]:
    totals = [0] * len(nodes)
    for plugin in scorers:
        for i, score in enumerate(plugin.score(pod, nodes)):
            totals[i] += score * plugin.weight
    return totals


def choose_by_host(
    pod: PodRecord, classes: HostClasses, filters: list[FilterPlugin], scorers: list[ScorePlugin]
) -> NodeRecord | None:
    """The node the per-node pass would bind the pod to, or None if none admits it."""
    feasible: list[NodeRecord] = []
    for number in list(classes.sizes):
        first = classes.first(number)
        if first is None:
            continue
        node = classes.nodes[first]
        if all(f.filter(pod, node) is None for f in filters):
            feasible.append(node)
    if len(feasible) <= 1:
        return feasible[0] if feasible else None
    totals = _totals(pod, feasible, scorers)
    best = max(totals)
    return min((n for n, t in zip(feasible, totals, strict=True) if t == best), key=_name)


def message_by_host(pod: PodRecord, classes: HostClasses, filters: list[FilterPlugin]) -> str:
    """``preemption.failure_message`` — each node's first failing filter, counted — asked
    of one member per class and counted once per member."""
    return by_class(pod, classes, lambda p, node: first_failure(p, node, filters))[0]


Place = Callable[[ClusterState, PodRecord, NodeRecord, CycleResult], None]
"""Bind a pod and note it; what it does beside ``state.bind`` and listing the pod in
``result.scheduled`` depends on the pod's template alone, so once it has placed one pod of a
run the rest are bound directly (a call a pod fewer)."""


def place_by_host(
    state: ClusterState,
    pods: list[PodRecord],
    result: CycleResult,
    inter_pod: InterPodAffinity,
    filters: list[FilterPlugin],
    scorers: list[ScorePlugin],
    place_one: Place,
) -> int:
    """Place a run of the pods ``inter_pod.by_host`` admits — as one batch when ``self_local``
    allows, else one by one over host classes — up to the first no node admits; returns
    how many were bound. ``filters`` and ``scorers`` are every plugin the pods are asked."""
    pod = pods[0]
    hosts = inter_pod.hosts(state, pod)

    bind_pairs, scheduled = state.bind_pairs, result.scheduled
    first = True

    def bind(run: list[PodRecord], nodes: list[NodeRecord]) -> None:
        nonlocal first
        if first:
            place_one(state, run[0], nodes[0], result)
            first = False
            run, nodes = run[1:], nodes[1:]
        bind_pairs(run, nodes)
        scheduled.extend(map(_name, run))

    if self_local(pod.template) and not hosts.shared:
        return place(pods, hosts, filters, scorers, bind, inter_pod.first_of_group(pod))
    for placed, pod in enumerate(pods):
        chosen = choose_by_host(pod, inter_pod.hosts(state, pod), filters, scorers)
        if chosen is None:
            return placed
        bind([pod], [chosen])
    return len(pods)


def place(
    pods: list[PodRecord],
    classes: HostClasses,
    filters: list[FilterPlugin],
    scorers: list[ScorePlugin],
    bind: Callable[[list[PodRecord], list[NodeRecord]], None],
    first_of_group: bool,
) -> int:
    """Bind the pods, in order, each where the per-node pass would; stops at the first pod
    no node admits and returns how many were bound. ``first_of_group``: the first bind
    lifts required affinity's exception for the first pod, so every class is asked again."""
    try:
        if not first_of_group:
            return _sweeping(_Batch(pods[0], classes, filters, scorers), pods, bind)
        if not _Batch(pods[0], classes, filters, scorers).place(pods[:1], bind):
            return 0
        return 1 + _sweeping(_Batch(pods[0], classes, filters, scorers), pods[1:], bind)
    finally:  # each bind's move (``ClassHeap.moved``) was the only change it made
        classes.position = classes.state.feed.end


def _sweeping(
    batch: ClassHeap,
    pods: list[PodRecord],
    bind: Callable[[list[PodRecord], list[NodeRecord]], None],
) -> int:
    """``batch.place`` with ``one_pod_each``: a class of look-alike nodes that each take one
    pod (required anti-affinity to the template itself, or a node scoring lower once it
    holds one) is gone round in one step."""
    return batch.place(pods, bind, lambda left, old: one_pod_each.sweep(batch, left, old))


class _Batch(ClassHeap):
    """Totals normalised over the feasible classes: a class that turns feasible, or one
    that empties, changes them all."""

    def __init__(
        self,
        pod: PodRecord,
        classes: HostClasses,
        filters: list[FilterPlugin],
        scorers: list[ScorePlugin],
    ) -> None:
        super().__init__(pod, classes, filters)
        self.hosts, self.scorers = classes, scorers
        self.learn_all()
        self.rebuild()

    def key_of(self, node: NodeRecord) -> Hashable:
        return self.hosts.key(node)

    def learn(self, number: int, node: NodeRecord) -> bool:
        pod = self.pod
        feasible = self.feasible[number] = all(f.filter(pod, node) is None for f in self.filters)
        return feasible

    def retotal(self, numbers: list[int], firsts: list[NodeRecord]) -> None:
        totals = _totals(self.pod, firsts, self.scorers) if len(firsts) > 1 else [0] * len(firsts)
        self.totals = dict(zip(numbers, totals, strict=True))

    def total(self, number: int) -> int:
        return self.totals[number]

    def reshaped(self, old: int, new: int, emptied: bool, joined: bool) -> bool:
        return emptied or joined
