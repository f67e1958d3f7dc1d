"""What reconcile passes did: each pass's result and the totals it left, kept in order."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from kubeloop.cluster.layered import Layered
from kubeloop.core.events import Event

if TYPE_CHECKING:
    from kubeloop.cluster.state import ClusterState


@dataclass(frozen=True)
class ReconcileResult:
    """What one reconcile pass did. ``changed`` is False for a no-op pass."""

    created: tuple[str, ...] = ()
    deleted: tuple[str, ...] = ()
    scheduled: tuple[str, ...] = ()
    evicted: tuple[str, ...] = ()
    scaled: tuple[str, ...] = ()
    events: Sequence[Event] = ()
    """The events first recorded in the pass, as they stood when it ended."""

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
    """Read-only: the totals by deployment name (layered over the previous record's)."""
    running: int
    pending: int
    not_ready_nodes: tuple[str, ...]
    repeats: int = 1
    """How many passes this entry stands for: passes that change nothing after one that
    changed nothing fold into it, so a settled cluster's history does not grow."""
    until: int | None = None
    """The time of the last pass folded in (None when ``repeats`` is 1)."""


class History:
    """Every pass's record, built from what changed in it: O(changed deployments) a pass.

    Runs right after the status update of the same pass, so each deployment's recorded
    status is current and need not be counted again.
    """

    def __init__(self) -> None:
        self.records: list[PassRecord] = []
        self.passes = 0
        self._totals: Layered[DeploymentTotals] = Layered({})

    def record(
        self,
        state: ClusterState,
        result: ReconcileResult,
        touched: Iterable[str],
    ) -> PassRecord:
        self.passes += 1
        totals = self._totals_after(state, touched)
        not_ready = tuple(sorted(state.not_ready_nodes))
        running, pending = len(state.pods) - state.pending_count, state.pending_count
        last = self.records[-1] if self.records else None
        if (
            last is not None
            and not result.changed
            and not last.result.changed
            and (last.deployments, last.running, last.pending, last.not_ready_nodes)
            == (totals, running, pending, not_ready)
        ):
            folded = replace(last, repeats=last.repeats + 1, until=state.clock.now)
            self.records[-1] = folded
            return folded
        entry = PassRecord(
            self.passes, state.clock.now, result, totals, running, pending, not_ready
        )
        self.records.append(entry)
        return entry

    def _totals_after(
        self, state: ClusterState, touched: Iterable[str]
    ) -> Layered[DeploymentTotals]:
        """The previous pass's totals with the touched deployments' replaced: a new layer."""
        changed: dict[str, DeploymentTotals] = {}
        for name in touched:
            pods, updated, ready, _ = state.deployments[name].status
            entry = DeploymentTotals(pods, updated, ready, state.pending_by_deployment[name])
            if self._totals.get(name) != entry:
                changed[name] = entry
        if changed:
            self._totals = Layered(changed, self._totals)
        return self._totals
