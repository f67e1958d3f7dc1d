"""Alerting rules, evaluated exactly as Prometheus' rules/alerting.go ``Eval`` does.

At each evaluation time ``ts`` (all times in milliseconds):

1. Query ``expr`` at ``ts - query_offset``; on an error nothing changes.
2. Each result sample becomes alert labels: sample labels minus ``__name__``, the rule's
   (templated) labels over them, then ``alertname``; two samples with the same alert labels
   are an error. Annotations are templated too.
3. A new label set (or one whose previous alert is inactive) starts ``pending`` with
   ``active_at = ts``; an existing pending/firing alert keeps ``active_at`` and only takes
   the new value and annotations.
4. An alert absent from the result: a firing one with ``keep_firing_for`` > 0 keeps firing
   while ``ts - keep_firing_since < keep_firing_for``; a pending one is deleted; a resolved
   one older than 15 minutes (strictly) is deleted; otherwise it becomes ``inactive`` with
   ``resolved_at = ts``.
5. ``pending`` turns ``firing`` once ``ts - active_at >= for``; a firing alert whose
   ``for`` grew past its age drops back to pending.
6. Every pending/firing alert writes ``ALERTS{…, alertstate}`` = 1 and
   ``ALERTS_FOR_STATE{…}`` = active_at in Unix seconds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from kubeloop.telemetry.rules.model import RuleSpec
from kubeloop.telemetry.rules.query import RuleEvalError, query, template_query
from kubeloop.telemetry.rules.template_exec import TemplateData, execute
from kubeloop.telemetry.rules.templates import TemplateError
from kubeloop.telemetry.series import Labels, SeriesStore

RESOLVED_RETENTION_MS = 15 * 60 * 1000
INACTIVE, PENDING, FIRING = "inactive", "pending", "firing"


@dataclass(frozen=True)
class Alert:
    """One alert instance of a rule (a snapshot)."""

    labels: Labels
    annotations: tuple[tuple[str, str], ...]
    state: str
    value: float
    active_at: int
    fired_at: int | None = None
    resolved_at: int | None = None
    keep_firing_since: int | None = None

    @property
    def annotations_dict(self) -> dict[str, str]:
        return dict(self.annotations)


@dataclass(frozen=True)
class EvalContext:
    """What a rule needs besides its store: external labels and URL, the query offset."""

    external_labels: tuple[tuple[str, str], ...] = ()
    external_url: str = ""
    query_offset_ms: int = 0
    limit: int = 0


class AlertingRule:
    """An ``alert:`` rule and the alerts it keeps, keyed by their label sets."""

    def __init__(self, spec: RuleSpec) -> None:
        if spec.kind != "alert":
            raise ValueError(f"{spec.name} is not an alerting rule")
        self.spec = spec
        self._active: dict[Labels, Alert] = {}
        self.last_error: str | None = None
        self.template_errors: list[str] = []

    @property
    def name(self) -> str:
        return self.spec.name

    def alerts(self) -> tuple[Alert, ...]:
        """Every alert kept, resolved ones included, sorted by labels."""
        return tuple(self._active[k] for k in sorted(self._active))

    def active_alerts(self) -> tuple[Alert, ...]:
        """Pending and firing alerts (``ActiveAlerts``: not resolved)."""
        return tuple(a for a in self.alerts() if a.resolved_at is None)

    def state(self) -> str:
        states = {a.state for a in self._active.values()}
        return FIRING if FIRING in states else PENDING if PENDING in states else INACTIVE

    def eval(self, store: SeriesStore, ts: int, ctx: EvalContext) -> list[tuple[Labels, float]]:
        """One evaluation at ``ts``; returns the ALERTS/ALERTS_FOR_STATE samples to write."""
        try:
            result = query(self.spec.parsed, store, ts - ctx.query_offset_ms)
        except RuleEvalError as error:
            self.last_error = error.message
            raise
        return self.apply(result, ts, ctx, store)

    def apply(
        self,
        result: list[tuple[Labels, float]],
        ts: int,
        ctx: EvalContext,
        store: SeriesStore | None = None,
    ) -> list[tuple[Labels, float]]:
        """Steps 2–6 for a query ``result`` at ``ts`` (``store`` serves template queries)."""
        self.template_errors = []
        try:
            fresh = self._candidates(result, store, ts, ctx)
        except RuleEvalError as error:
            self.last_error = error.message
            raise
        for key, alert in fresh.items():
            old = self._active.get(key)
            if old is not None and old.state != INACTIVE:
                self._active[key] = replace(old, value=alert.value, annotations=alert.annotations)
            else:
                self._active[key] = alert
        out: list[tuple[Labels, float]] = []
        for key in sorted(self._active):
            alert = self._active[key]
            if key not in fresh:
                keep = False
                if alert.state == FIRING and self.spec.keep_firing_for_ms > 0:
                    if alert.keep_firing_since is None:
                        alert = replace(alert, keep_firing_since=ts)
                    keep = ts - alert.keep_firing_since < self.spec.keep_firing_for_ms  # type: ignore[operator]
                expired = alert.resolved_at is not None and (
                    ts - alert.resolved_at > RESOLVED_RETENTION_MS
                )
                if alert.state == PENDING or expired:
                    del self._active[key]
                    continue
                if alert.state != INACTIVE and not keep:
                    alert = replace(alert, state=INACTIVE, resolved_at=ts)
                self._active[key] = alert
                if not keep:
                    continue
            else:
                alert = replace(alert, keep_firing_since=None)
            if alert.state == PENDING and ts - alert.active_at >= self.spec.for_ms:
                alert = replace(alert, state=FIRING, fired_at=ts)
            if alert.state == FIRING and ts - alert.active_at < self.spec.for_ms:
                alert = replace(alert, state=PENDING, fired_at=None, keep_firing_since=None)
            self._active[key] = alert
            out.extend(self._samples(alert, ts - ctx.query_offset_ms))
        if ctx.limit > 0 and len(out) // 2 > ctx.limit:
            count = len(out) // 2
            self._active = {}
            self.last_error = f"exceeded limit of {ctx.limit} with {count} alerts"
            raise RuleEvalError(self.last_error)
        self.last_error = None
        return out

    def _candidates(
        self,
        result: list[tuple[Labels, float]],
        store: SeriesStore | None,
        ts: int,
        ctx: EvalContext,
    ) -> dict[Labels, Alert]:
        templates = self.spec.templates or {"labels": {}, "annotations": {}}
        external = dict(ctx.external_labels)
        fresh: dict[Labels, Alert] = {}
        for sample_labels, value in result:
            data = TemplateData(
                labels=sample_labels.as_dict(),
                external_labels=external,
                external_url=ctx.external_url,
                value=value,
                ts_ms=ts,
                query=None if store is None else template_query(store, ts),
            )
            labels = sample_labels.without("__name__")
            expanded = {
                k: self._expand(templates["labels"], k, v, data) for k, v in self.spec.labels
            }
            labels = labels.with_(expanded).with_(alertname=self.spec.name)
            annotations = tuple(
                (k, self._expand(templates["annotations"], k, v, data))
                for k, v in self.spec.annotations
            )
            if labels in fresh:
                raise RuleEvalError(
                    "vector contains metrics with the same labelset after applying alert labels"
                )
            fresh[labels] = Alert(labels, annotations, PENDING, value, ts)
        return fresh

    def _expand(self, parsed: dict[str, Any], key: str, text: str, data: TemplateData) -> str:
        nodes = parsed.get(key)
        if nodes is None:
            return text
        try:
            return execute(nodes, data)
        except (TemplateError, RuleEvalError) as error:
            message = f"template: __alert_{self.spec.name}: {error}"
            self.template_errors.append(f"{key}: {message}")
            return f"<error expanding template: {message}>"

    def _samples(self, alert: Alert, t: int) -> list[tuple[Labels, float]]:
        rule_labels = Labels.of(dict(self.spec.labels))
        base = rule_labels.with_(alert.labels.as_dict())
        return [
            (base.with_(__name__="ALERTS", alertname=self.name, alertstate=alert.state), 1.0),
            (
                base.with_(__name__="ALERTS_FOR_STATE", alertname=self.name),
                float(alert.active_at // 1000),
            ),
        ]
