"""A node group: its spec (the template every node it makes is stamped from, min and max),
the engine's record of the nodes it owns, and the frozen view users get.

A cloud provider's node group (an ASG, a MIG, a node pool) in miniature: the template is
the node CA simulates when it asks "would a new node of this group fit the pod?"
(``TemplateNodeInfo`` upstream). ``cpu``/``memory``/``pods`` are the template's
allocatable, which the scheduler's filters read; ``capacity_cpu``/``capacity_memory``
default to them and feed the least-waste expander, which reads capacity as upstream does.
Nodes a group creates are named ``<group>-1``, ``<group>-2``, … from a counter that never
goes back (a name already taken in the cluster is skipped), and belong to it for good.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from kubeloop.cluster import arguments
from kubeloop.cluster.affinity import HOSTNAME
from kubeloop.cluster.defaults import DEFAULT_MAX_PODS, DEFAULT_NODE_CPU, DEFAULT_NODE_MEMORY
from kubeloop.cluster.names import validate_name
from kubeloop.cluster.nodes import Node, NodeRecord
from kubeloop.cluster.taints import Taint
from kubeloop.cluster.validation import check_labels
from kubeloop.core.quantity import cpu_millis, memory_bytes
from kubeloop.errors import InvalidQuantityError, InvalidSpecError

MAX_GROUP_SIZE = 10_000
"""The largest maxSize kubeloop accepts (every node is simulated, so size is bounded)."""
MAX_GROUP_NAME = 63
"""Node names are ``<group>-<n>``: the group name leaves room for the counter."""


@dataclass(frozen=True)
class NodeGroup:
    """A group of identical nodes the cluster autoscaler may grow and shrink.

    ``initial_size`` nodes (default ``min_size``) exist, Ready, as soon as the group is
    added — the group was there before the scenario began.
    """

    name: str
    min_size: int = 0
    max_size: int = 10
    cpu: str | int | float = DEFAULT_NODE_CPU
    memory: str | int | float = DEFAULT_NODE_MEMORY
    pods: int = DEFAULT_MAX_PODS
    labels: Mapping[str, str] = field(default_factory=dict)
    taints: Sequence[Taint] = ()
    capacity_cpu: str | int | float | None = None
    capacity_memory: str | int | float | None = None
    initial_size: int | None = None

    def __post_init__(self) -> None:
        validate_name("node group", self.name)
        where = f'node group "{self.name}"'
        if len(self.name) > MAX_GROUP_NAME:
            raise InvalidSpecError(f"{where}: the name must be at most {MAX_GROUP_NAME} characters")
        arguments.whole(self.min_size, f"{where}: min size", high=MAX_GROUP_SIZE)
        arguments.whole(self.max_size, f"{where}: max size", high=MAX_GROUP_SIZE)
        if self.min_size > self.max_size:
            raise InvalidSpecError(
                f"{where}: min size {self.min_size} is above max size {self.max_size}; "
                "min must be at most max"
            )
        initial = self.min_size if self.initial_size is None else self.initial_size
        arguments.whole(initial, f"{where}: initial size", high=MAX_GROUP_SIZE)
        if not self.min_size <= initial <= self.max_size:
            raise InvalidSpecError(
                f"{where}: initial size {initial} must be between min size {self.min_size} "
                f"and max size {self.max_size}"
            )
        object.__setattr__(self, "initial_size", initial)
        arguments.whole(self.pods, f"{where}: pods", high=arguments.INT32_MAX)
        try:
            cpu, memory = cpu_millis(self.cpu), memory_bytes(self.memory)
            cap_cpu = cpu if self.capacity_cpu is None else cpu_millis(self.capacity_cpu)
            cap_memory = (
                memory if self.capacity_memory is None else memory_bytes(self.capacity_memory)
            )
        except InvalidQuantityError as error:
            raise InvalidQuantityError(f"{where}: {error}") from None
        if cpu <= 0 or memory <= 0:
            raise InvalidSpecError(
                f"{where}: the template needs some allocatable cpu and memory (least-waste and "
                "utilization divide by them)"
            )
        if cap_cpu < cpu or cap_memory < memory:
            raise InvalidSpecError(f"{where}: capacity must be at least allocatable")
        labels = check_labels(self.labels, f"{where}: labels")
        object.__setattr__(self, "labels", MappingProxyType(labels))
        object.__setattr__(
            self, "taints", arguments.instances(self.taints, Taint, f"{where}: taints")
        )

    @property
    def allocatable(self) -> tuple[int, int]:
        """(cpu millicores, memory bytes) the scheduler sees on each node."""
        return cpu_millis(self.cpu), memory_bytes(self.memory)

    @property
    def capacity(self) -> tuple[int, int]:
        """(cpu millicores, memory bytes) least-waste divides by."""
        cpu, memory = self.allocatable
        return (
            cpu if self.capacity_cpu is None else cpu_millis(self.capacity_cpu),
            memory if self.capacity_memory is None else memory_bytes(self.capacity_memory),
        )

    def node(self, name: str) -> Node:
        """The node this group makes under ``name`` (its hostname label is its own name)."""
        labels = {k: v for k, v in self.labels.items() if k != HOSTNAME}
        return Node(
            name,
            cpu=self.cpu,
            memory=self.memory,
            pods=self.pods,
            labels=labels,
            taints=tuple(self.taints),
        )


def template_node(group: NodeGroup, name: str) -> NodeRecord:
    """A fresh, empty, Ready node of the group, for simulation only (``name`` may be one no
    real node can have)."""
    cpu, memory = group.allocatable
    labels = {k: v for k, v in group.labels.items() if k != HOSTNAME}
    return NodeRecord(name, cpu, memory, group.pods, labels, tuple(group.taints))


@dataclass(frozen=True, slots=True)
class UpcomingNode:
    """A node the group is provisioning: it joins, Ready, at ``ready_at``."""

    name: str
    ready_at: int


@dataclass(eq=False)
class NodeGroupRecord:
    """A group and the nodes it owns: registered ones and those still provisioning."""

    spec: NodeGroup
    nodes: set[str] = field(default_factory=set)
    upcoming: list[UpcomingNode] = field(default_factory=list)
    counter: int = 0

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def target_size(self) -> int:
        """What the cloud provider has been asked for: registered plus provisioning."""
        return len(self.nodes) + len(self.upcoming)

    def next_name(self, taken: Mapping[str, object]) -> str:
        """``<group>-<n>``, the counter moving past names already taken."""
        upcoming = {u.name for u in self.upcoming}
        while True:
            self.counter += 1
            name = f"{self.name}-{self.counter}"
            if name not in taken and name not in upcoming:
                return name


@dataclass(frozen=True, slots=True)
class NodeGroupInfo:
    """A node group as ``kubectl get`` on its cloud resource would show it."""

    name: str
    min_size: int
    max_size: int
    target_size: int
    nodes: tuple[str, ...]
    """Registered nodes, by name."""
    upcoming: tuple[UpcomingNode, ...]
    """Nodes being provisioned, oldest first."""
    spec: NodeGroup

    @property
    def size(self) -> int:
        """Registered nodes (the nodes ``kubectl get nodes`` lists for the group)."""
        return len(self.nodes)


def group_info(record: NodeGroupRecord) -> NodeGroupInfo:
    spec = record.spec
    return NodeGroupInfo(
        spec.name,
        spec.min_size,
        spec.max_size,
        record.target_size,
        tuple(sorted(record.nodes)),
        tuple(record.upcoming),
        spec,
    )
