"""What the cluster keeps of its past, and for how long: events, pass records, extremes.

kube-apiserver deletes an event ``--event-ttl`` (default one hour) after its last update;
``Cluster(event_ttl=…)`` does the same on the logical clock, for the event log the cluster
writes to (its own, or the one it is given). ``history_limit`` bounds ``Cluster.history``
to the latest records, while ``Cluster.extremes`` keeps each deployment's lows and highs
over the whole run, so a day-long scenario stays as small as its first hour.
"""

from __future__ import annotations

from dataclasses import dataclass

from kubeloop.cluster import arguments, lookup
from kubeloop.cluster.history import HISTORY_LIMIT, DeploymentExtremes, History, PassRecord
from kubeloop.cluster.state import ClusterState
from kubeloop.core.events import Event, EventLog

EVENT_TTL = 3600
"""kube-apiserver's ``--event-ttl`` default: one hour."""
MAX_SECONDS = 2**62


@dataclass(frozen=True)
class Retention:
    event_ttl: int | None = EVENT_TTL
    history_limit: int | None = HISTORY_LIMIT


def retention(event_ttl: object, history_limit: object) -> Retention:
    """The checked options: whole numbers from 1, or None to keep everything."""
    return Retention(
        arguments.optional_whole(event_ttl, "event_ttl", low=1, high=MAX_SECONDS),
        arguments.optional_whole(history_limit, "history_limit", low=1, high=MAX_SECONDS),
    )


class RetentionOperations:
    """The event TTL and the history's bound, and what each keeps. A part of the
    ``Cluster`` façade."""

    def __init__(
        self, state: ClusterState, events: EventLog, history: History, kept: Retention
    ) -> None:
        self._state = state
        self._events = events
        self._history = history
        events.expire_after(kept.event_ttl)
        history.keep(kept.history_limit)

    def set_event_ttl(self, seconds: int | None) -> None:
        self._events.expire_after(retention(seconds, None).event_ttl)

    def set_history_limit(self, records: int | None) -> None:
        self._history.keep(retention(None, records).history_limit)

    def events(self) -> list[Event]:
        return self._events.snapshot()

    def event_ttl(self) -> int | None:
        return self._events.ttl

    def history(self) -> list[PassRecord]:
        return list(self._history.records)

    def extremes(self, deployment: str) -> DeploymentExtremes | None:
        lookup.deployment(self._state, deployment)
        return self._history.extremes(deployment)
