"""The telemetry façade: one store, its scrapes, its rules and its SLOs, on one clock.

Every periodic job is a task on the world's ``Clock``: each service is scraped every
scrape interval (``ORDER_SCRAPE``) and each rule group evaluated every evaluation
interval (``ORDER_EVALUATE``), so at an instant where both fall due a rule sees the
scrape taken at that instant. Groups due together run in the order they were loaded.

``kubeloop.contract.telemetry`` describes it as a Protocol: a learner's engine can stand in.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache, partial

from kubeloop.core.clock import ORDER_EVALUATE, ORDER_SCRAPE, Clock, PeriodicTask
from kubeloop.errors import AlreadyExistsError, InvalidSpecError, NotFoundError
from kubeloop.telemetry.promql import Scalar, Value, Vector, evaluate, parse
from kubeloop.telemetry.promql.ast import Expr
from kubeloop.telemetry.retention import Retention
from kubeloop.telemetry.rules.alerting import INACTIVE, AlertingRule
from kubeloop.telemetry.rules.group import RuleFailure, RuleGroup
from kubeloop.telemetry.rules.loader import load_rule_text
from kubeloop.telemetry.rules.model import RuleFile
from kubeloop.telemetry.scheduled import (
    Scheduled,
    checked_interval,
    combined_state,
    note_states,
    scenario_group,
    severity_key,
    severity_state,
)
from kubeloop.telemetry.series import Labels, SeriesStore
from kubeloop.telemetry.slo.book import SLO, SLOBook, availability
from kubeloop.telemetry.slo.latency import latency
from kubeloop.telemetry.slo.verdict import Verdict
from kubeloop.telemetry.span.leap import leap
from kubeloop.telemetry.span.pace import Pace
from kubeloop.telemetry.span.replay import Replay
from kubeloop.telemetry.span.runs import Runs
from kubeloop.telemetry.timeline import AlertTimeline
from kubeloop.telemetry.traffic import Service

DEFAULT_SCRAPE_INTERVAL = DEFAULT_EVALUATION_INTERVAL = 60  # Prometheus' documented defaults
MAX_QUERIES_KEPT = 50


@lru_cache(maxsize=512)
def _parsed(expr: str) -> Expr:
    """A query's tree, parsed once: the same text is asked again and again (a burn rate at
    every point of the report's chart); the tree is frozen, so sharing it is safe."""
    return parse(expr)


