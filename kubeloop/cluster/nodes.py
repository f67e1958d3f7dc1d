"""A node: its spec and defaults, the engine's record with running totals, and its view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from kubeloop.cluster import arguments
from kubeloop.cluster.defaults import DEFAULT_MAX_PODS, DEFAULT_NODE_CPU, DEFAULT_NODE_MEMORY
from kubeloop.cluster.names import validate_name
from kubeloop.cluster.taints import Taint
from kubeloop.cluster.validation import check_labels
from kubeloop.core.quantity import cpu_millis, memory_bytes
from kubeloop.errors import InvalidQuantityError, InvalidSpecError

if TYPE_CHECKING:
    from kubeloop.cluster.pods import PodRecord

_NO_LABELS: Mapping[str, str] = MappingProxyType({})
"""Shared by every node without labels (read-only, so sharing is safe)."""


@dataclass(frozen=True, slots=True)
class Node:
    """A worker node. ``cpu`` and ``memory`` are its allocatable resources.

    Quantities are Kubernetes strings ("4", "500m", "8Gi") or numbers (cores, bytes).
    """

    name: str
    cpu: str | int | float = DEFAULT_NODE_CPU
    memory: str | int | float = DEFAULT_NODE_MEMORY
    pods: int = DEFAULT_MAX_PODS
    labels: Mapping[str, str] = field(default_factory=dict)
    taints: Sequence[Taint] = ()
    unschedulable: bool = False

    def __post_init__(self) -> None:
        validate_name("node", self.name)
        try:
            cpu_millis(self.cpu)
            memory_bytes(self.memory)
        except InvalidQuantityError as error:
            raise InvalidQuantityError(f'node "{self.name}": {error}') from None
        where = f'node "{self.name}"'
        if not isinstance(self.pods, int) or isinstance(self.pods, bool) or self.pods < 0:
            raise InvalidSpecError(f"{where}: pods must be a non-negative integer")
        arguments.whole(self.pods, f"{where}: pods")
        arguments.flag(self.unschedulable, f"{where}: unschedulable")
        labels = check_labels(self.labels, f"{where}: labels")
        object.__setattr__(self, "labels", MappingProxyType(labels) if labels else _NO_LABELS)
        object.__setattr__(
            self, "taints", arguments.instances(self.taints, Taint, f"{where}: taints")
        )

    @property
    def cpu_millis(self) -> int:
        return cpu_millis(self.cpu)

    @property
    def memory_bytes(self) -> int:
        return memory_bytes(self.memory)


@dataclass(slots=True, eq=False)
class NodeRecord:
    """A node and its running totals (kept in step by ``ClusterState``)."""

    name: str
    cpu: int
    memory: int
    max_pods: int
    labels: Mapping[str, str]
    """Never changed in place: replaced whole when the node is relabelled."""
    taints: tuple[Taint, ...]
    """Replaced, never changed in place, so an empty one is the shared ``()``."""
    unschedulable: bool = False
    ready: bool = True
    allocated_cpu: int = 0
    allocated_memory: int = 0
    scoring_cpu: int = 0
    scoring_memory: int = 0
    pods: dict[str, PodRecord] = field(default_factory=dict)
    not_ready_since: int | None = None

    @classmethod
    def from_spec(cls, node: Node) -> NodeRecord:
        """The record of a new node. A large cluster makes one per node, so it
        shares the spec's read-only labels and taints rather than copying them: each record
        is two objects the collector tracks (itself and its pods), not four."""
        return cls(
            node.name,
            cpu_millis(node.cpu),
            memory_bytes(node.memory),
            node.pods,
            node.labels,
            tuple(node.taints),
            node.unschedulable,
        )

    @property
    def free_cpu(self) -> int:
        return self.cpu - self.allocated_cpu

    @property
    def free_memory(self) -> int:
        return self.memory - self.allocated_memory

    @property
    def free_pods(self) -> int:
        return self.max_pods - len(self.pods)

    @property
    def schedulable(self) -> bool:
        """Pod-independent filters: ready and not cordoned."""
        return self.ready and not self.unschedulable


@dataclass(frozen=True, slots=True)
class NodeInfo:
    name: str
    cpu: int
    memory: int
    max_pods: int
    allocated_cpu: int
    allocated_memory: int
    pods: tuple[str, ...]
    ready: bool
    unschedulable: bool
    taints: tuple[Taint, ...]
    labels: Mapping[str, str]
    """Read-only (a ``MappingProxyType``)."""

    @property
    def free_cpu(self) -> int:
        return self.cpu - self.allocated_cpu

    @property
    def free_memory(self) -> int:
        return self.memory - self.allocated_memory


def node_info(n: NodeRecord) -> NodeInfo:
    return NodeInfo(
        n.name,
        n.cpu,
        n.memory,
        n.max_pods,
        n.allocated_cpu,
        n.allocated_memory,
        tuple(n.pods),
        n.ready,
        n.unschedulable,
        tuple(n.taints),
        MappingProxyType(dict(n.labels)),
    )
