"""The façade's bookkeeping: a rule group on the clock, the scenario's own group, intervals."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from kubeloop.core.clock import PeriodicTask
from kubeloop.errors import FixtureError, InvalidSpecError
from kubeloop.telemetry.rules.alerting import FIRING, INACTIVE, PENDING, AlertingRule
from kubeloop.telemetry.rules.group import RuleFailure, RuleGroup
from kubeloop.telemetry.rules.loader import load_rule_text
from kubeloop.telemetry.rules.model import GroupSpec
from kubeloop.telemetry.slo import to_yaml
from kubeloop.telemetry.span.replay import Replay


@dataclass
class Scheduled:
    """A rule group, the clock task evaluating it, and what its evaluations left."""

    group: RuleGroup
    task: PeriodicTask | None = None
    adhoc: bool = False  # the group of rules a scenario declared one by one
    replays: list[Replay] = field(default_factory=list)
    alert_names: list[str] = field(default_factory=list)
    failures: list[RuleFailure] = field(default_factory=list)


def scenario_group(rules: list[dict[str, object]]) -> GroupSpec:
    """The group of the rules a scenario declared one by one, validated as a rule file."""
    text = to_yaml([{"name": "scenario", "rules": rules}])
    try:
        loaded = load_rule_text(text, "<scenario>")
    except FixtureError as error:  # the YAML is ours: report only what is wrong
        raise InvalidSpecError("; ".join(p.message for p in error.problems)) from None
    return loaded.groups[0]


def combined_state(rules: Iterable[AlertingRule]) -> str:
    """firing if any of the rules fires, else pending if one is pending, else inactive."""
    states = {r.state() for r in rules}
    return FIRING if FIRING in states else PENDING if PENDING in states else INACTIVE


def note_states(
    names: list[str],
    by_name: dict[str, list[AlertingRule]],
    timelines: dict[str, list[tuple[int, str]]],
    now: int,
) -> None:
    """Record in each alert's timeline the state its rules are in now, if it changed; an
    alert whose rules carry severities (an SLO's page and ticket) also gets one timeline per
    severity, under ``severity_key`` (never an alert name: "/" is not allowed in one)."""
    for name in names:
        rules = by_name[name]
        _note(timelines, name, combined_state(rules), now)
        severities = {_severity(rule) for rule in rules} - {""}
        if len(severities) > 1:
            for severity in sorted(severities):
                state = combined_state([r for r in rules if _severity(r) == severity])
                _note(timelines, severity_key(name, severity), state, now)


def severity_key(name: str, severity: str) -> str:
    return f"{name}/{severity}"


def _severity(rule: AlertingRule) -> str:
    labels = dict(rule.spec.labels)
    return str(labels.get("sloth_severity") or labels.get("severity") or "")


def _note(timelines: dict[str, list[tuple[int, str]]], key: str, state: str, now: int) -> None:
    timeline = timelines.setdefault(key, [(now, INACTIVE)])
    if timeline[-1][1] != state:
        timeline.append((now, state))


def checked_interval(seconds: int, what: str) -> int:
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not 0 < seconds <= 86_400:
        raise InvalidSpecError(f"the {what} interval must be 1 second to 1 day, not {seconds!r}")
    return seconds


def severity_state(rules: Iterable[AlertingRule], slo: str, severity: str) -> str:
    """The state of an SLO's generated alerts of one severity (``sloth_severity``)."""
    states = {
        a.state
        for rule in rules
        if dict(rule.spec.labels).get("sloth_severity") == severity
        for a in rule.alerts()
        if a.labels.get("sloth_slo") == slo
    }
    return FIRING if FIRING in states else PENDING if PENDING in states else INACTIVE