class Telemetry:
    def __init__(
        self,
        clock: Clock | None = None,
        *,
        evaluation_interval: int = DEFAULT_EVALUATION_INTERVAL,
        scrape_interval: int = DEFAULT_SCRAPE_INTERVAL,
    ) -> None:
        self.clock = clock if clock is not None else Clock()
        self.store = SeriesStore()
        self.retention = Retention(self.store)
        self.evaluation_interval = checked_interval(evaluation_interval, "evaluation")
        self.scrape_interval = checked_interval(scrape_interval, "scrape")
        self._scrape_since = self.clock.now
        self._runs = Runs()
        self._pace = Pace()
        self.replay = True
        """Replay rule answers that provably repeat (``span/``); False evaluates every rule
        at every evaluation (the reference the tests compare against)."""
        self._by_name: dict[str, list[AlertingRule]] = {}
        self._services: dict[str, tuple[Service, PeriodicTask]] = {}
        self._groups: list[Scheduled] = []
        self._adhoc: list[dict[str, object]] = []
        self.book = SLOBook(self.load_rules, self.scalar)
        self._timelines: dict[str, list[tuple[int, str]]] = {}
        self.queries: list[tuple[str, int, Value]] = []
        """The instant queries a scenario ran (expression, t seconds, result), for reports."""

    # --- series and queries ---------------------------------------------------------------

    def add_series(
        self, labels: Mapping[str, str], samples: Sequence[tuple[int, float | None]]
    ) -> None:
        """Write samples ``(t ms, value)``; ``None`` is a staleness marker."""
        series = Labels.of(dict(labels))
        for t_ms, value in samples:
            if value is None:
                self.store.append_stale(series, t_ms)
            else:
                self.store.append(series, t_ms, value)

    def query(self, expr: str, at: int | None = None, *, keep: bool = True) -> Value:
        """Evaluate PromQL text at ``at`` seconds (default: now); raises PromQLError.

        ``keep``: remember it among the scenario's queries, for the reports.
        """
        t = self.clock.now if at is None else at
        result = evaluate(_parsed(expr), self.store, t * 1000)
        if keep:
            self.queries = [*self.queries[-(MAX_QUERIES_KEPT - 1) :], (expr, t, result)]
        return result

    def scalar(self, expr: str, at: int | None = None) -> float:
        """A query expected to give one number (a scalar or a one-element vector); NaN if empty."""
        result = self.query(expr, at, keep=False)
        if isinstance(result, Scalar):
            return result.value
        if isinstance(result, Vector) and len(result) <= 1:
            return float(result[0].value) if result else math.nan
        raise InvalidSpecError(f'"{expr}" gives {result}, not one number')

    # --- services -------------------------------------------------------------------------

    def add_service(self, name: str, rate: float, error_ratio: float = 0) -> Service:
        """A service serving ``rate`` requests a second, ``error_ratio`` of them failing."""
        if name in self._services:
            raise AlreadyExistsError(f'a service named "{name}" already exists')
        service = Service(name, rate, error_ratio, start=self.clock.now)
        self._services[name] = (service, self._scrape_task(service))
        return service

    def _scrape_task(self, service: Service) -> PeriodicTask:
        def scrape(now: int) -> None:
            service.scrape(self.store, now)
            self.retention.tick(now * 1000)

        return self.clock.every(
            self.scrape_interval,
            scrape,
            name=f"scrape:{service.name}",
            order=ORDER_SCRAPE,
            leap=self._leap,
        )

    def service(self, name: str) -> Service:
        found = self._services.get(name)
        if found is None:
            raise NotFoundError("service", name, sorted(self._services))
        return found[0]

    def services(self) -> list[str]:
        return sorted(self._services)

    def set_scrape_interval(self, seconds: int) -> None:
        """Scrape every service every ``seconds`` from now on."""
        self.scrape_interval = checked_interval(seconds, "scrape")
        self._scrape_since = self.clock.now
        for name, (service, task) in sorted(self._services.items()):
            task.cancel()
            self._services[name] = (service, self._scrape_task(service))

    # --- rules ----------------------------------------------------------------------------

    def load_rules(self, text: str, filename: str = "<rules>") -> None:
        self._add_file(load_rule_text(text, filename))

    def add_alert(
        self,
        name: str,
        expr: str,
        hold: int = 0,
        labels: Mapping[str, str] | None = None,
        annotations: Mapping[str, str] | None = None,
        keep_firing_for: int = 0,
    ) -> None:
        """One alerting rule, as if written in a rule file (validated the same way)."""
        rule: dict[str, object] = {"alert": name, "expr": expr, "for": f"{hold}s"}
        if keep_firing_for:
            rule["keep_firing_for"] = f"{keep_firing_for}s"
        rule.update(labels={**(labels or {})}, annotations={**(annotations or {})})
        self._add_adhoc(rule)

    def add_recording(self, name: str, expr: str) -> None:
        self._add_adhoc({"record": name, "expr": expr})

    def _add_adhoc(self, rule: dict[str, object]) -> None:
        """Scenario rules form one group, in the order given: a recording rule feeds the
        alerts after it in the same evaluation."""
        rules = [*self._adhoc, rule]
        loaded = scenario_group(rules)
        old = next((g for g in self._groups if g.adhoc), None)
        entry = Scheduled(RuleGroup(loaded, self.evaluation_interval * 1000), adhoc=True)
        if old is not None:
            if old.task is not None:
                old.task.cancel()
            entry.group.rules[: len(old.group.rules)] = old.group.rules
            self._groups[self._groups.index(old)] = entry
        else:
            self._groups.append(entry)
        self._adhoc = rules
        self._add_file(RuleFile("<scenario>", ()))

    def _add_file(self, rules: RuleFile) -> None:
        for spec in rules.groups:
            self._groups.append(Scheduled(RuleGroup(spec, self.evaluation_interval * 1000)))
        for entry in self._groups:
            for rule in entry.group.alerting_rules():
                self._timelines.setdefault(rule.name, [(self.clock.now, INACTIVE)])
        self._schedule()

    def set_evaluation_interval(self, seconds: int) -> None:
        """The default interval of every group that does not set its own."""
        self.evaluation_interval = checked_interval(seconds, "evaluation")
        for entry in self._groups:
            entry.group.interval_ms = entry.group.spec.interval_ms or seconds * 1000
        self._schedule()

    def _schedule(self) -> None:
        groups = self._groups
        self.retention.reaching(
            (r.spec.parsed, g.group.spec.query_offset_ms) for g in groups for r in g.group.rules
        )
        self._by_name = {}
        for rule in self.alerting_rules():
            self._by_name.setdefault(rule.name, []).append(rule)
        for index, entry in enumerate(self._groups):
            group = entry.group
            entry.alert_names = sorted({rule.name for rule in group.alerting_rules()})
            entry.replays = [
                Replay(r.spec.parsed, group.spec.query_offset_ms, group.interval_ms, self._runs)
                for r in group.rules
            ]
            if entry.task is not None:
                entry.task.cancel()
            entry.task = self.clock.every(
                max(1, entry.group.interval_ms // 1000),
                partial(self._evaluate, entry),
                name=f"rules:{index:04d}:{entry.group.name}",
                order=ORDER_EVALUATE,
                leap=self._leap,
            )

    def _evaluate(self, entry: Scheduled, now: int) -> None:
        group = entry.group
        if self.replay:
            services = [service for service, _ in self._services.values()]
            self._runs.update(services, self.scrape_interval, self._scrape_since)
        failed = group.eval(self.store, now * 1000, entry.replays if self.replay else None)
        if failed:
            entry.failures = [*entry.failures, *failed][-100:]
        self.retention.tick(now * 1000)
        note_states(entry.alert_names, self._by_name, self._timelines, now)

    def _leap(self, now: int, horizon: int) -> int:
        """Every scrape and evaluation up to ``horizon`` at once, when provably the same."""
        return leap(self, now, horizon)

    def alerting_rules(self, name: str | None = None) -> list[AlertingRule]:
        rules = [r for e in self._groups for r in e.group.alerting_rules()]
        return [r for r in rules if name is None or r.name == name]

    def alert_names(self) -> list[str]:
        return sorted({r.name for r in self.alerting_rules()})

    def alert_state(self, name: str) -> str:
        """firing if any alert of that name fires, else pending if one is pending, else inactive."""
        return combined_state(self._rules_named(name))

    def timeline(self, name: str) -> AlertTimeline:
        self._rules_named(name)
        return AlertTimeline(name, tuple(self._timelines.get(name, [])))

    def severity_timeline(self, name: str, severity: str) -> AlertTimeline:
        """The state changes of the alert ``name``'s rules of one severity (an SLO's page
        and ticket apart); only the alert's own timeline when its rules have one severity."""
        self._rules_named(name)
        changes = self._timelines.get(severity_key(name, severity))
        return AlertTimeline(name, tuple(changes if changes is not None else ()))

    def rule_failures(self) -> list[RuleFailure]:
        return [f for e in self._groups for f in e.failures]

    def _rules_named(self, name: str) -> list[AlertingRule]:
        rules = self.alerting_rules(name)
        if not rules:
            raise NotFoundError("alert", name, self.alert_names())
        return rules

    # --- SLOs -----------------------------------------------------------------------------

    def add_slo(
        self, name: str, percent: float, period: int, service: str, windows: str = "workbook"
    ) -> SLO:
        """An availability SLO over a service's requests: 5xx responses are the errors."""
        self.service(service)
        return self.book.add(availability(name, percent, period, service), windows)

    def add_latency_slo(
        self,
        name: str,
        percent: float,
        period: int,
        service: str,
        threshold: float,
        windows: str = "workbook",
    ) -> SLO:
        """A latency SLO: PERCENT of the service's requests take at most THRESHOLD seconds
        (a bucket bound of its histogram)."""
        spec = latency(name, percent, period, service, threshold, self.service(service).buckets)
        return self.book.add(spec, windows)

    def load_sloth(self, text: str, filename: str = "<sloth>", windows: str = "workbook") -> None:
        self.book.load_sloth(text, filename, windows)

    def load_openslo(self, text: str, filename: str = "<openslo>") -> None:
        self.book.load_openslo(text, filename)

    def slo(self, name: str) -> SLO:
        return self.book.get(name)

    def slos(self) -> list[str]:
        return self.book.names()

    def burn_rate(self, name: str, window: int, at: int | None = None) -> float:
        return self.book.burn_rate(name, window, at)

    def verdict(self, name: str, at: int | None = None) -> Verdict:
        return self.book.verdict(name, self.clock.now if at is None else at)

    def slo_alert_state(self, name: str, severity: str) -> str:
        """The state of the SLO's generated page or ticket alert."""
        slo = self.slo(name)
        return severity_state(self.alerting_rules(slo.alert), slo.name, severity)
