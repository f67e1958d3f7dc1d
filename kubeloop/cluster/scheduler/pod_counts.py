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
        self.state = state
        self._fresh = False

    def sync(self) -> ClusterState:
        """Bring the counts up to date with the state's pods; returns the state."""
        state = self.state
        assert state is not None
        log = state.bound
        if (
            not self._fresh
            or log is not self._log
            or len(log) < self._seen
            or state.pod_deletions != self._deletions
        ):
            self._rebuild(state)
        elif len(log) > self._seen:
            nodes = state.nodes
            for where, pods in log[self._seen :]:
                self._add(nodes[where], pods[0].template, len(pods))
            self._seen = len(log)
        return state

    def _rebuild(self, state: ClusterState) -> None:
        self._fresh, self._log, self._seen = True, state.bound, len(state.bound)
        self._deletions = state.pod_deletions
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
        key = self._know(template)
        self.on_node.setdefault(node.name, Counter())[key] += count
        where = self.nodes_of.setdefault(key, {})
        where[node.name] = where.get(node.name, 0) + count
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
