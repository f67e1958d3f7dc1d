"""What reconcile passes did: each pass's result and the totals it left, kept in order."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from kubeloop.core.events import Event


@dataclass(frozen=True)
class ReconcileResult:
    """What one reconcile pass did. ``changed`` is False for a no-op pass."""

    created: tuple[str, ...] = ()
    deleted: tuple[str, ...] = ()
    scheduled: tuple[str, ...] = ()
    evicted: tuple[str, ...] = ()
    scaled: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()

    @property
    def changed(self) -> bool:
        return bool(self.created or self.deleted or self.scheduled or self.evicted or self.scaled)

    def describe(self) -> str:
        parts = [
            f"{label} {', '.join(names[:8])}{' …' if len(names) > 8 else ''}"
            for label, names in (
                ("created", self.created),
                ("deleted", self.deleted),
                ("scheduled", self.scheduled),
                ("evicted", self.evicted),
                ("scaled", self.scaled),
            )
            if names
        ]
        return "; ".join(parts) if parts else "no change"


@dataclass(frozen=True, slots=True)
class DeploymentTotals:
    total: int
    updated: int
    ready: int
    pending: int


@dataclass(frozen=True)
class PassRecord:
    """The history entry one reconcile pass leaves: when, what it did, and the totals after."""

    number: int
    time: int
    result: ReconcileResult
    deployments: Mapping[str, DeploymentTotals]
    """Read-only: a ``MappingProxyType`` over the totals, by deployment name."""
    running: int
    pending: int
    not_ready_nodes: tuple[str, ...]
