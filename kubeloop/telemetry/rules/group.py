"""Rule groups (rules/group.go ``Eval``): rules run in file order at each evaluation, each
seeing what the rules before it wrote; a series a rule wrote last time but not this time
gets a staleness marker, so it leaves instant queries at once."""

from __future__ import annotations

from dataclasses import dataclass

from kubeloop.telemetry.promql.options import DEFAULT_OPTIONS, QueryOptions
from kubeloop.telemetry.rules.alerting import AlertingRule, EvalContext
from kubeloop.telemetry.rules.model import GroupSpec
from kubeloop.telemetry.rules.query import RuleEvalError
from kubeloop.telemetry.rules.recording import RecordingRule
from kubeloop.telemetry.series import Labels, SeriesStore
from kubeloop.telemetry.series.store import SampleOrderError
from kubeloop.telemetry.span.replay import Replay

Rule = AlertingRule | RecordingRule
DEFAULT_INTERVAL_MS = 60_000


@dataclass(frozen=True)
class RuleFailure:
    """A rule whose evaluation failed at ``ts`` (ms)."""

    rule: str
    ts: int
    error: str
    where: str


class RuleGroup:
    def __init__(self, spec: GroupSpec, default_interval_ms: int = DEFAULT_INTERVAL_MS) -> None:
        self.spec = spec
        self.interval_ms = spec.interval_ms or default_interval_ms
        self.rules: list[Rule] = [
            AlertingRule(r) if r.kind == "alert" else RecordingRule(r) for r in spec.rules
        ]
        self._previous: list[set[Labels]] = [set() for _ in self.rules]
        self.external_labels: tuple[tuple[str, str], ...] = ()
        self.external_url = ""
        self.options: QueryOptions = DEFAULT_OPTIONS

    @property
    def name(self) -> str:
        return self.spec.name

    def alerting_rules(self) -> list[AlertingRule]:
        return [r for r in self.rules if isinstance(r, AlertingRule)]

    def context(self) -> EvalContext:
        return EvalContext(
            self.external_labels,
            self.external_url,
            self.spec.query_offset_ms,
            self.spec.limit,
            self.options,
        )

    def eval(
        self, store: SeriesStore, ts: int, replays: list[Replay] | None = None
    ) -> list[RuleFailure]:
        """Evaluate every rule in order at ``ts``; returns the rules that failed.

        ``replays`` (one per rule) may answer for a rule whose inputs provably repeat."""
        ctx = self.context()
        failures: list[RuleFailure] = []
        for i in range(len(self.rules)):
            replay = None if replays is None else replays[i]
            failure = self.eval_rule(i, store, ts, ctx, replay)
            if failure is not None:
                failures.append(failure)
        return failures

    def eval_rule(
        self, i: int, store: SeriesStore, ts: int, ctx: EvalContext, replay: Replay | None
    ) -> RuleFailure | None:
        """Evaluate rule ``i`` at ``ts`` and write what it gives (a failure writes nothing)."""
        answer = self.answer(i, store, ts, ctx, replay)
        if isinstance(answer, RuleFailure):
            return answer
        self.write(i, store, ts, answer)
        return None

    def answer(
        self, i: int, store: SeriesStore, ts: int, ctx: EvalContext, replay: Replay | None
    ) -> list[tuple[Labels, float]] | RuleFailure:
        """What rule ``i`` gives at ``ts`` (an alert's state moves on), not yet written."""
        rule = self.rules[i]
        try:
            if replay is None:
                return rule.eval(store, ts, ctx)
            return _replayed(rule, replay, store, ts, ctx)
        except RuleEvalError as error:
            return RuleFailure(rule.name, ts, error.message, rule.spec.where)

    def write(
        self, i: int, store: SeriesStore, ts: int, samples: list[tuple[Labels, float]]
    ) -> None:
        """Write rule ``i``'s samples, and staleness markers for the series it wrote last time
        but not this time."""
        stamp = ts - self.spec.query_offset_ms
        written: set[Labels] = set()
        for labels, value in samples:
            if _append(store, labels, stamp, value):
                written.add(labels)
        previous = self._previous[i]
        if previous != written:
            for labels in sorted(previous - written):
                _append(store, labels, stamp, None)
            self._previous[i] = written

    def previous(self, i: int) -> set[Labels]:
        """The series rule ``i`` wrote at its last evaluation."""
        return self._previous[i]


def _replayed(
    rule: Rule, replay: Replay, store: SeriesStore, ts: int, ctx: EvalContext
) -> list[tuple[Labels, float]]:
    """``rule.eval`` with the query's answer replayed when ``replay`` can prove it."""
    result = replay.recall(store, ts)
    if isinstance(rule, AlertingRule):
        if result is None:
            result = rule.query_result(store, ts, ctx)
            replay.remember(ts, result)
        return rule.apply(result, ts, ctx, store)
    if result is None:
        result = rule.eval(store, ts, ctx)
        replay.remember(ts, result)
    else:
        rule.last_error = None
    return result


def _append(store: SeriesStore, labels: Labels, t: int, value: float | None) -> bool:
    """Write one sample, dropping it as Prometheus does when it is out of order."""
    try:
        if value is None:
            store.append_stale(labels, t)
        else:
            store.push(labels, t, value)
    except SampleOrderError:
        return False
    return True
