"""A Deployment and its ReplicaSets: spec and defaults, the engine's records, and their views."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal, NamedTuple

from kubeloop.cluster import arguments
from kubeloop.cluster.affinity import Affinity, TopologySpreadConstraint
from kubeloop.cluster.defaults import (
    DEFAULT_MAX_SURGE,
    DEFAULT_MAX_UNAVAILABLE,
    DEFAULT_PROGRESS_DEADLINE,
    DEFAULT_REVISION_HISTORY_LIMIT,
    DEFAULT_VERSION,
)
from kubeloop.cluster.int_or_percent import IntOrPercent, is_literal_zero, validate_int_or_percent
from kubeloop.cluster.labels import LabelSelector
from kubeloop.cluster.names import validate_name
from kubeloop.cluster.pods import Container, PodRecord, PodTemplate
from kubeloop.cluster.surge_budget import max_unavailable, resolve_fenceposts
from kubeloop.cluster.taints import Toleration
from kubeloop.cluster.validation import check_labels
from kubeloop.core.clock import Clock
from kubeloop.core.conditions import Condition
from kubeloop.errors import InvalidQuantityError, InvalidSpecError

Strategy = Literal["RollingUpdate", "Recreate"]
MAX_DELAY = 10**7
"""Upper bound on startup delays and minReadySeconds (about four months of logical time)."""


@dataclass(frozen=True)
class Deployment:
    """A Deployment: ``replicas`` pods stamped from one template, rolled out by ``strategy``.

    ``cpu`` and ``memory`` are the requests of its single container; pass
    ``containers`` (and ``init_containers``) instead for several.
    """

    name: str
    replicas: int = 1
    cpu: str | int | float = 0
    memory: str | int | float = 0
    version: str = DEFAULT_VERSION
    max_surge: IntOrPercent = DEFAULT_MAX_SURGE
    max_unavailable: IntOrPercent = DEFAULT_MAX_UNAVAILABLE
    strategy: Strategy = "RollingUpdate"
    revision_history_limit: int = DEFAULT_REVISION_HISTORY_LIMIT
    progress_deadline_seconds: int | None = DEFAULT_PROGRESS_DEADLINE
    containers: Sequence[Container] = ()
    init_containers: Sequence[Container] = ()
    tolerations: Sequence[Toleration] = ()
    node_selector: Mapping[str, str] = field(default_factory=dict)
    labels: Mapping[str, str] = field(default_factory=dict)
    """The pod template's labels; ``{"app": <name>}`` when none are given."""
    selector: LabelSelector | None = None
    """``spec.selector``; by default the template's labels. Must select the template."""
    min_ready_seconds: int = 0
    """A Ready pod counts as available only once Ready for longer than this."""
    startup_seconds: int | None = 0
    """Seconds a started pod takes to become Ready; None: it never does (a failing probe)."""
    affinity: Affinity | None = None
    topology_spread: Sequence[TopologySpreadConstraint] = ()
    priority_class_name: str | None = None
    """The pods' PriorityClass; resolved when each pod is created, as admission does."""
    digest: str | None = None
    """The artifact digest the pods run (``sha256:…``), set when a pipeline artifact rolls
    out; part of the template, so two artifacts of one version are two templates."""
    fenceposts: tuple[int, int] = field(default=(0, 0), init=False, repr=False, compare=False)
    """(surge, maxUnavailable) resolved against ``replicas``; (0, 0) for Recreate. Derived
    once per spec (a scale makes a new spec); every sync and status update reads it."""

    def __post_init__(self) -> None:
        where = f'deployment "{self.name}"'
        validate_name("deployment", self.name)
        if not isinstance(self.replicas, int) or isinstance(self.replicas, bool):
            raise InvalidSpecError(f"{where}: replicas must be an integer, got {self.replicas!r}")
        if self.replicas < 0:
            raise InvalidSpecError(f"{where}: replicas must be greater than or equal to 0")
        arguments.whole(self.replicas, f"{where}: replicas")
        arguments.whole(self.revision_history_limit, f"{where}: revisionHistoryLimit")
        arguments.optional_whole(
            self.progress_deadline_seconds, f"{where}: progressDeadlineSeconds", low=1
        )
        arguments.text(self.version, f"{where}: version", nonempty=True)
        arguments.optional_text(self.digest, f"{where}: digest")
        if self.strategy not in ("RollingUpdate", "Recreate"):
            raise InvalidSpecError(f"{where}: strategy must be RollingUpdate or Recreate")
        validate_int_or_percent(self.max_surge, "maxSurge", where)
        validate_int_or_percent(self.max_unavailable, "maxUnavailable", where, at_most_100=True)
        if (
            self.strategy == "RollingUpdate"
            and is_literal_zero(self.max_surge)
            and is_literal_zero(self.max_unavailable)
        ):
            raise InvalidSpecError(
                f'The Deployment "{self.name}" is invalid: spec.strategy.rollingUpdate.'
                "maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0"
            )
        for value, label in (
            (self.min_ready_seconds, "minReadySeconds"),
            (self.startup_seconds, "startup seconds"),
        ):
            if value is None and label == "startup seconds":
                continue
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_DELAY:
                raise InvalidSpecError(f"{where}: {label} must be a whole number 0..{MAX_DELAY}")
        if self.revision_history_limit < 0:
            raise InvalidSpecError(f"{where}: revisionHistoryLimit must be >= 0")
        if self.progress_deadline_seconds is not None and self.progress_deadline_seconds <= 0:
            raise InvalidSpecError(f"{where}: progressDeadlineSeconds must be > 0")
        if self.containers and (self.cpu or self.memory):
            raise InvalidSpecError(f"{where}: give either cpu/memory or containers, not both")
        for key, kind in (
            ("containers", Container),
            ("init_containers", Container),
            ("tolerations", Toleration),
        ):
            items = arguments.instances(getattr(self, key), kind, f"{where}: {key}")
            object.__setattr__(self, key, items)
        if isinstance(self.topology_spread, str) or not all(
            isinstance(c, TopologySpreadConstraint) for c in self.topology_spread
        ):
            raise InvalidSpecError(f"{where}: topology_spread must be TopologySpreadConstraints")
        object.__setattr__(self, "topology_spread", tuple(self.topology_spread))
        if self.affinity is not None and not isinstance(self.affinity, Affinity):
            raise InvalidSpecError(f"{where}: affinity must be an Affinity")
        selector = check_labels(self.node_selector, f"{where}: node_selector")
        object.__setattr__(self, "node_selector", MappingProxyType(selector))
        labels = check_labels(self.labels, f"{where}: labels") or {"app": self.name}
        object.__setattr__(self, "labels", MappingProxyType(labels))
        if self.priority_class_name is not None:
            validate_name(f"{where}: priorityClassName", self.priority_class_name)
        self._check_selector()
        if self.strategy == "RollingUpdate":
            surge, _ = resolve_fenceposts(self.max_surge, self.max_unavailable, self.replicas)
            unavailable = max_unavailable(self.max_surge, self.max_unavailable, self.replicas)
            object.__setattr__(self, "fenceposts", (surge, unavailable))
        try:
            self.template()
        except InvalidQuantityError as error:
            raise InvalidQuantityError(f"{where}: {error}") from None

    def _check_selector(self) -> None:
        if self.selector is None:
            object.__setattr__(self, "selector", LabelSelector.of(self.labels))
        if not isinstance(self.selector, LabelSelector):
            raise InvalidSpecError(f'deployment "{self.name}": selector must be a LabelSelector')
        if self.selector.empty:
            raise InvalidSpecError(
                f'The Deployment "{self.name}" is invalid: spec.selector: Required value: '
                "empty selector is invalid for deployment"
            )
        if not self.selector.matches(self.labels):
            raise InvalidSpecError(
                f'The Deployment "{self.name}" is invalid: spec.template.metadata.labels: '
                f"Invalid value: {dict(sorted(self.labels.items()))}: `selector` does not "
                "match template `labels`"
            )

    def template(self) -> PodTemplate:
        containers = self.containers or (Container.of("main", self.cpu, self.memory),)
        return PodTemplate(
            version=self.version,
            containers=tuple(containers),
            init_containers=tuple(self.init_containers),
            tolerations=tuple(self.tolerations),
            node_selector=tuple(sorted(self.node_selector.items())),
            labels=tuple(sorted(self.labels.items())),
            startup_seconds=self.startup_seconds,
            affinity=self.affinity,
            topology_spread=tuple(self.topology_spread),
            priority_class_name=self.priority_class_name,
            digest=self.digest,
        )


