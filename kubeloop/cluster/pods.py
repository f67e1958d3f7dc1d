"""A pod: the template it is stamped from, the engine's record of it, and the view users get."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Generic, Self, TypeVar, overload

from kubeloop.cluster import arguments
from kubeloop.cluster.affinity import HOSTNAME, Affinity, TopologySpreadConstraint
from kubeloop.cluster.labels import LabelSelector
from kubeloop.cluster.taints import Toleration, tolerates_unschedulable
from kubeloop.core.quantity import cpu_millis, memory_bytes

T = TypeVar("T")
EVERY_NODE = LabelSelector()
"""The selector of a template without a nodeSelector (selectors are immutable: one serves all)."""


class derived(Generic[T]):
    """``functools.cached_property`` without Python 3.11's per-property lock (3.12 dropped
    it too): each template derives each value once, and thousands of templates take no lock."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> Self: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...
    def __get__(self, instance: object, owner: type | None = None) -> T | Self:
        if instance is None:
            return self
        value = self.func(instance)
        instance.__dict__[self.name] = value  # shadows this descriptor from now on
        return value


@dataclass(frozen=True)
class Container:
    """A container's resource requests (CPU in millicores, memory in bytes)."""

    name: str
    cpu: int = 0
    memory: int = 0

    def __post_init__(self) -> None:
        arguments.text(self.name, "container name")
        limit = 2**63 - 1
        arguments.whole(self.cpu, f'container "{self.name}": cpu (millicores)', high=limit)
        arguments.whole(self.memory, f'container "{self.name}": memory (bytes)', high=limit)

    @classmethod
    def of(cls, name: str, cpu: str | int | float = 0, memory: str | int | float = 0) -> Container:
        return cls(name, cpu_millis(cpu), memory_bytes(memory))


@dataclass(frozen=True)
class PodTemplate:
    """What a Deployment stamps its pods from; equal templates share a ReplicaSet."""

    version: str
    containers: tuple[Container, ...]
    init_containers: tuple[Container, ...] = ()
    tolerations: tuple[Toleration, ...] = ()
    node_selector: tuple[tuple[str, str], ...] = ()
    labels: tuple[tuple[str, str], ...] = field(default=(), repr=False)
    startup_seconds: int | None = field(default=0, repr=False)
    """Seconds from start to Ready (a readiness probe's delay); None: never Ready."""
    affinity: Affinity | None = field(default=None, repr=False)
    topology_spread: tuple[TopologySpreadConstraint, ...] = field(default=(), repr=False)
    priority_class_name: str | None = field(default=None, repr=False)
    """``spec.priorityClassName``: resolved to a priority when each pod is admitted."""
    digest: str | None = field(default=None, repr=False)
    """The artifact digest the pods run; part of the template's identity (and of its hash,
    ``names.template_hash``, when set)."""

    @derived
    def names_hosts(self) -> bool:
        """Selects nodes by ``kubernetes.io/hostname``, which tells every node apart."""
        keys = {k for k, _ in self.node_selector}
        for term in self.affinity.node_required if self.affinity else ():
            keys.update(r.key for r in term.match_expressions)
        return HOSTNAME in keys

    @derived
    def placement_aware(self) -> bool:
        """Placement depends on other pods or on preferences: scheduled one by one, scored."""
        a = self.affinity
        return bool(self.topology_spread) or (
            a is not None and (a.inter_pod or bool(a.node_preferred))
        )

    """The pods' labels (sorted pairs); what disruption budgets and affinity select."""

    @derived
    def label_map(self) -> dict[str, str]:
        return dict(self.labels)

    @derived
    def node_label_selector(self) -> LabelSelector:
        """``spec.nodeSelector``: every pair must be a label of the node."""
        return LabelSelector(self.node_selector) if self.node_selector else EVERY_NODE

    @derived
    def tolerates_cordon(self) -> bool:
        """Tolerates ``node.kubernetes.io/unschedulable:NoSchedule``: may land on cordoned nodes."""
        return tolerates_unschedulable(self.tolerations)

    @derived
    def cpu(self) -> int:
        """Effective CPU request: max(sum of app containers, largest init container)."""
        return self._requests()[0]

    @derived
    def memory(self) -> int:
        return self._requests()[1]

    @derived
    def scoring_cpu(self) -> int:
        """CPU counted by scoring: a container without a request counts as 100m."""
        return self._requests()[2]

    @derived
    def scoring_memory(self) -> int:
        """Memory counted by scoring: a container without a request counts as 200Mi."""
        return self._requests()[3]

    def _requests(self) -> tuple[int, int, int, int]:
        """cpu, memory, scoring_cpu and scoring_memory, derived together and kept, so the
        first read of one answers the other three."""
        found = _requests_of(self.containers, self.init_containers)
        names = ("cpu", "memory", "scoring_cpu", "scoring_memory")
        self.__dict__.update(zip(names, found, strict=True))
        return found


