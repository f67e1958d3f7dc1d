"""Telemetry → pipeline (→ cluster): an alert that rolls back.

An opt-in rule — "when the SLO "availability" pages, roll back prod", or an alert name —
is checked after every rule evaluation. While the alert fires, the environment is rolled
back to its previous known-good digest once per firing: the first check that sees it firing
acts, later checks of the same firing do nothing (a rollback that still pages must not walk
the history back further), and only a firing that starts after the alert stopped acts again.
The pipeline records the rollback in the environment's history (``how="rollback"``) and its
``RolledBack`` event; this rule adds ``RolledBackByAlert`` (or ``AlertRollbackFailed`` with
the pipeline's reason, e.g. no known-good digest to go back to). With no earlier release
in the environment, the deployment it rolls out to goes back to the version it ran before
the pipeline's first rollout of it, as Argo Rollouts' abort returns to the stable
ReplicaSet (``RolloutLink`` state aborted; what the environment runs stays).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from kubeloop.core.events import EventLog
from kubeloop.errors import InvalidSpecError, KubeloopError

Kind = Literal["slo", "alert"]
Abort = Callable[[str, int], "str | None"]
"""Sends an environment's deployment back to its stable version; that version, or None."""
FIRING = "firing"


@dataclass(frozen=True)
class RollbackRule:
    kind: Kind
    name: str
    """The SLO whose page, or the alert (by alertname), that triggers the rollback."""
    environment: str

    @property
    def subject(self) -> str:
        return f'the SLO "{self.name}" pages' if self.kind == "slo" else f"{self.name} fires"


@dataclass(frozen=True)
class AlertRollback:
    """One rollback a rule made (or tried to make)."""

    time: int
    rule: RollbackRule
    rolled_from: str | None
    rolled_to: str | None
    """None when the pipeline refused (``reason`` says why)."""
    reason: str
    to_stable: str | None = None
    """When the pipeline had no known-good digest to go back to: the version the linked
    deployment went back to, the one it ran before the pipeline's first rollout of it."""

    @property
    def made(self) -> bool:
        """Whether the rollback happened (to a digest, or to the stable version)."""
        return self.rolled_to is not None or self.to_stable is not None


class AlertRollbacks:
    def __init__(self, events: EventLog) -> None:
        self._events = events
        self._rules: list[RollbackRule] = []
        self._acted: set[RollbackRule] = set()
        """Rules that acted on the current firing (cleared when it stops firing)."""
        self.history: list[AlertRollback] = []

    def add(self, kind: Kind, name: str, environment: str) -> RollbackRule:
        if kind not in ("slo", "alert"):
            raise InvalidSpecError(f"a rollback rule watches an slo or an alert, not {kind!r}")
        rule = RollbackRule(kind, name, environment)
        if rule not in self._rules:
            self._rules.append(rule)
        return rule

    @property
    def rules(self) -> tuple[RollbackRule, ...]:
        return tuple(self._rules)

    def check(self, telemetry: Any, pipeline: Any, now: int, abort: Abort | None = None) -> None:
        """Act on every rule whose alert fires and has not acted on this firing yet; ABORT
        (environment, now) sends the environment's deployment back to its stable version
        when the pipeline has no known-good digest to go back to."""
        for rule in self._rules:
            if not self._firing(telemetry, rule):
                self._acted.discard(rule)
            elif rule not in self._acted:
                self._acted.add(rule)
                self._roll_back(pipeline, rule, now, abort)

    @staticmethod
    def firing(telemetry: Any, rule: RollbackRule) -> bool:
        """Whether the rule's page or alert fires; NotFoundError when there is no such one."""
        if rule.kind == "slo":
            return bool(telemetry.slo_alert_state(rule.name, "page") == FIRING)
        return bool(telemetry.alert_state(rule.name) == FIRING)

    def _firing(self, telemetry: Any, rule: RollbackRule) -> bool:
        try:
            return self.firing(telemetry, rule)
        except KubeloopError:
            return False  # removed since the rule was added: nothing fires

    def _roll_back(self, pipeline: Any, rule: RollbackRule, now: int, abort: Abort | None) -> None:
        before = pipeline.running(rule.environment)
        try:
            after = pipeline.rollback(rule.environment)
        except KubeloopError as error:
            stable = abort(rule.environment, now) if abort is not None else None
            if stable is not None:
                self.history.append(AlertRollback(now, rule, before, None, str(error), stable))
                self._events.normal(
                    "RolledBackByAlert",
                    f"environment/{rule.environment}",
                    f"{rule.subject}: {rule.environment} has no earlier release, so its "
                    f"deployment went back to {stable}, the version it ran before the "
                    "pipeline's first rollout of it",
                )
                return
            self.history.append(AlertRollback(now, rule, before, None, str(error)))
            self._events.warning(
                "AlertRollbackFailed",
                f"environment/{rule.environment}",
                f"{rule.subject}, but {rule.environment} cannot roll back: {error}",
            )
            return
        label = pipeline.artifact(after).label
        self.history.append(AlertRollback(now, rule, before, after, ""))
        self._events.normal(
            "RolledBackByAlert",
            f"environment/{rule.environment}",
            f"{rule.subject}: rolled {rule.environment} back to {label}",
        )