@dataclass(slots=True, eq=False)
class ReplicaSetRecord:
    """A ReplicaSet: a template, a desired count and the pods it owns (insertion order)."""

    name: str
    deployment: str
    template: PodTemplate
    replicas: int
    revision: int
    seq: int
    desired_annotation: int
    max_annotation: int
    revision_history: tuple[int, ...] = ()
    """Revisions it held before (a rollback gives it a new one), oldest first."""
    pods: dict[str, PodRecord] = field(default_factory=dict)
    ready_count: int = 0
    owner: DeploymentRecord | None = field(default=None, repr=False)
    clock: Clock | None = field(default=None, repr=False)

    @property
    def min_ready_seconds(self) -> int:
        return self.owner.spec.min_ready_seconds if self.owner is not None else 0

    @property
    def available(self) -> int:
        """Pods Ready for longer than minReadySeconds (``IsPodAvailable``, strict)."""
        wait = self.min_ready_seconds
        if wait == 0 or self.clock is None:
            return self.ready_count
        now = self.clock.now
        return sum(
            1
            for p in self.pods.values()
            if p.ready and p.ready_since is not None and p.ready_since + wait < now
        )


class DeploymentCounts(NamedTuple):
    """A deployment's pods right now: all of them, of the new template, ready, available."""

    pods: int
    updated: int
    ready: int
    available: int


@dataclass(slots=True, eq=False)
class DeploymentRecord:
    """A Deployment's spec plus the status the controller keeps."""

    spec: Deployment
    template: PodTemplate
    pod_counter: int = 0
    conditions: dict[str, Condition] = field(default_factory=dict)
    status: DeploymentCounts = field(default_factory=lambda: DeploymentCounts(0, 0, 0, 0))
    """The counts the status update last wrote, as ``.status.replicas`` and friends upstream."""

    @property
    def name(self) -> str:
        return self.spec.name


@dataclass(frozen=True, slots=True)
class ReplicaSetInfo:
    name: str
    deployment: str
    version: str
    replicas: int
    pods: int
    ready: int
    revision: int
    digest: str | None = None
    """The artifact digest of its template (None: a plain version)."""


@dataclass(frozen=True, slots=True)
class DeploymentInfo:
    name: str
    replicas: int
    version: str
    pods: int
    updated: int
    ready: int
    available: int
    revision: int
    strategy: str
    conditions: tuple[Condition, ...]
    surge: int = 0
    """maxSurge resolved against replicas (a percentage rounds up): pods allowed above them."""
    unavailable: int = 0
    """maxUnavailable resolved (rounds down; both zero means one): pods allowed to be unready."""
    digest: str | None = None
    """The artifact digest the template runs (None: a plain version)."""

    def condition(self, type_: str) -> Condition | None:
        return next((c for c in self.conditions if c.type == type_), None)
