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

from dataclasses import dataclass

from kubeloop.telemetry.promql.cached import CachedQuery
from kubeloop.telemetry.promql.options import DEFAULT_OPTIONS, QueryOptions
from kubeloop.telemetry.rules.expander import Expander
from kubeloop.telemetry.rules.model import RuleSpec
from kubeloop.telemetry.rules.query import RuleEvalError, query
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


class _Instance:
    """The mutable record behind an ``Alert`` (``rules.Alert`` in Go)."""

    __slots__ = (
        "active_at",
        "annotations",
        "fired_at",
        "keep_firing_since",
        "labels",
        "resolved_at",
        "state",
        "value",
    )

    def __init__(
        self, labels: Labels, annotations: tuple[tuple[str, str], ...], value: float, ts: int
    ) -> None:
        self.labels = labels
        self.annotations = annotations
        self.state = PENDING
        self.value = value
        self.active_at = ts
        self.fired_at: int | None = None
        self.resolved_at: int | None = None
        self.keep_firing_since: int | None = None

    def view(self) -> Alert:
        return Alert(
            self.labels,
            self.annotations,
            self.state,
            self.value,
            self.active_at,
            self.fired_at,
            self.resolved_at,
            self.keep_firing_since,
        )


@dataclass(frozen=True)
class EvalContext:
    """What a rule needs besides its store: external labels and URL, the query offset."""

    external_labels: tuple[tuple[str, str], ...] = ()
    external_url: str = ""
    query_offset_ms: int = 0
    limit: int = 0
    options: QueryOptions = DEFAULT_OPTIONS


class AlertingRule:
    """An ``alert:`` rule and the alerts it keeps, keyed by their label sets."""

    def __init__(self, spec: RuleSpec) -> None:
        if spec.kind != "alert":
            raise ValueError(f"{spec.name} is not an alerting rule")
        self.spec = spec
        self._query = CachedQuery(spec.parsed)
        self._active: dict[Labels, _Instance] = {}
        self._expander = Expander(spec)
        self._series: dict[tuple[Labels, str], tuple[Labels, Labels]] = {}
        self._rule_labels = Labels.of(dict(spec.labels))
        self.last_error: str | None = None

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def template_errors(self) -> list[str]:
        """Templates that failed at the last evaluation (their value shows the error)."""
        return list(self._expander.errors)

    def alerts(self) -> tuple[Alert, ...]:
        """Every alert kept, resolved ones included, sorted by labels."""
        return tuple(self._active[k].view() for k in sorted(self._active))

    def active_alerts(self) -> tuple[Alert, ...]:
        """Pending and firing alerts (``ActiveAlerts``: not resolved)."""
        return tuple(a for a in self.alerts() if a.resolved_at is None)

    def state(self) -> str:
        states = {a.state for a in self._active.values()}
        return FIRING if FIRING in states else PENDING if PENDING in states else INACTIVE

    def steady(self) -> bool:
        """Whether the same query answer again would change nothing and write the same
        samples: every alert kept fires (none pending, resolved or kept firing past its
        end) and no template can ask the time or a query."""
        return self._expander.pure and all(
            a.state == FIRING and a.keep_firing_since is None for a in self._active.values()
        )

    def eval(self, store: SeriesStore, ts: int, ctx: EvalContext) -> list[tuple[Labels, float]]:
        """One evaluation at ``ts``; returns the ALERTS/ALERTS_FOR_STATE samples to write."""
        return self.apply(self.query_result(store, ts, ctx), ts, ctx, store)

    def query_result(
        self, store: SeriesStore, ts: int, ctx: EvalContext
    ) -> list[tuple[Labels, float]]:
        """Step 1: the query's samples at ``ts``."""
        try:
            return query(self._query, store, ts - ctx.query_offset_ms, ctx.options)
        except RuleEvalError as error:
            self.last_error = error.message
            raise

    def apply(
        self,
        result: list[tuple[Labels, float]],
        ts: int,
        ctx: EvalContext,
        store: SeriesStore | None = None,
    ) -> list[tuple[Labels, float]]:
        """Steps 2–6 for a query ``result`` at ``ts`` (``store`` serves template queries)."""
        fresh: dict[Labels, tuple[tuple[tuple[str, str], ...], float]] = {}
        if not result:  # nothing to template (most evaluations of a quiet alert)
            self._expander.errors = []
        else:
            one = self._expander.begin(
                ts, ctx.external_labels, ctx.external_url, store, ctx.options
            )
        for sample, value in result:
            labels, annotations = one(sample, value)
            if labels in fresh:
                self.last_error = (
                    "vector contains metrics with the same labelset after applying alert labels"
                )
                raise RuleEvalError(self.last_error)
            fresh[labels] = (annotations, value)
        for key, (annotations, value) in fresh.items():
            alert = self._active.get(key)
            if alert is not None and alert.state != INACTIVE:
                alert.value, alert.annotations = value, annotations
            else:
                self._active[key] = _Instance(key, annotations, value, ts)
        hold, keep_for = self.spec.for_ms, self.spec.keep_firing_for_ms
        out: list[tuple[Labels, float]] = []
        for key, alert in list(self._active.items()):
            if key not in fresh:
                keep = False
                if alert.state == FIRING and keep_for > 0:
                    if alert.keep_firing_since is None:
                        alert.keep_firing_since = ts
                    keep = ts - alert.keep_firing_since < keep_for
                expired = alert.resolved_at is not None and (
                    ts - alert.resolved_at > RESOLVED_RETENTION_MS
                )
                if alert.state == PENDING or expired:
                    del self._active[key]
                    continue
                if alert.state != INACTIVE and not keep:
                    alert.state, alert.resolved_at = INACTIVE, ts
                if not keep:
                    continue
            else:
                alert.keep_firing_since = None
            if alert.state == PENDING and ts - alert.active_at >= hold:
                alert.state, alert.fired_at = FIRING, ts
            if alert.state == FIRING and ts - alert.active_at < hold:
                alert.state, alert.fired_at, alert.keep_firing_since = PENDING, None, None
            series, for_state = self._series_labels(alert)
            out.append((series, 1.0))
            out.append((for_state, float(alert.active_at // 1000)))
        if ctx.limit > 0 and len(out) // 2 > ctx.limit:
            count = len(out) // 2
            self._active = {}
            self.last_error = f"exceeded limit of {ctx.limit} with {count} alerts"
            raise RuleEvalError(self.last_error)
        self.last_error = None
        return out

    def _series_labels(self, alert: _Instance) -> tuple[Labels, Labels]:
        """``ALERTS{…, alertstate}`` and ``ALERTS_FOR_STATE{…}``: the rule's raw labels with
        the alert's over them (so a label templated to "" keeps its raw text, as in Go)."""
        key = (alert.labels, alert.state)
        found = self._series.get(key)
        if found is None:
            base = self._rule_labels.with_(alert.labels.as_dict())
            found = (
                base.with_(__name__="ALERTS", alertname=self.name, alertstate=alert.state),
                base.with_(__name__="ALERTS_FOR_STATE", alertname=self.name),
            )
            if len(self._series) >= 100_000:
                self._series.clear()
            self._series[key] = found
        return found
