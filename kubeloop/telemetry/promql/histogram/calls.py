"""Function calls over vectors that may hold native histograms (promql/functions.go).

The evaluator sends every call here once its store holds a histogram sample. The histogram
functions and the range functions that read histograms are computed here; every other
function sees only the float samples of its arguments, as upstream's float functions skip
histograms (``Evaluated`` hands the evaluator an argument already evaluated and filtered).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Final, Protocol, cast

from kubeloop.telemetry.promql import ast
from kubeloop.telemetry.promql.annotations import Kind, invalid_quantile
from kubeloop.telemetry.promql.errors import PromQLError
from kubeloop.telemetry.promql.functions import RANGE_FUNCTIONS, absent_labels
from kubeloop.telemetry.promql.functions.floatops import div
from kubeloop.telemetry.promql.functions.vector_funcs import format_openmetrics_float
from kubeloop.telemetry.promql.histogram import annotations as notes
from kubeloop.telemetry.promql.histogram import rates, stats
from kubeloop.telemetry.series import METRIC_NAME, Labels
from kubeloop.telemetry.series.histogram import FloatHistogram, is_histogram

Vec = list[tuple[Labels, Any]]
_PASS_THROUGH: Final = frozenset({
    "label_replace", "label_join", "timestamp", "start_timestamp", "absent", "sort_by_label",
    "sort_by_label_desc", "info",
})  # fmt: skip
"""Vector functions that read histogram samples' labels and times alone, as floats'."""
_KEEP_NAME: Final = frozenset({"last_over_time", "first_over_time"})
_RATES: Final = {"rate": (True, True), "increase": (True, False), "delta": (False, False)}
_BOTH: Final = frozenset({
    "rate", "increase", "delta", "irate", "idelta", "resets", "changes", "sum_over_time",
    "avg_over_time", "count_over_time", "present_over_time", "last_over_time",
    "first_over_time", "ts_of_last_over_time", "ts_of_first_over_time",
})  # fmt: skip
"""Range functions that read histogram samples; the others skip them."""


@dataclass(frozen=True, slots=True)
class Evaluated:
    """An argument already evaluated: the evaluator answers ``value`` for it."""

    value: Any
    pos: int
    type: ast.ValueType = "vector"


class Evaluator(Protocol):
    t_ms: int

    def eval(self, node: Any) -> Any: ...

    def note(self, kind: Kind, message: str, pos: int) -> None: ...

    def range_bounds(self, arg: ast.Expr) -> tuple[int, int]: ...

    def call_floats(self, node: ast.Call) -> Any: ...

    def check_counter(self, labels: Labels, pos: int) -> None: ...


def _given(value: Vec, pos: int) -> ast.Expr:
    """An argument already evaluated to ``value``, in the place of an expression."""
    return cast("ast.Expr", Evaluated(value, pos))


def floats_only(vec: Vec) -> Vec:
    return [s for s in vec if s[1].__class__ is not FloatHistogram]


def call(ev: Evaluator, node: ast.Call) -> Any:
    name = node.func
    own = _OWN.get(name)
    if own is not None:
        return own(ev, node)
    if name in RANGE_FUNCTIONS:
        return _range_call(ev, node)
    if name in _PASS_THROUGH:
        return ev.call_floats(node)
    args = tuple(
        _given(floats_only(ev.eval(a)), a.pos) if a.type == "vector" else a for a in node.args
    )
    return ev.call_floats(replace(node, args=args))


def subquery_values(vs: list[Any]) -> list[Any]:
    """A subquery's points: histograms hinted ``reset``/``not_reset`` read ``unknown``, as the
    points may skip or repeat underlying samples (engine.go)."""
    return [
        v.with_hint("unknown") if is_histogram(v) and v.hint in ("reset", "not_reset") else v
        for v in vs
    ]


def _unique(out: Vec) -> Vec:
    if len({labels for labels, _ in out}) != len(out):
        raise PromQLError("vector cannot contain metrics with the same labelset")
    return out


def _simple(fn: Callable[[FloatHistogram], float]) -> Callable[[Evaluator, ast.Call], Vec]:
    def run(ev: Evaluator, node: ast.Call) -> Vec:
        vec = ev.eval(node.args[0])
        return _unique([(labels.without_name(), fn(v)) for labels, v in vec if is_histogram(v)])

    return run


def _avg(h: FloatHistogram) -> float:
    return div(h.sum, h.count)


def _stddev(h: FloatHistogram) -> float:
    variance = stats.histogram_variance(h)
    return variance**0.5 if variance >= 0 else float("nan")


def _split_native(ev: Evaluator, vec: Vec, arg: ast.Expr) -> tuple[Vec, Vec]:
    """Floats (classic buckets) and native histograms; a native histogram with the labels of
    a classic histogram's buckets is dropped with both, with upstream's warning."""
    floats = floats_only(vec)
    natives = [s for s in vec if is_histogram(s[1])]
    if not natives or not floats:
        return floats, natives
    classic = {labels.without("le") for labels, _ in floats if labels.get("le")}
    clashing = {labels for labels, _ in natives if labels in classic}
    for labels in sorted(clashing):
        ev.note("warning", notes.mixed_classic_native(labels.get(METRIC_NAME)), arg.pos)
    floats = [s for s in floats if s[0].without("le") not in clashing or not s[0].get("le")]
    natives = [s for s in natives if s[0] not in clashing]
    return floats, natives


def _histogram_quantile(ev: Evaluator, node: ast.Call) -> Vec:
    q_arg, v_arg = node.args
    floats, natives = _split_native(ev, ev.eval(v_arg), v_arg)
    out: Vec = ev.call_floats(replace(node, args=(q_arg, _given(floats, v_arg.pos))))
    q = ev.eval(q_arg)
    for labels, h in natives:
        value, infos = stats.histogram_quantile(q, h, labels.get(METRIC_NAME))
        for message in infos:
            ev.note("info", message, v_arg.pos)
        out.append((labels.without_name(), value))
    return _unique(out)


def _histogram_quantiles(ev: Evaluator, node: ast.Call) -> Vec:
    v_arg = node.args[0]
    floats, natives = _split_native(ev, ev.eval(v_arg), v_arg)
    out: Vec = ev.call_floats(replace(node, args=(_given(floats, v_arg.pos), *node.args[1:])))
    label = ev.eval(node.args[1])
    for arg in node.args[2:]:
        q = ev.eval(arg)
        shown = format_openmetrics_float(q)
        for labels, h in natives:
            value, infos = stats.histogram_quantile(q, h, labels.get(METRIC_NAME))
            for message in infos:
                ev.note("info", message, v_arg.pos)
            out.append((labels.without_name().with_({label: shown}), value))
    return _unique(out)


def _histogram_fraction(ev: Evaluator, node: ast.Call) -> Vec:
    low_arg, high_arg, v_arg = node.args
    floats, natives = _split_native(ev, ev.eval(v_arg), v_arg)
    out: Vec = ev.call_floats(replace(node, args=(low_arg, high_arg, _given(floats, v_arg.pos))))
    lower, upper = ev.eval(low_arg), ev.eval(high_arg)
    for labels, h in natives:
        value, infos = stats.histogram_fraction(lower, upper, h, labels.get(METRIC_NAME))
        for message in infos:
            ev.note("info", message, v_arg.pos)
        out.append((labels.without_name(), value))
    return _unique(out)


_OWN: Final[dict[str, Callable[[Evaluator, ast.Call], Any]]] = {
    "histogram_count": _simple(lambda h: h.count),
    "histogram_sum": _simple(lambda h: h.sum),
    "histogram_avg": _simple(_avg),
    "histogram_stdvar": _simple(stats.histogram_variance),
    "histogram_stddev": _simple(_stddev),
    "histogram_quantile": _histogram_quantile,
    "histogram_quantiles": _histogram_quantiles,
    "histogram_fraction": _histogram_fraction,
}


def _selector_of(arg: ast.Expr) -> ast.VectorSelector | None:
    while isinstance(arg, ast.Paren):
        arg = arg.expr
    return arg.selector if isinstance(arg, ast.MatrixSelector) else None


def _range_call(ev: Evaluator, node: ast.Call) -> Vec:
    name = node.func
    index = next(i for i, a in enumerate(node.args) if a.type == "matrix")
    arg = node.args[index]
    selector = _selector_of(arg)
    if selector is not None and (selector.anchored or selector.smoothed):
        result: Vec = ev.call_floats(node)  # the selector refuses histograms
        return result
    scalars = [ev.eval(a) for i, a in enumerate(node.args) if i != index]
    start, end = ev.range_bounds(arg)
    series_list = ev.eval(arg)
    if name == "absent_over_time":
        return [] if series_list else [(absent_labels(arg), 1.0)]
    pos = node.args[0].pos
    if name == "quantile_over_time" and series_list and not 0 <= scalars[0] <= 1:
        ev.note("warning", invalid_quantile(scalars[0]), pos)
    out: Vec = []
    for labels, ts, vs in series_list:
        if any(v.__class__ is FloatHistogram for v in vs):
            value, found = _with_histograms(name, ts, vs, start, end, scalars, ev.t_ms,
                                            labels.get(METRIC_NAME))  # fmt: skip
            for kind, message in found:
                ev.note(kind, message, pos)
        else:
            value = RANGE_FUNCTIONS[name](ts, vs, start, end, scalars, ev.t_ms)
            if name in ("rate", "increase") and value is not None:
                ev.check_counter(labels, arg.pos)
        if value is not None:
            out.append((labels if name in _KEEP_NAME else labels.without_name(), value))
    return _unique(out)


def _with_histograms(
    name: str, ts: list[int], vs: list[Any], start: int, end: int, scalars: list[Any],
    now: int, metric: str,
) -> rates.Result:  # fmt: skip
    hists = [v for v in vs if is_histogram(v)]
    mixed = len(hists) != len(vs)
    if name not in _BOTH:
        kept = [(t, v) for t, v in zip(ts, vs, strict=True) if not is_histogram(v)]
        if not kept:
            return None, []
        value = RANGE_FUNCTIONS[name]([t for t, _ in kept], [v for _, v in kept], start, end,
                                      scalars, now)  # fmt: skip
        return value, [("info", notes.ignored_in_mixed_range(metric))]
    if name in ("count_over_time", "present_over_time"):
        return (float(len(vs)) if name == "count_over_time" else 1.0), []
    if name in ("last_over_time", "first_over_time"):
        return (vs[-1] if name == "last_over_time" else vs[0]), []
    if name in ("ts_of_last_over_time", "ts_of_first_over_time"):
        return (ts[-1] if name == "ts_of_last_over_time" else ts[0]) / 1000, []
    if name in ("irate", "idelta"):
        return rates.instant_value(ts, vs, name == "irate", metric)
    if name == "resets":
        return rates.resets(vs), []
    if name == "changes":
        return rates.changes(vs), []
    if mixed:
        return None, [("warning", notes.mixed_floats_histograms(metric))]
    if name == "sum_over_time":
        return rates.sum_histograms(hists, metric)
    if name == "avg_over_time":
        return rates.sum_histograms(hists, metric, mean=True)
    is_counter, is_rate = _RATES[name]
    return rates.extrapolated_histogram_rate(ts, hists, start, end, is_counter, is_rate, metric)
