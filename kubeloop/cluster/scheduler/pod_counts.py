"""Bound pods counted per node and per template: what the topology plugins count.

Pods of one ReplicaSet share one template object, so their labels and affinity are one
question: a selector is matched once per template, and a node's pods are counted as
``template → how many`` rather than walked one by one. The plugins keep their per-pod
aggregates (spread counts per domain, inter-pod pairs) built from these counts as
``Aggregate``s, which each bind moves by the bound run alone — the scheduler binds
aware pods one at a time, and each used to recount the whole cluster.

The counts follow ``ClusterState.bound`` (every bind of the cycle, in order) and are
rebuilt from the nodes after anything else moved pods: a new cycle or an explicit
``reset`` (the scheduler's ``prepare``/``refresh``, preemption's simulations, the
autoscaler's snapshots), or a deleted pod (``ClusterState.pod_deletions``).
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter
from typing import Protocol

from kubeloop.cluster.labels import LabelSelector
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord, PodTemplate
from kubeloop.cluster.state import ClusterState

_template = attrgetter("template")


class Aggregate(Protocol):
    """Something summed over bound pods, moved when ``count`` pods of ``template`` bind."""

    def add(self, node: NodeRecord, template: PodTemplate, count: int) -> None: ...


class PodCounts:
    def __init__(self) -> None:
        self.state: ClusterState | None = None
        self._fresh = False
        self._log: list[tuple[str, list[PodRecord]]] | None = None
        self._seen = 0
        self._deletions = 0
        self._position = 0
        """How far into ``ClusterState.node_log`` the counts have read."""
        self._index: object = None
        """The capacity index whose nodes were counted (a new one: nodes came or went)."""
        self.on_node: dict[str, Counter[int]] = {}
        """Node name → id(template) → how many of its pods are bound there."""
        self.nodes_of: dict[int, dict[str, int]] = {}
        """id(template) → node name → how many (the same counts, the other way round)."""
        self.templates: dict[int, PodTemplate] = {}
        self.repelling: set[int] = set()
        """Bound templates with required anti-affinity, which any pod must ask."""
        self.aggregates: dict[object, Aggregate] = {}
        """The plugins' aggregates, by their own keys; dropped on every rebuild."""
        self._matches: dict[tuple[int, int], tuple[LabelSelector, PodTemplate, bool]] = {}
        self._held: list[PodTemplate] = []
        self.generation = 0
        """Moves on every rebuild: aggregates fetched before it are gone."""

    def reset(self, state: ClusterState) -> None:
        """Count afresh at the next ``sync`` (pods moved in ways no log shows)."""
        self.state = state
        self._fresh = False

    def follow(self, state: ClusterState) -> None:
        """A new cycle: the counts carry on (they follow every bind and deleted pod) while
        they are of this state's nodes and not bloated by templates long gone."""
        templates = len(self.templates)
        if (
            state is not self.state
            or state.index is not self._index
            or templates > 4 * len(state.replicasets) + 64
        ):
            self.reset(state)
        elif self._fresh:
            self.sync()  # read the node log now, before binds cut it past where the counts read

    def sync(self) -> ClusterState:
        """Bring the counts up to date with the state's pods; returns the state."""
        state = self.state
        assert state is not None
        log = state.bound
        if not self._fresh or (log is self._log and len(log) < self._seen):
            self._rebuild(state)
            return state
        if log is not self._log:  # a new pass's binds: the rest of the last one's first
            self._replay(state, self._log[self._seen :] if self._log is not None else [])
            self._log, self._seen = log, 0
        if len(log) > self._seen:
            self._replay(state, log[self._seen :])
            self._seen = len(log)
        if state.pod_deletions != self._deletions:
            changed = state.node_log.since(self._position)
            if changed is None or not changed <= state.nodes.keys():
                self._rebuild(state)
                return state
            for name in sorted(changed):
                self._recount(state.nodes[name])
            self._deletions = state.pod_deletions
        self._position = state.node_log.end
        return state

    def _replay(self, state: ClusterState, binds: list[tuple[str, list[PodRecord]]]) -> None:
        nodes = state.nodes
        for where, pods in binds:
            self._add(nodes[where], pods[0].template, len(pods))

    def _recount(self, node: NodeRecord) -> None:
        """Count the node's pods again; what differs (deleted pods) moves every aggregate."""
        known = self.on_node.get(node.name, Counter())
        of = {id(p.template): p.template for p in node.pods.values()}
        now = Counter(map(id, map(_template, node.pods.values())))
        for key in sorted(known.keys() | now.keys()):
            delta = now[key] - known[key]
            if delta:
                self._add(node, of.get(key) or self.templates[key], delta)

    def _rebuild(self, state: ClusterState) -> None:
        self._fresh, self._log, self._seen = True, state.bound, len(state.bound)
        self._deletions, self._position = state.pod_deletions, state.node_log.end
        self._index = state.index
        self.on_node, self.nodes_of, self.templates, self.repelling = {}, {}, {}, set()
        self.aggregates, self._matches, self._held = {}, {}, []
        self.generation += 1
        for name, node in state.nodes.items():
            pods = node.pods.values()
            if not pods:
                continue
            templates = list(map(_template, pods))
            ids = list(map(id, templates))
            counts = Counter(ids)
            self.on_node[name] = counts
            of = dict(zip(ids, templates, strict=True))
            for key, count in counts.items():
                self._know(of[key])
                self.nodes_of.setdefault(key, {})[name] = count

    def _add(self, node: NodeRecord, template: PodTemplate, count: int) -> None:
        """``count`` pods of the template more on the node (fewer, if negative)."""
        key = self._know(template)
        on_node = self.on_node.setdefault(node.name, Counter())
        on_node[key] += count
        where = self.nodes_of.setdefault(key, {})
        where[node.name] = where.get(node.name, 0) + count
        if count < 0 and not where[node.name]:  # none left there: no entry, as a rebuild
            del where[node.name], on_node[key]
        for aggregate in self.aggregates.values():
            aggregate.add(node, template, count)

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
