"""The objects a user declares: Node and Deployment (the public contract's inputs)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from kubeloop.errors import InvalidQuantityError, InvalidSpecError
from kubeloop.intstr import validate_int_or_percent
from kubeloop.model import (
    DEFAULT_MAX_PODS,
    Container,
    IntOrPercent,
    PodTemplate,
    Taint,
    Toleration,
)
from kubeloop.quantity import cpu_millis, memory_bytes

_DNS_NAME = re.compile(r"^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$")
Strategy = Literal["RollingUpdate", "Recreate"]


def validate_name(kind: str, name: str) -> None:
    """Names follow Kubernetes' DNS-1123 subdomain rule."""
    if not isinstance(name, str) or not _DNS_NAME.match(name) or len(name) > 253:
        raise InvalidSpecError(
            f'{kind} name "{name}" is invalid: use lower-case letters, digits, "-" and ".", '
            "starting and ending with a letter or digit"
        )


@dataclass(frozen=True)
class Node:
    """A worker node. ``cpu`` and ``memory`` are its allocatable resources.

    Quantities are Kubernetes strings ("4", "500m", "8Gi") or numbers (cores, bytes).
    """

    name: str
    cpu: str | int | float = "4"
    memory: str | int | float = "8Gi"
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
        if not isinstance(self.pods, int) or isinstance(self.pods, bool) or self.pods < 0:
            raise InvalidSpecError(f'node "{self.name}": pods must be a non-negative integer')
        object.__setattr__(self, "labels", dict(self.labels))
        object.__setattr__(self, "taints", tuple(self.taints))

    @property
    def cpu_millis(self) -> int:
        return cpu_millis(self.cpu)

    @property
    def memory_bytes(self) -> int:
        return memory_bytes(self.memory)


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
    version: str = "v1"
    max_surge: IntOrPercent = "25%"
    max_unavailable: IntOrPercent = "25%"
    strategy: Strategy = "RollingUpdate"
    revision_history_limit: int = 10
    progress_deadline_seconds: int | None = 600
    containers: Sequence[Container] = ()
    init_containers: Sequence[Container] = ()
    tolerations: Sequence[Toleration] = ()
    node_selector: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        where = f'deployment "{self.name}"'
        validate_name("deployment", self.name)
        if not isinstance(self.replicas, int) or isinstance(self.replicas, bool):
            raise InvalidSpecError(f"{where}: replicas must be an integer, got {self.replicas!r}")
        if self.replicas < 0:
            raise InvalidSpecError(f"{where}: replicas must be greater than or equal to 0")
        if self.strategy not in ("RollingUpdate", "Recreate"):
            raise InvalidSpecError(f"{where}: strategy must be RollingUpdate or Recreate")
        validate_int_or_percent(self.max_surge, "maxSurge", where)
        validate_int_or_percent(self.max_unavailable, "maxUnavailable", where, at_most_100=True)
        if (
            self.strategy == "RollingUpdate"
            and _literal_zero(self.max_surge)
            and _literal_zero(self.max_unavailable)
        ):
            raise InvalidSpecError(
                f'The Deployment "{self.name}" is invalid: spec.strategy.rollingUpdate.'
                "maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0"
            )
        if self.revision_history_limit < 0:
            raise InvalidSpecError(f"{where}: revisionHistoryLimit must be >= 0")
        if self.progress_deadline_seconds is not None and self.progress_deadline_seconds <= 0:
            raise InvalidSpecError(f"{where}: progressDeadlineSeconds must be > 0")
        if self.containers and (self.cpu or self.memory):
            raise InvalidSpecError(f"{where}: give either cpu/memory or containers, not both")
        if not self.version:
            raise InvalidSpecError(f"{where}: version must not be empty")
        object.__setattr__(self, "containers", tuple(self.containers))
        object.__setattr__(self, "init_containers", tuple(self.init_containers))
        object.__setattr__(self, "tolerations", tuple(self.tolerations))
        object.__setattr__(self, "node_selector", dict(self.node_selector))
        try:
            self.template()
        except InvalidQuantityError as error:
            raise InvalidQuantityError(f"{where}: {error}") from None

    def template(self) -> PodTemplate:
        containers = self.containers or (Container.of("main", self.cpu, self.memory),)
        return PodTemplate(
            version=self.version,
            containers=tuple(containers),
            init_containers=tuple(self.init_containers),
            tolerations=tuple(self.tolerations),
            node_selector=tuple(sorted(self.node_selector.items())),
        )


def _literal_zero(value: IntOrPercent) -> bool:
    return value in (0, "0%")
