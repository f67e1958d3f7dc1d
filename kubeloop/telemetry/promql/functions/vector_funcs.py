"""Functions over instant vectors and scalars: math, clamp, round, time, vector, scalar,
absent, timestamp, sort, label_replace/label_join, dates and histogram_quantile."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cmp_to_key
from typing import Any, Final

from kubeloop.telemetry.promql import ast
from kubeloop.telemetry.promql.annotations import (
    MONOTONICITY,
    bad_bucket_label,
    invalid_quantile,
)
from kubeloop.telemetry.promql.delayed import is_delayed
from kubeloop.telemetry.promql.errors import PromQLError
from kubeloop.telemetry.promql.functions.dates import DATES
from kubeloop.telemetry.promql.functions.evaluation import Evaluator
from kubeloop.telemetry.promql.functions.info import info
from kubeloop.telemetry.promql.functions.labelfuncs import label_join, label_replace
from kubeloop.telemetry.promql.functions.mathfuncs import MATH, go_max, go_min, go_round
from kubeloop.telemetry.promql.functions.natural import natural_cmp
from kubeloop.telemetry.promql.functions.quantiles import bucket_fraction, bucket_quantile
from kubeloop.telemetry.promql.signatures import HISTOGRAM_STATS
from kubeloop.telemetry.promql.values import go_g
from kubeloop.telemetry.series import EMPTY, METRIC_NAME, Labels, MatchOp

Vec = list[tuple[Labels, float]]
VectorFunction = Callable[[Evaluator, ast.Call], Any]


def absent_labels(arg: ast.Expr) -> Labels:
    """createLabelsForAbsentFunction: the equality matchers of the selector, in order."""
    selector = arg.selector if isinstance(arg, ast.MatrixSelector) else arg
    if not isinstance(selector, ast.VectorSelector):
        return EMPTY
    kept: dict[str, str] = {}
    has: set[str] = set()
    for m in selector.matchers:
        if m.name == METRIC_NAME:
            continue
        if m.op is MatchOp.EQUAL and m.name not in has:
            kept[m.name] = m.value
            has.add(m.name)
        else:
            kept.pop(m.name, None)
    return Labels(kept.items())


def _elementwise(fn: Callable[[float], float]) -> VectorFunction:
    def call(ev: Evaluator, node: ast.Call) -> Vec:
        return [(labels.without_name(), fn(v)) for labels, v in ev.eval(node.args[0])]

    return call


def _dates(fn: Callable[[float], float]) -> VectorFunction:
    def call(ev: Evaluator, node: ast.Call) -> Vec:
        if not node.args:
            return [(EMPTY, fn(ev.t_ms / 1000))]
        return [(labels.without_name(), fn(v)) for labels, v in ev.eval(node.args[0])]

    return call


def _clamp(ev: Evaluator, node: ast.Call) -> Vec:
    vec, low, high = (ev.eval(a) for a in node.args)
    if high < low:
        return []
    return [(labels.without_name(), go_max(low, go_min(high, v))) for labels, v in vec]


def _clamp_max(ev: Evaluator, node: ast.Call) -> Vec:
    vec, high = (ev.eval(a) for a in node.args)
    return [(labels.without_name(), go_min(v, high)) for labels, v in vec]


def _clamp_min(ev: Evaluator, node: ast.Call) -> Vec:
    vec, low = (ev.eval(a) for a in node.args)
    return [(labels.without_name(), go_max(v, low)) for labels, v in vec]


def _round(ev: Evaluator, node: ast.Call) -> Vec:
    vec = ev.eval(node.args[0])
    to_nearest = ev.eval(node.args[1]) if len(node.args) > 1 else 1.0
    return [(labels.without_name(), go_round(v, to_nearest)) for labels, v in vec]


def _timestamp(ev: Evaluator, node: ast.Call) -> Vec:
    arg = node.args[0]
    while isinstance(arg, ast.Paren):
        arg = arg.expr
    if isinstance(arg, ast.VectorSelector):
        return [(labels.without_name(), t / 1000) for labels, t in ev.sample_times(arg)]
    return [(labels.without_name(), ev.t_ms / 1000) for labels, _ in ev.eval(arg)]


def _start_timestamp(ev: Evaluator, node: ast.Call) -> Vec:
    """The start timestamp (s) of each sample a selector picks, 0 for one without; nothing
    for any other argument or a query without start timestamps (``promql/starts.py``)."""
    arg = node.args[0]
    while isinstance(arg, ast.Paren):
        arg = arg.expr
    starts = ev.start_times
    if not isinstance(arg, ast.VectorSelector) or starts is None:
        ev.eval(arg)
        return []
    return [
        (labels.without_name(), starts.get(labels, {}).get(t, 0) / 1000)
        for labels, t in ev.sample_times(arg)
    ]


def _scalar(ev: Evaluator, node: ast.Call) -> float:
    vec = ev.eval(node.args[0])
    return float(vec[0][1]) if len(vec) == 1 else math.nan


def _absent(ev: Evaluator, node: ast.Call) -> Vec:
    return [] if ev.eval(node.args[0]) else [(absent_labels(node.args[0]), 1.0)]


def _sort(descending: bool) -> VectorFunction:
    def call(ev: Evaluator, node: ast.Call) -> Vec:
        vec: Vec = list(ev.eval(node.args[0]))
        nans = [s for s in vec if math.isnan(s[1])]
        rest = sorted((s for s in vec if not math.isnan(s[1])), key=lambda s: s[1],
                      reverse=descending)  # fmt: skip
        return rest + nans

    return call


def _sort_by_label(descending: bool) -> VectorFunction:
    def call(ev: Evaluator, node: ast.Call) -> Vec:
        vec: Vec = list(ev.eval(node.args[0]))
        names = [ev.eval(a) for a in node.args[1:]]

        def compare(a: tuple[Labels, float], b: tuple[Labels, float]) -> int:
            for name in names:
                order = natural_cmp(a[0].get(name), b[0].get(name))
                if order:
                    return -order if descending else order
            whole = (a[0] > b[0]) - (a[0] < b[0])
            return -whole if descending else whole

        return sorted(vec, key=cmp_to_key(compare))

    return call


def _classic_histograms(
    ev: Evaluator, vec: Vec, arg: ast.Expr
) -> dict[Labels, list[tuple[float, float]]]:
    """Buckets grouped by every label but ``le`` (the metric name included); a sample
    without a parsable ``le`` is dropped with upstream's warning."""
    groups: dict[Labels, list[tuple[float, float]]] = {}
    for labels, value in vec:
        le = labels.get("le")
        try:
            if not le or le != le.strip():
                raise ValueError(le)
            bound = float(le)
        except ValueError:
            metric = labels.name if is_delayed(labels) else ""
            ev.note("warning", bad_bucket_label(le, metric), arg.pos)
            continue
        groups.setdefault(labels.without("le"), []).append((bound, value))
    return groups