@lru_cache(maxsize=4096)
def _requests_of(
    containers: tuple[Container, ...], init_containers: tuple[Container, ...]
) -> tuple[int, int, int, int]:
    """The effective and scoring requests of these containers. Memoized on the containers'
    values: each deployment's template is its own object, and many deployments of one
    shape derive them once, not once each."""
    cpus = [c.cpu for c in containers]
    memories = [c.memory for c in containers]
    init_cpus = [c.cpu for c in init_containers]
    init_memories = [c.memory for c in init_containers]
    default = 200 * 1024 * 1024
    return (
        max(sum(cpus), *init_cpus, 0),
        max(sum(memories), *init_memories, 0),
        max(sum(c or 100 for c in cpus), *(c or 100 for c in init_cpus), 0),
        max(sum(m or default for m in memories), *(m or default for m in init_memories), 0),
    )


class PodRecord:
    """A pod. ``node`` is None while it is Pending.

    A slotted class rather than a dataclass: a large scale-up stamps all of its pods in
    one call, and each store ``__init__`` makes counts. The fields that
    most pods soon write are slots, set here; the ones few pods ever write (an eviction
    mark, a startup delay, a priority, a nomination) are class-level defaults that a
    pod's own ``__dict__`` shadows once one is written — the dict is made only then.
    """

    __slots__ = (
        "__dict__",
        "created_at",
        "deployment",
        "message",
        "name",
        "node",
        "parked_at",
        "ready",
        "ready_since",
        "replicaset",
        "seq",
        "started_at",
        "template",
    )

    evict_at: int | None = None
    ready_at: int | None = None
    """While starting: when the pod turns Ready (its template's startup delay)."""
    priority: int = 0
    """``spec.priority``, written by admission from the pod's PriorityClass."""
    preemption_policy: str = "PreemptLowerPriority"
    nominated_node: str | None = None
    """``status.nominatedNodeName``: where preemption made room for it."""

    def __init__(
        self,
        name: str,
        deployment: str,
        replicaset: str,
        template: PodTemplate,
        seq: int,
        created_at: int,
    ) -> None:
        self.name = name
        self.deployment = deployment
        self.replicaset = replicaset
        self.template = template
        self.seq = seq
        self.created_at = created_at
        self.node: str | None = None
        self.ready = False
        self.ready_since: int | None = None
        self.message: str | None = None
        self.parked_at = -1
        """When it last failed to schedule (see ``queue/hinted.py``)."""
        self.started_at: int | None = None
        """``status.startTime``: when it was bound and started."""

    def copy_on(self, node: str) -> PodRecord:
        """A copy of this record bound to ``node`` (a what-if snapshot's own pod)."""
        copy = PodRecord(
            self.name, self.deployment, self.replicaset, self.template, self.seq, self.created_at
        )
        copy.ready, copy.ready_since, copy.message = self.ready, self.ready_since, self.message
        copy.parked_at, copy.started_at = self.parked_at, self.started_at
        copy.__dict__.update(self.__dict__)
        copy.node = node
        return copy

    def __repr__(self) -> str:
        return f"PodRecord({self.name!r}, node={self.node!r}, seq={self.seq})"

    @property
    def phase(self) -> str:
        return "Running" if self.node is not None else "Pending"


@dataclass(frozen=True, slots=True)
class Pod:
    """A pod as ``kubectl get pods -o wide`` would show it."""

    name: str
    deployment: str
    node: str | None
    phase: str
    version: str
    ready: bool
    replicaset: str
    cpu: int
    memory: int
    reason: str | None = None
    """Pending pods: the FailedScheduling message."""
    priority: int = 0
    nominated_node: str | None = None
    """Where preemption made room for it (``status.nominatedNodeName``)."""
    digest: str | None = None
    """The artifact digest it runs (``image@sha256:…``), None for a plain version."""


def pod_views(records: Iterable[PodRecord]) -> list[Pod]:
    return [
        Pod(
            p.name,
            p.deployment,
            p.node,
            p.phase,
            p.template.version,
            p.ready,
            p.replicaset,
            p.template.cpu,
            p.template.memory,
            p.message,
            p.priority,
            p.nominated_node,
            p.template.digest,
        )
        for p in records
    ]
