"""Aggregation over vectors that hold native histograms (promql/engine.go ``aggregation``).

``sum`` and ``avg`` add histograms bucket by bucket; a group of floats and histograms gives
no result and a warning. ``count``, ``group``, ``limitk`` and ``limit_ratio`` take histograms
as any sample; the others ignore them with an info.
"""

from __future__ import annotations

from typing import Any, Final, Protocol

from kubeloop.telemetry.promql import ast
from kubeloop.telemetry.promql.aggregate import (
    REDUCERS,
    aggregate,
    count_values,
    format_float_f,
    group_labels,
)
from kubeloop.telemetry.promql.annotations import Kind
from kubeloop.telemetry.promql.delayed import is_delayed, mark_groups
from kubeloop.telemetry.promql.histogram import annotations as notes
from kubeloop.telemetry.promql.histogram.kahan import kahan_mean, kahan_sum
from kubeloop.telemetry.promql.histogram.notation import histogram_string
from kubeloop.telemetry.series import METRIC_NAME, Labels
from kubeloop.telemetry.series.histogram import FloatHistogram

Vec = list[tuple[Labels, Any]]
_ANY_SAMPLE: Final = frozenset({"count", "group", "limitk", "limit_ratio"})


class Evaluator(Protocol):
    def note(self, kind: Kind, message: str, pos: int) -> None: ...


def _is_histogram(value: object) -> bool:
    return value.__class__ is FloatHistogram


def _shown(value: Any) -> str:
    return histogram_string(value) if _is_histogram(value) else format_float_f(value)


def aggregate_mixed(ev: Evaluator, node: ast.Aggregate, param: Any, vec: Vec) -> Vec:
    op, grouping, without = node.op, node.grouping, node.without
    if not any(_is_histogram(v) for _, v in vec) or op in _ANY_SAMPLE:
        return aggregate(op, vec, param, grouping, without)
    if op == "count_values":
        return count_values(vec, param, grouping, without, _shown)
    if op not in ("sum", "avg"):
        pos = node.pos if op in ("topk", "bottomk") else node.expr.pos
        ev.note("info", notes.ignored_in_aggregation(op), pos)
        floats = [s for s in vec if not _is_histogram(s[1])]
        return aggregate(op, floats, param, grouping, without)
    groups: dict[Labels, list[tuple[Labels, Any]]] = {}
    for labels, value in vec:
        groups.setdefault(group_labels(labels, grouping, without), []).append((labels, value))
    out: Vec = []
    for key, members in groups.items():
        hists = [s for s in members if _is_histogram(s[1])]
        mixed = next((labels for labels, h in hists if h.custom != hists[0][1].custom), None)
        if mixed is not None and len(hists) == len(members):
            metric = mixed.get(METRIC_NAME)
            ev.note("warning", notes.mixed_exponential_custom(metric), node.expr.pos)
            continue
        if not hists:
            out.append((key, REDUCERS[op]([v for _, v in members])))
            continue
        if len(hists) != len(members):
            ev.note("warning", notes.MIXED_IN_AGGREGATION, node.expr.pos)
            continue
        total = _sum(ev, node, [h for _, h in hists], op == "avg")
        if total is not None:
            out.append((key, total.compact()))
    if vec and is_delayed(vec[0][0]):
        return mark_groups(vec, out, lambda labels: group_labels(labels, grouping, without))
    return out


def _sum(
    ev: Evaluator, node: ast.Aggregate, hists: list[FloatHistogram], mean: bool
) -> FloatHistogram | None:
    first = hists[0]
    if any(h.custom != first.custom for h in hists):
        return None
    if first.custom and any(h.custom_values != first.custom_values for h in hists):
        ev.note("info", notes.mismatched_custom_buckets("aggregation"), node.expr.pos)
    if {"reset", "not_reset"} <= {h.hint for h in hists}:
        ev.note("warning", notes.counter_reset_collision("aggregation"), node.expr.pos)
    return kahan_mean(hists) if mean else kahan_sum(hists)
