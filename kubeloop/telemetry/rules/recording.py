"""Recording rules (rules/recording.go): the query's samples renamed to the rule's name,
with the rule's labels set over them (an empty value removes that label)."""

from __future__ import annotations

from kubeloop.telemetry.promql.cached import CachedQuery
from kubeloop.telemetry.rules.alerting import EvalContext
from kubeloop.telemetry.rules.model import RuleSpec
from kubeloop.telemetry.rules.query import RuleEvalError, query
from kubeloop.telemetry.series import Labels, SeriesStore

MAX_RENAMED = 10_000


class RecordingRule:
    def __init__(self, spec: RuleSpec) -> None:
        if spec.kind != "record":
            raise ValueError(f"{spec.name} is not a recording rule")
        self.spec = spec
        self._query = CachedQuery(spec.parsed)
        self.last_error: str | None = None
        self._labels = dict(spec.labels)
        self._renamed: dict[Labels, Labels] = {}
        """Result labels → the recorded series' labels (the same few, every evaluation)."""

    @property
    def name(self) -> str:
        return self.spec.name

    def eval(self, store: SeriesStore, ts: int, ctx: EvalContext) -> list[tuple[Labels, float]]:
        try:
            result = query(self._query, store, ts - ctx.query_offset_ms, ctx.options)
        except RuleEvalError as error:
            self.last_error = error.message
            raise
        out: list[tuple[Labels, float]] = []
        seen: set[Labels] = set()
        for labels, value in result:
            renamed = self.renamed(labels)
            if renamed in seen:
                self.last_error = (
                    "vector contains metrics with the same labelset after applying rule labels"
                )
                raise RuleEvalError(self.last_error)
            seen.add(renamed)
            out.append((renamed, value))
        if ctx.limit > 0 and len(out) > ctx.limit:
            self.last_error = f"exceeded limit of {ctx.limit} with {len(out)} series"
            raise RuleEvalError(self.last_error)
        self.last_error = None
        return out

    def renamed(self, labels: Labels) -> Labels:
        """The series a query sample is recorded as (the same few, every evaluation)."""
        found = self._renamed.get(labels)
        if found is None:
            found = labels.with_(self._labels).with_(__name__=self.spec.name)
            if len(self._renamed) >= MAX_RENAMED:
                self._renamed.clear()
            self._renamed[labels] = found
        return found
