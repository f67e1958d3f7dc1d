"""What reconcile passes did: each pass's result and the totals it left, kept in order.

A long scenario's history is bounded: the latest ``limit`` records are kept in full (a
record stands for a run of passes that changed nothing, so a settled cluster adds none),
and beside them each deployment's extremes over the whole scenario — every new low and
every new high of each of its totals, with the pass that reached it. That is enough to
answer "at no point did …" exactly however long ago it happened, in memory that grows
with the range a deployment's totals cover, not with time.
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING

from kubeloop.cluster.overlay_mapping import OverlayMapping
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


HISTORY_LIMIT = 100
"""Records ``Cluster.history`` keeps by default (each one a pass, or a run of no-op passes)."""
TOTALS = tuple(f.name for f in fields(DeploymentTotals))


@dataclass(frozen=True, slots=True)
class Mark:
    """A value one of a deployment's totals reached, and the first pass that left it there."""

    value: int
    number: int
    """The pass (``PassRecord.number``)."""
    time: int


@dataclass(frozen=True)
class Extent:
    """The range one total covered over the whole scenario: each new low and high, in order."""

    lows: tuple[Mark, ...]
    highs: tuple[Mark, ...]

    @property
    def low(self) -> Mark:
        return self.lows[-1]

    @property
    def high(self) -> Mark:
        return self.highs[-1]

    def first_below(self, value: int) -> Mark | None:
        """The first pass that left the total below ``value`` (None if none did)."""
        return next((mark for mark in self.lows if mark.value < value), None)

    def first_above(self, value: int) -> Mark | None:
        """The first pass that left the total above ``value`` (None if none did)."""
        return next((mark for mark in self.highs if mark.value > value), None)


@dataclass(frozen=True)
class DeploymentExtremes:
    """A deployment's totals over every pass since it first appeared in the history."""

    deployment: str
    total: Extent
    updated: Extent
    ready: Extent
    pending: Extent


_Marks = dict[str, tuple["array[int]", "array[int]"]]
_First = tuple[DeploymentTotals, int, int]


def _spread(totals: DeploymentTotals, number: int, now: int) -> _Marks:
    """A deployment's first totals as the arrays of lows and highs they start."""
    return {
        total: (array("q", mark), array("q", mark))
        for total in TOTALS
        for mark in ((getattr(totals, total), number, now),)
    }


def _marks(flat: array[int]) -> tuple[Mark, ...]:
    return tuple(Mark(*flat[i : i + 3]) for i in range(0, len(flat), 3))


class History:
    """The latest passes' records, built from what changed in each: O(changed deployments).

    Runs right after the status update of the same pass, so each deployment's recorded
    status is current and need not be counted again.
    """

    def __init__(self, limit: int | None = HISTORY_LIMIT) -> None:
        self.records: deque[PassRecord] = deque(maxlen=limit)
        self.passes = 0
        self._totals: OverlayMapping[DeploymentTotals] = OverlayMapping({})
        self._extremes: dict[str, _Marks | _First] = {}
        """By deployment and total: every new low, every new high, as flat (value, pass,
        time) triples (24 bytes a mark: a day of 150 autoscaled deployments makes thousands).
        A deployment whose totals have not moved since it was first recorded keeps only
        those totals, the pass and its time: its arrays are made when a total moves."""

    def keep(self, limit: int | None) -> None:
        """Keep the latest ``limit`` records (None: every one); older ones are dropped now."""
        self.records = deque(self.records, maxlen=limit)

    def extremes(self, deployment: str) -> DeploymentExtremes | None:
        """The deployment's extremes so far; None before a pass has recorded it."""
        found = self._extremes.get(deployment)
        if found is None:
            return None
        if isinstance(found, tuple):
            found = _spread(*found)
        extents = {
            total: Extent(_marks(lows), _marks(highs)) for total, (lows, highs) in found.items()
        }
        return DeploymentExtremes(deployment, **extents)

    def _reached(self, changed: Mapping[str, DeploymentTotals], number: int, now: int) -> None:
        extremes = self._extremes
        for name, totals in changed.items():
            marks = extremes.get(name)
            if marks is None:
                extremes[name] = (totals, number, now)
                continue
            if isinstance(marks, tuple):
                marks = extremes[name] = _spread(*marks)
            for total, (lows, highs) in marks.items():
                value = getattr(totals, total)
                if value < lows[-3]:
                    lows.extend((value, number, now))
                elif value > highs[-3]:
                    highs.extend((value, number, now))

    def record(
        self,
        state: ClusterState,
        result: ReconcileResult,
        touched: Iterable[str],
    ) -> PassRecord:
        self.passes += 1
        totals = self._totals_after(state, touched)
        if not result.changed and self._folds(state, totals):
            return self._fold(1, state.clock.now)
        running, pending = len(state.pods) - state.pending_count, state.pending_count
        not_ready = tuple(sorted(state.not_ready_nodes))
        entry = PassRecord(
            self.passes, state.clock.now, result, totals, running, pending, not_ready
        )
        self.records.append(entry)
        return entry

    def _folds(self, state: ClusterState, totals: Mapping[str, DeploymentTotals]) -> bool:
        """Whether a pass that changed nothing and left these totals folds into the last
        record: it changed nothing either, and the totals are the same."""
        last = self.records[-1] if self.records else None
        return (
            last is not None
            and not last.result.changed
            and (last.deployments, last.running, last.pending, last.not_ready_nodes)
            == (
                totals,
                len(state.pods) - state.pending_count,
                state.pending_count,
                tuple(sorted(state.not_ready_nodes)),
            )
        )

    def _fold(self, count: int, until: int) -> PassRecord:
        folded = self.records[-1]
        folded = replace(folded, repeats=folded.repeats + count, until=until)
        self.records[-1] = folded
        return folded

    def folds(self, state: ClusterState) -> bool:
        """Whether a pass now that touched nothing and changed nothing would fold into the
        last record (``quiet.py``)."""
        return self._folds(state, self._totals)

    def idle(self, count: int, until: int) -> None:
        """``count`` passes that touched and changed nothing, the last at ``until``, each of
        which ``folds``: what ``record`` would make of them, without running them."""
        self.passes += count
        self._fold(count, until)

    def _totals_after(
        self, state: ClusterState, touched: Iterable[str]
    ) -> OverlayMapping[DeploymentTotals]:
        """The previous pass's totals with the touched deployments' replaced: a new layer."""
        changed: dict[str, DeploymentTotals] = {}
        deployments, pending_by, before = (
            state.deployments,
            state.pending_by_deployment,
            self._totals,
        )
        for name in touched:
            pods, updated, ready, _ = deployments[name].status
            pending = pending_by[name]
            old = before.get(name)
            if old is None or (old.total, old.updated, old.ready, old.pending) != (
                pods,
                updated,
                ready,
                pending,
            ):
                changed[name] = DeploymentTotals(pods, updated, ready, pending)
        if changed:
            self._totals = OverlayMapping(changed, self._totals)
            self._reached(changed, self.passes, state.clock.now)
        return self._totals
