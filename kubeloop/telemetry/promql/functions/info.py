"""``info(v [, {data label selectors}])``: labels of info metrics joined onto ``v``
(promql/info.go), for an instant evaluation.

An info series (``target_info`` unless the selector names others by ``__name__``) joins a
series of ``v`` when its identifying labels, ``instance`` and ``job``, are the same; its other
labels (only those the selector names, when it names any) are added where ``v`` lacks them.
Of two info series of one metric for the same identity, the one with the newer sample wins.
A series of ``v`` that is itself an info metric passes unchanged; one that no info series
joins is kept only if every data matcher accepts the empty value.
"""

from __future__ import annotations

from kubeloop.telemetry.promql import ast
from kubeloop.telemetry.promql.errors import PromQLError
from kubeloop.telemetry.promql.functions.evaluation import Evaluator
from kubeloop.telemetry.promql.values import go_labels
from kubeloop.telemetry.series import METRIC_NAME, Labels, Matcher, MatchOp

IDENTIFYING = ("instance", "job")
TARGET_INFO = "target_info"
_META = frozenset("\\.+*?()|[]{}^$")

Vec = list[tuple[Labels, float]]


def info(ev: Evaluator, node: ast.Call) -> Vec:
    base_arg = node.args[0]
    base: Vec = ev.eval(base_arg)
    selector = node.args[1] if len(node.args) > 1 else None
    data: dict[str, list[Matcher]] = {}
    names: list[Matcher] = []
    if isinstance(selector, ast.VectorSelector):
        for m in selector.matchers:
            data.setdefault(m.name, []).append(m)
            if m.name == METRIC_NAME:
                names.append(m)
    else:
        names = [Matcher(METRIC_NAME, MatchOp.EQUAL, TARGET_INFO)]
    effective = _effective_names(names)
    ignored = {labels for labels, _ in base if all(m.matches(labels.name) for m in effective)}
    data_names = [m for ms in data.values() for m in ms if m.name == METRIC_NAME]
    data = {k: v for k, v in data.items() if k != METRIC_NAME}
    info_samples = _fetch(ev, base_arg, base, ignored, data, data_names)
    latest: dict[tuple[str, Labels], tuple[Labels, int]] = {}
    for labels, t in info_samples:
        key = (labels.name, labels.keep(*IDENTIFYING))
        kept = latest.get(key)
        if kept is None or kept[1] < t:
            latest[key] = (labels, t)
        elif kept[1] == t:
            raise PromQLError(
                f"found duplicate series for info metric: existing {go_labels(kept[0])} @ {t}, "
                f"new {go_labels(labels)} @ {t}"
            )
    metrics = sorted({name for name, _ in latest})
    out: Vec = []
    for labels, value in base:
        if labels in ignored:
            out.append((labels, value))
            continue
        added: dict[str, str] = {}
        seen = False
        identity = labels.keep(*IDENTIFYING)
        for metric in metrics:
            hit = latest.get((metric, identity))
            if hit is None:
                continue
            seen = True
            for name, label_value in hit[0].pairs:
                if name == METRIC_NAME or (data and name not in data):
                    continue
                if added.get(name, label_value) != label_value:
                    raise PromQLError(f"conflicting label: {name}")
                if name not in labels:
                    added[name] = label_value
        if not seen and not all(m.matches("") for ms in data.values() for m in ms):
            continue
        out.append((labels.with_(added) if added else labels, value))
    return out


def _effective_names(matchers: list[Matcher]) -> list[Matcher]:
    if any(m.op in (MatchOp.EQUAL, MatchOp.REGEX) for m in matchers):
        return matchers
    if matchers:
        return [Matcher(METRIC_NAME, MatchOp.REGEX, ".+_info"), *matchers]
    return [Matcher(METRIC_NAME, MatchOp.EQUAL, TARGET_INFO)]


def _fetch(
    ev: Evaluator,
    base_arg: ast.Expr,
    base: Vec,
    ignored: set[Labels],
    data: dict[str, list[Matcher]],
    names: list[Matcher],
) -> list[tuple[Labels, int]]:
    """Each info series that may join, and the time of its sample at the base's time."""
    values: dict[str, set[str]] = {}
    for labels, _ in base:
        if labels in ignored:
            continue
        for name in IDENTIFYING:
            if labels.get(name):
                values.setdefault(name, set()).add(labels.get(name))
    if not values:
        return []
    matchers = [
        Matcher(name, MatchOp.REGEX, "|".join(_quote_meta(v) for v in sorted(found)))
        for name, found in sorted(values.items())
    ]
    matchers += [m for ms in data.values() for m in ms]
    matchers += _effective_names(names)
    at, offset_ms = _time_of(base_arg)
    t = (ev.t_ms if at is None else _at_ms(ev, at)) - offset_ms
    found = []
    for series in ev.store.select(tuple(matchers)):
        point = series.latest(t, ev.lookback_ms)
        if point is not None:
            if point[1].__class__ is not float:
                raise PromQLError("info sample should be float")
            found.append((series.labels, point[0]))
    return found


def _time_of(node: ast.Expr) -> tuple[ast.At | None, int]:
    """infoSelectTimestampAndOffset: the ``@`` and offset of the first instant selector of
    the base expression, adding those of the subqueries around it while it has no ``@``."""
    path: list[ast.Expr] = []
    selector = _first_selector(node, path)
    if selector is None:
        return None, 0
    at, offset = selector.at, selector.offset_ms
    for outer in reversed(path):
        if at is not None:
            break
        if isinstance(outer, ast.Subquery):
            offset += outer.offset_ms
            at = outer.at
    return at, offset


def _first_selector(node: object, path: list[ast.Expr]) -> ast.VectorSelector | None:
    if isinstance(node, ast.VectorSelector):
        return node
    for child in ast.children(node):
        path.append(child)
        found = _first_selector(child, path)
        if found is not None:
            return found
        path.pop()
    return None


def _at_ms(ev: Evaluator, at: ast.At) -> int:
    if at.kind == "start":
        return ev.query_start_ms
    if at.kind == "end":
        return ev.query_end_ms
    return at.t_ms


def _quote_meta(text: str) -> str:
    """Go's ``regexp.QuoteMeta``."""
    return "".join("\\" + c if c in _META else c for c in text)
