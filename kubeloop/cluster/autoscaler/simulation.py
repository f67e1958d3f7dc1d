"""CA's ``ClusterSnapshot``: a copy of the cluster's nodes and bound pods that simulation
may change, with ``fork`` (try something) and ``commit`` (keep it).

Nodes are copied only when a simulation writes to one (the live cluster is never touched),
so a fork costs one dict copy. Whether a pod fits a node is answered by the scheduler's own
filter plugins, in their order, stopping at the first that rejects — the same code the
scheduler runs; the plugins that look at other pods (topology spread, inter-pod affinity)
read this snapshot's state, so template and upcoming nodes count as domains as they do in
CA's snapshot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pod_table import PodTable
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler import Scheduler
from kubeloop.cluster.state import ClusterState
from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog


class Snapshot:
    def __init__(
        self,
        scheduler: Scheduler,
        nodes: dict[str, NodeRecord],
        owned: set[str],
        symmetric: bool,
    ) -> None:
        self.scheduler = scheduler
        self.nodes = nodes
        self._owned = owned
        """Nodes copied by this snapshot (or its committed forks): safe to change here."""
        self.symmetric = symmetric
        """Some bound pod has required anti-affinity: every pod asks the topology filters."""
        self._order: list[str] | None = None
        self._state: ClusterState | None = None

    @classmethod
    def of(cls, state: ClusterState) -> Snapshot:
        symmetric = any(
            rs.template.affinity is not None and rs.template.affinity.anti_required and rs.pods
            for rs in state.replicasets.values()
        )
        return cls(Scheduler(), dict(state.nodes), set(), symmetric)

    def fork(self) -> Snapshot:
        return Snapshot(self.scheduler, dict(self.nodes), set(), self.symmetric)

    def commit(self, child: Snapshot) -> None:
        """Keep what ``child`` (a fork of this snapshot) did."""
        self._owned = (self._owned | child._owned) & set(child.nodes)
        self.nodes = child.nodes
        self.symmetric = child.symmetric
        self._order = None
        self._state = None

    # --- reading ---------------------------------------------------------------

    @property
    def order(self) -> list[str]:
        """Node names, sorted: the order simulated placements try nodes in."""
        if self._order is None:
            self._order = sorted(self.nodes)
        return self._order

    def reasons(self, pod: PodRecord, node: NodeRecord) -> tuple[str, ...]:
        """Why ``pod`` may not run on ``node`` — the first failing filter's reasons — or ()."""
        for plugin in self.scheduler.filters:
            status = plugin.filter(pod, node)
            if status is not None:
                return status.reasons
        if self._aware(pod):
            self._prepare()
            for plugin in self.scheduler.topology_filters:
                status = plugin.filter(pod, node)
                if status is not None:
                    return status.reasons
        return ()

    def _aware(self, pod: PodRecord) -> bool:
        return pod.template.placement_aware or self.symmetric

    def _prepare(self) -> None:
        """Point the topology plugins at this snapshot (rebuilt after any change)."""
        if self._state is None:
            state = ClusterState(_CLOCK, _EVENTS)
            state.nodes = self.nodes
            state.pods = PodTable.of(p for n in self.nodes.values() for p in n.pods.values())
            self._state = state
        if self.scheduler.spread.state is not self._state:  # forks share the plugins
            self.scheduler.spread.prepare(self._state)
            self.scheduler.inter_pod.prepare(self._state)

    def first_fit(
        self, pod: PodRecord, candidates: Sequence[str] | None = None, start: int = 0
    ) -> tuple[str | None, int]:
        """The first of ``candidates`` (default: every node by name, from position ``start``)
        the pod fits on, and the position reached; (None, the end) when none fits."""
        order = self.order if candidates is None else candidates
        for i in range(start, len(order)):
            name = order[i]
            if not self.reasons(pod, self.nodes[name]):
                return name, i
        return None, len(order)

    # --- writing ---------------------------------------------------------------

    def _writable(self, name: str) -> NodeRecord:
        node = self.nodes[name]
        if name not in self._owned:
            node = replace(node, pods=dict(node.pods))
            self.nodes[name] = node
            self._owned.add(name)
        return node

    def add_node(self, node: NodeRecord) -> None:
        self.nodes[node.name] = node
        self._owned.add(node.name)
        self._order = None
        self._state = None

    def remove_node(self, name: str) -> list[PodRecord]:
        """Take a node (and its pods) out; returns the pods, to be placed elsewhere."""
        node = self.nodes.pop(name)
        self._owned.discard(name)
        self._order = None
        self._state = None
        return sorted(node.pods.values(), key=lambda p: p.seq)

    def place(self, pod: PodRecord, name: str) -> None:
        """Bind a copy of ``pod`` to node ``name`` in this snapshot."""
        node = self._writable(name)
        placed = pod.copy_on(name)
        node.pods[pod.name] = placed
        template = pod.template
        node.allocated_cpu += template.cpu
        node.allocated_memory += template.memory
        node.scoring_cpu += template.scoring_cpu
        node.scoring_memory += template.scoring_memory
        affinity = template.affinity
        if affinity is not None and affinity.anti_required:
            self.symmetric = True
        self._state = None


_CLOCK = Clock()
_EVENTS = EventLog(_CLOCK)
"""The topology plugins read only nodes and pods; the state they get needs a clock anyway."""
