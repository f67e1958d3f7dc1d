"""What the cluster keeps of its past, and for how long: events, pass records, extremes.

kube-apiserver deletes an event ``--event-ttl`` (default one hour) after its last update;
``Cluster(event_ttl=…)`` does the same on the logical clock, for the event log the cluster
writes to (its own, or the one it is given). ``history_limit`` bounds ``Cluster.history``
to the latest records, while ``Cluster.extremes`` keeps each deployment's lows and highs
over the whole run, so a day-long scenario stays as small as its first hour.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kubeloop.cluster import arguments
from kubeloop.cluster.history import HISTORY_LIMIT, DeploymentExtremes, PassRecord
from kubeloop.core.events import Event, EventLog

if TYPE_CHECKING:
    from kubeloop.cluster.deployments import DeploymentRecord
    from kubeloop.cluster.passes import Passes

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
    if TYPE_CHECKING:  # set by Cluster.__init__; kept out of the runtime annotations
        _events: EventLog
        _passes: Passes

        def _deployment(self, name: str) -> DeploymentRecord: ...

    def _retain(self, kept: Retention) -> None:
        self._events.expire_after(kept.event_ttl)
        self._passes.history.keep(kept.history_limit)

    def set_event_ttl(self, seconds: int | None) -> None:
        """Delete events ``seconds`` after their last update from now on (None: keep all)."""
        self._events.expire_after(retention(seconds, None).event_ttl)

    def set_history_limit(self, records: int | None) -> None:
        """Keep the latest ``records`` pass records (None: every one); extremes stay whole."""
        self._passes.history.keep(retention(None, records).history_limit)

    @property
    def events(self) -> list[Event]:
        """The event log as it stands (repeats folded into counts, as kubectl shows them);
        an event ``event_ttl`` seconds past its last update is gone, as the apiserver's is."""
        return self._events.snapshot()

    @property
    def event_ttl(self) -> int | None:
        """Seconds an event lives after its last update (None: events are kept for ever)."""
        return self._events.ttl

    @property
    def history(self) -> list[PassRecord]:
        """The latest pass records, oldest first (at most ``history_limit`` of them)."""
        return list(self._passes.history.records)

    def extremes(self, deployment: str) -> DeploymentExtremes | None:
        """The deployment's lows and highs over every pass so far, each with the first pass
        that reached it (None before a pass has seen the deployment)."""
        self._deployment(deployment)
        return self._passes.history.extremes(deployment)