def _quantile_of(
    ev: Evaluator, q: float, key: Labels, buckets: list[tuple[float, float]], arg: ast.Expr
) -> float:
    value, forced = bucket_quantile(q, buckets)
    if forced:
        name = key.get(METRIC_NAME)
        named = f' for metric name "{name}"' if name else ""
        ev.note("info", MONOTONICITY + named, arg.pos)
    return value


def _check_quantile(ev: Evaluator, q: float, arg: ast.Expr) -> None:
    if math.isnan(q) or q < 0 or q > 1:
        ev.note("warning", invalid_quantile(q), arg.pos)


def _histogram_quantile(ev: Evaluator, node: ast.Call) -> Vec:
    q = ev.eval(node.args[0])
    _check_quantile(ev, q, node.args[0])
    groups = _classic_histograms(ev, ev.eval(node.args[1]), node.args[1])
    return [(k.without_name(), _quantile_of(ev, q, k, b, node.args[1])) for k, b in groups.items()]


def format_openmetrics_float(value: float) -> str:
    """labels.FormatOpenMetricsFloat: Go's shortest ``%g`` with ``.0`` added to integers."""
    shown = go_g(value)
    if shown.lstrip("-").isdigit():
        shown += ".0"
    return shown


def _histogram_quantiles(ev: Evaluator, node: ast.Call) -> Vec:
    groups = _classic_histograms(ev, ev.eval(node.args[0]), node.args[0])
    label = ev.eval(node.args[1])
    out: Vec = []
    for arg in node.args[2:]:
        q = ev.eval(arg)
        _check_quantile(ev, q, arg)
        shown = format_openmetrics_float(q)
        for k, b in groups.items():
            value = _quantile_of(ev, q, k, b, node.args[0])
            out.append((k.without_name().with_({label: shown}), value))
    return out


