"""Bound pods counted per node and per template: what the topology plugins count.

Pods of one ReplicaSet share one template object, so their labels and affinity are one
question: a selector is matched once per template, and a node's pods are counted as
``template → how many`` rather than walked one by one. The plugins keep their per-pod
aggregates (spread counts per domain, inter-pod pairs) built from these counts as
``Aggregate``s, which each bind moves by the bound run alone — the scheduler binds
aware pods one at a time, and each used to recount the whole cluster.

The counts persist from cycle to cycle (``follow``): they read the state's change feed
(``change_feed.py``) from their own cursor, which keeps every change until they have read
it. Binds are replayed; a deleted bound pod recounts only the nodes the changes since
name. An aggregate that takes negative counts (``signed``) is moved by the difference; any
other is dropped and built again when next asked (``generation`` moves). Adding or removing
a node, or relabelling one, changes which domains exist: every aggregate is dropped. They
are rebuilt from the nodes after anything the feed cannot show — an explicit ``reset`` (the
scheduler's ``refresh``, preemption's simulations, the autoscaler's snapshots), a different
state, or a number of bound pods that does not add up.
"""

from __future__ import annotations

from collections import Counter
from itertools import groupby
from operator import attrgetter
from typing import Protocol

from kubeloop.cluster.change_feed import BINDS, Cursor, PairsBound, PodDeleted, PodsBound, touched
from kubeloop.cluster.labels import LabelSelector
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodTemplate
from kubeloop.cluster.state import ClusterState

_template = attrgetter("template")


def _template_id(bound: PodsBound | PairsBound) -> int:
    return id(bound.pods[0].template)


class Aggregate(Protocol):
    """Something summed over bound pods, moved when ``count`` pods of ``template`` bind.

    Optional: ``signed = True`` if ``add`` also takes the negative counts of removed pods
    (else the aggregate is dropped when pods leave); ``wants(template)``, False for the
    templates whose binds never move it (so a bind skips it); ``add_run(nodes, template,
    counts)``, ``add`` for each node and count in turn, in one call.
    """

    def add(self, node: NodeRecord, template: PodTemplate, count: int) -> None: ...


