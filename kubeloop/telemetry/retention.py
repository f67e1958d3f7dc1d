"""How far back anything can still read, and dropping the samples older than that.

Prometheus keeps 15 days of samples by default (``--storage.tsdb.retention.time``) and
deletes whole blocks past it. The store here keeps the longer of those 15 days and the
longest reach of any loaded rule — the range of a range selector or subquery plus its
offset, or the 5-minute lookback plus the offset of an instant selector — so every rule
evaluation reads exactly what it would read with nothing dropped, and so does any query
that reaches back no further than that (a 30-day SLO keeps 30 days). A rule with an ``@``
modifier can read any time: then nothing is dropped. Samples go out of sight an hour at a
time, as whole blocks do, and out of memory a day at a time (``SeriesStore.trim``), so
memory stays bounded by the retention plus a day.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from kubeloop.telemetry.promql import ast
from kubeloop.telemetry.promql.evaluator import DEFAULT_LOOKBACK_MS
from kubeloop.telemetry.series import SeriesStore

DEFAULT_RETENTION_MS: Final = 15 * 86_400_000
TRIM_EVERY_MS: Final = 3_600_000


def reach_ms(node: ast.Expr) -> int | None:
    """How far before the evaluation time ``node`` can read (None: any time, via ``@``)."""
    if isinstance(node, ast.VectorSelector):
        return None if node.at is not None else max(0, node.offset_ms + DEFAULT_LOOKBACK_MS)
    if isinstance(node, ast.MatrixSelector):
        inner = reach_ms(node.selector)
        if inner is None:
            return None
        return max(0, inner - DEFAULT_LOOKBACK_MS + node.range_ms)
    if isinstance(node, ast.Subquery):
        inner = reach_ms(node.expr)
        if inner is None or node.at is not None:
            return None
        step = node.step_ms or 60_000
        return max(0, node.offset_ms + node.range_ms + step + inner)
    children: list[ast.Expr] = []
    if isinstance(node, ast.Call):
        children = list(node.args)
    elif isinstance(node, ast.Aggregate):
        children = [node.expr] if node.param is None else [node.expr, node.param]
    elif isinstance(node, ast.Binary):
        children = [node.lhs, node.rhs]
    elif isinstance(node, ast.Unary | ast.Paren):
        children = [node.expr]
    return _longest(reach_ms(child) for child in children)


def _longest(reaches: Iterable[int | None]) -> int | None:
    longest = 0
    for reach in reaches:
        if reach is None:
            return None
        longest = max(longest, reach)
    return longest


class Retention:
    """Drops a store's samples that nothing can read any more, an hour's worth at a time."""

    def __init__(self, store: SeriesStore) -> None:
        self.store = store
        self.keep_ms: int | None = DEFAULT_RETENTION_MS
        """None: keep everything (a rule can read any time)."""
        self._trimmed_at: int | None = None

    def reaching(self, rules: Iterable[tuple[ast.Expr, int]]) -> None:
        """Keep what these rules read: ``(expression, query offset ms)`` pairs."""
        reach = _longest(
            None if (r := reach_ms(expr)) is None else r + max(0, offset) for expr, offset in rules
        )
        self.keep_ms = None if reach is None else max(DEFAULT_RETENTION_MS, reach)

    def tick_through(self, times: range) -> None:
        """``tick`` at each of ``times`` (ms), visiting only those where a trim is due."""
        if self.keep_ms is None or not times:
            return
        at = times.start
        while at < times.stop:
            if self._trimmed_at is not None and at - self._trimmed_at < TRIM_EVERY_MS:
                due = self._trimmed_at + TRIM_EVERY_MS
                at += -(-(due - at) // times.step) * times.step  # the first instant from due
                continue
            self.tick(at)
            at += times.step

    def tick(self, now_ms: int) -> int:
        """Called as time passes; drops samples at or before ``now - keep``. Returns how
        many went."""
        if self.keep_ms is None:
            return 0
        if self._trimmed_at is not None and now_ms - self._trimmed_at < TRIM_EVERY_MS:
            return 0
        self._trimmed_at = now_ms
        return self.store.trim(now_ms - self.keep_ms)