def _histogram_fraction(ev: Evaluator, node: ast.Call) -> Vec:
    lower, upper = ev.eval(node.args[0]), ev.eval(node.args[1])
    groups = _classic_histograms(ev, ev.eval(node.args[2]), node.args[2])
    return [(k.without_name(), bucket_fraction(lower, upper, b)) for k, b in groups.items()]


def _of_histograms(ev: Evaluator, node: ast.Call) -> Vec:
    """histogram_count/sum/avg/stddev/stdvar over float samples: nothing (each reads native
    histograms only; a store that holds some evaluates them in ``promql.histogram``)."""
    ev.eval(node.args[0])
    return []


def _label_replace(ev: Evaluator, node: ast.Call) -> Vec:
    dst, repl, src, regex = (ev.eval(a) for a in node.args[1:])
    return label_replace(ev.eval(node.args[0]), dst, repl, src, regex)


def _label_join(ev: Evaluator, node: ast.Call) -> Vec:
    dst, sep, *srcs = (ev.eval(a) for a in node.args[1:])
    return label_join(ev.eval(node.args[0]), dst, sep, srcs)


def _vector(ev: Evaluator, node: ast.Call) -> Vec:
    return [(EMPTY, float(ev.eval(node.args[0])))]


def _time(ev: Evaluator, node: ast.Call) -> float:
    return ev.t_ms / 1000


def _unique(fn: VectorFunction) -> VectorFunction:
    def call(ev: Evaluator, node: ast.Call) -> Any:
        out = fn(ev, node)
        if isinstance(out, list) and len({labels for labels, _ in out}) != len(out):
            raise PromQLError("vector cannot contain metrics with the same labelset")
        return out

    return call


VECTOR_FUNCTIONS: Final[dict[str, VectorFunction]] = {
    name: _unique(fn)
    for name, fn in {
        **{name: _elementwise(fn) for name, fn in MATH.items()},
        **{name: _dates(fn) for name, fn in DATES.items()},
        "clamp": _clamp,
        "clamp_max": _clamp_max,
        "clamp_min": _clamp_min,
        "round": _round,
        "timestamp": _timestamp,
        "start_timestamp": _start_timestamp,
        "scalar": _scalar,
        "vector": _vector,
        "time": _time,
        "start": lambda ev, _node: ev.query_start_ms / 1000,
        "end": lambda ev, _node: ev.query_end_ms / 1000,
        "range": lambda ev, _node: (ev.query_end_ms - ev.query_start_ms) / 1000,
        "step": lambda ev, _node: ev.query_step_ms / 1000,
        "min_of": lambda ev, node: go_min(ev.eval(node.args[0]), ev.eval(node.args[1])),
        "max_of": lambda ev, node: go_max(ev.eval(node.args[0]), ev.eval(node.args[1])),
        "pi": lambda _ev, _node: math.pi,
        "absent": _absent,
        "sort": _sort(False),
        "sort_desc": _sort(True),
        "sort_by_label": _sort_by_label(False),
        "sort_by_label_desc": _sort_by_label(True),
        "histogram_quantile": _histogram_quantile,
        "histogram_fraction": _histogram_fraction,
        "histogram_quantiles": _histogram_quantiles,
        **dict.fromkeys(HISTOGRAM_STATS, _of_histograms),
        "label_replace": _label_replace,
        "label_join": _label_join,
        "info": info,
    }.items()
}