class PodCounts:
    def __init__(self) -> None:
        self.state: ClusterState | None = None
        self._fresh = False
        self._read: Cursor | None = None
        """How far the state's change feed is counted (None: not counted yet)."""
        self._nodes: set[str] = set()
        """The node names the aggregates were built over."""
        self._relabels = 0
        """The state's ``relabels`` when the aggregates were last dropped."""
        self._bound = 0
        """Bound pods counted, less the state's bound pods at the last rebuild."""
        self._bound_base = 0
        self.on_node: dict[str, Counter[int]] = {}
        """Node name → id(template) → how many of its pods are bound there."""
        self.nodes_of: dict[int, dict[str, int]] = {}
        """id(template) → node name → how many (the same counts, the other way round)."""
        self.templates: dict[int, PodTemplate] = {}
        self.repelling: set[int] = set()
        """Bound templates with required anti-affinity, which any pod must ask."""
        self.aggregates: dict[object, Aggregate] = {}
        """The plugins' aggregates, by their own keys; dropped on every rebuild."""
        self._interested: dict[int, list[Aggregate]] = {}
        self._interest_size = 0
        self._matches: dict[tuple[int, int], tuple[LabelSelector, PodTemplate, bool]] = {}
        self._held: list[PodTemplate] = []
        self.generation = 0
        """Moves whenever aggregates are dropped: aggregates fetched before it are gone."""

    def reset(self, state: ClusterState) -> None:
        """Count again from the nodes at the next question (the feed need keep nothing for
        these counts meanwhile)."""
        self.state = state
        self._fresh, self._read = False, None

    def follow(self, state: ClusterState) -> None:
        """A new cycle over ``state``: keep the counts if they follow it, else count again."""
        if state is not self.state or not self._fresh:
            self.reset(state)
            return
        self._catch_up(state)
        if self._fresh and (state.nodes.keys() != self._nodes or state.relabels != self._relabels):
            self._nodes, self._relabels = set(state.nodes), state.relabels
            self._drop(signed_too=True)
        if self._fresh and self._bloated():
            self._fresh = False

    def sync(self) -> ClusterState:
        """Bring the counts up to date with the state's pods; returns the state."""
        state = self.state
        assert state is not None
        if not self._fresh:
            self._rebuild(state)
        elif self._read is None or self._read.read_to != state.feed.end:
            self._catch_up(state)
        return state

    def _catch_up(self, state: ClusterState) -> None:
        """Count the binds and deletions on the feed since the last read."""
        if self._read is None:
            self._rebuild(state)
            return
        changes, nodes = state.feed.read(self._read), state.nodes
        entries = [change for change in changes if isinstance(change, BINDS)]
        for _, run in groupby(entries, key=_template_id):  # one template's binds per call
            binds = list(run)
            counted: Counter[str] = Counter()
            for bound in binds:
                if isinstance(bound, PodsBound):
                    counted[bound.node] += len(bound.pods)
                else:
                    counted.update(bound.nodes)
            where = [nodes.get(name) for name in counted]
            if None in where:  # bound, then emptied and removed: recount
                self._rebuild(state)
                return
            self._add(binds[0].pods[0].template, where, list(counted.values()))  # type: ignore[arg-type]
        if len(entries) != len(changes) and any(type(c) is PodDeleted for c in changes):
            self._deleted(state, touched(changes))
        if len(state.pods) - state.pending_count - self._bound_base != self._bound:
            self._rebuild(state)  # pods moved in a way the feed does not show

    def _rebuild(self, state: ClusterState) -> None:
        self._fresh, self._read = True, state.feed.cursor()
        self._nodes, self._relabels = set(state.nodes), state.relabels
        self.on_node, self.nodes_of, self.templates, self.repelling = {}, {}, {}, set()
        self._matches, self._held = {}, []
        self._drop(signed_too=True)
        bound = 0
        for name, node in state.nodes.items():
            pods = node.pods.values()
            if not pods:
                continue
            templates = list(map(_template, pods))
            ids = list(map(id, templates))
            counts = Counter(ids)
            bound += len(ids)
            self.on_node[name] = counts
            of = dict(zip(ids, templates, strict=True))
            for key, count in counts.items():
                self._know(of[key])
                self.nodes_of.setdefault(key, {})[name] = count
        self._bound = bound
        self._bound_base = len(state.pods) - state.pending_count - bound

    def _drop(self, *, signed_too: bool) -> None:
        """Drop the aggregates that cannot follow pods leaving (all of them if asked)."""
        if signed_too:
            self.aggregates = {}
        else:
            kept = self.aggregates.items()
            self.aggregates = {k: a for k, a in kept if getattr(a, "signed", False)}
        self._interested, self._interest_size = {}, len(self.aggregates)
        self.generation += 1

    def _bloated(self) -> bool:
        """Templates, pairs or held keys of pods long gone outnumber the live ones."""
        live = len(self.nodes_of) + len(self.aggregates)
        return (
            len(self.templates) > 2 * len(self.nodes_of) + 64
            or len(self._held) > 2 * len(self.aggregates) + 64
            or len(self._matches) > 4 * (live + 1) * (live + 1) + 1024
        )

    def _add(self, template: PodTemplate, nodes: list[NodeRecord], counts: list[int]) -> None:
        """A run of one template's binds, ``counts[i]`` pods on ``nodes[i]``, in one call."""
        key = self._know(template)
        on_node = self.on_node
        where = self.nodes_of.setdefault(key, {})
        for node, count in zip(nodes, counts, strict=True):
            name = node.name
            on = on_node.get(name)
            if on is None:
                on = on_node[name] = Counter()
            on[key] = on.get(key, 0) + count
            where[name] = where.get(name, 0) + count
        self._bound += sum(counts)
        if self._interest_size != len(self.aggregates):
            self._interested, self._interest_size = {}, len(self.aggregates)
        interested = self._interested.get(key)
        if interested is None:
            interested = self._interested[key] = [
                a for a in self.aggregates.values() if _wants(a, template)
            ]
        for aggregate in interested:
            add_run = getattr(aggregate, "add_run", None)
            if add_run is not None:
                add_run(nodes, template, counts)
                continue
            for node, count in zip(nodes, counts, strict=True):
                aggregate.add(node, template, count)

    def _deleted(self, state: ClusterState, changed: set[str]) -> None:
        """Bound pods were deleted: recount the changed nodes whose pods no longer add up."""
        dropped = False
        for name in sorted(changed):
            node = state.nodes.get(name)
            counted = self.on_node.get(name)
            have = sum(counted.values()) if counted else 0
            if (len(node.pods) if node is not None else 0) != have:
                dropped = self._recount(name, node) or dropped
        if dropped:
            self._drop(signed_too=False)

    def _recount(self, name: str, node: NodeRecord | None) -> bool:
        """Count one node's pods again; says whether some pods left it."""
        pods = list(node.pods.values()) if node is not None else []
        templates = list(map(_template, pods))
        now = Counter(map(id, templates))
        of = {id(t): t for t in templates}
        before = self.on_node.pop(name, Counter())
        left = False
        for key in sorted(set(before) | set(now)):
            diff = now[key] - before[key]
            if not diff:
                continue
            template = of.get(key) or self.templates[key]
            self._know(template)
            where = self.nodes_of.setdefault(key, {})
            count = where.get(name, 0) + diff
            if count:
                where[name] = count
            else:
                del where[name]
                if not where:
                    del self.nodes_of[key]
            self._bound += diff
            if diff < 0:
                left = True
            if node is None:
                continue
            for aggregate in list(self.aggregates.values()):
                moves = diff > 0 or getattr(aggregate, "signed", False)
                if moves and _wants(aggregate, template):
                    aggregate.add(node, template, diff)
        if now:
            self.on_node[name] = now
        if node is None and left:
            self._drop(signed_too=True)  # no record left to say which domains it was in
        return left

    def _know(self, template: PodTemplate) -> int:
        key = id(template)
        if key not in self.templates:
            self.templates[key] = template
            affinity = template.affinity
            if affinity is not None and affinity.anti_required:
                self.repelling.add(key)
        return key

    def hold(self, template: PodTemplate) -> None:
        """Keep a template an aggregate is keyed by alive, so its id is not reused."""
        self._held.append(template)

    def matches(self, selector: LabelSelector, template: PodTemplate) -> bool:
        """``selector.matches`` on the template's labels, asked once per pair."""
        key = (id(selector), id(template))
        known = self._matches.get(key)
        if known is None:
            known = (selector, template, selector.matches(template.label_map))
            self._matches[key] = known  # holding both keeps their ids from being reused
        return known[2]

    def matching_on(self, selector: LabelSelector, node: NodeRecord) -> int:
        """How many of the node's pods the selector matches."""
        counts = self.on_node.get(node.name)
        if not counts:
            return 0
        templates = self.templates
        return sum(c for k, c in counts.items() if self.matches(selector, templates[k]))


def _wants(aggregate: Aggregate, template: PodTemplate) -> bool:
    wants = getattr(aggregate, "wants", None)
    return wants is None or bool(wants(template))
