"""Checking one ``alert_rule_test`` or ``promql_expr_test`` the way promtool does, and
explaining a failure beyond what promtool prints."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kubeloop.telemetry.durations import format_duration
from kubeloop.telemetry.promql import PromQLError, parse
from kubeloop.telemetry.promql.options import QueryOptions
from kubeloop.telemetry.promtool import compare as cmp
from kubeloop.telemetry.promtool import jsondiff
from kubeloop.telemetry.promtool.notation import NotationError, parse_metric
from kubeloop.telemetry.promtool.testfile import AlertTest, PromqlTest, TestGroup
from kubeloop.telemetry.rules.alerting import FIRING, AlertingRule
from kubeloop.telemetry.rules.group import RuleGroup
from kubeloop.telemetry.rules.query import RuleEvalError, query
from kubeloop.telemetry.series import SeriesStore
from kubeloop.telemetry.series.labels import quote

Pairs = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Failure:
    """One failed expectation: promtool's message, and kubeloop's extra explanation.

    ``line`` is the test's line in its file (0 when the failure is not one test's);
    ``got`` is what the test found: (labels, annotations) pairs for an alert test,
    (labels, value) pairs for a PromQL test.
    """

    message: str
    notes: tuple[str, ...] = ()
    line: int = 0
    got: tuple[tuple[Pairs, Any], ...] = ()


def check_alerts(
    test: AlertTest, groups: list[RuleGroup], ts: int, prefix: str, diff: bool = False
) -> Failure | None:
    """``diff``: report the difference as promtool's ``--diff`` does (a coloured JSON diff)."""
    rules: list[AlertingRule] = [
        r for g in groups for r in g.alerting_rules() if r.name == test.alertname
    ]
    got = sorted(
        (a.labels.pairs, a.annotations)
        for r in rules
        for a in r.active_alerts()
        if a.state == FIRING
    )
    expected = sorted(
        (tuple(sorted({**dict(e.labels), "alertname": test.alertname}.items())), e.annotations)
        for e in test.exp_alerts
    )
    if expected == got:
        return None
    head = f"{prefix}    alertname: {test.alertname}, time: {format_duration(test.eval_ms)}, \n"
    if diff:
        found, text = jsondiff.compare(_as_json(expected), _as_json(got))
        if found == jsondiff.FULL_MATCH:
            return None
        message = head + "        diff: " + cmp.indent_lines(text, "            ")
    else:
        exp_text = cmp.indent_lines(cmp.alerts_string(expected), "            ")
        got_text = cmp.indent_lines(cmp.alerts_string(got), "            ")
        message = f"{head}        exp:{exp_text}, \n        got:{got_text}"
    notes: list[str] = []
    if not rules:
        notes.append(f'no alerting rule is named "{test.alertname}" in the rule files')
    for rule in rules:
        for alert in rule.alerts():
            if alert.state == FIRING:
                continue
            labels = cmp.labels_string(alert.labels.pairs)
            since = format_duration(alert.active_at)
            if alert.resolved_at is not None:
                notes.append(f"resolved at {format_duration(alert.resolved_at)}: {labels}")
            else:
                fires = format_duration(alert.active_at + rule.spec.for_ms)
                notes.append(
                    f"pending since {since} (for: {format_duration(rule.spec.for_ms)}, "
                    f"fires at {fires} if it holds): {labels}"
                )
    if notes and ts != test.eval_ms:
        notes.append(f"alerts are as of the evaluation at {format_duration(ts)}")
    return Failure(message, tuple(notes), test.line, tuple(got))


def _as_json(alerts: list[tuple[Pairs, Pairs]]) -> list[dict[str, dict[str, str]]]:
    """What ``json.Marshal`` gives for promtool's alerts, one empty alert standing for none
    (as ``--diff`` pads both sides)."""
    shown = [{"Labels": dict(labels), "Annotations": dict(notes)} for labels, notes in alerts]
    return shown or [{"Labels": {}, "Annotations": {}}]


def check_promql(
    test: PromqlTest, store: SeriesStore, mint: int, fuzzy: bool, options: QueryOptions
) -> Failure | None:
    head = f"    expr: {quote(test.expr)}, time: {format_duration(test.eval_ms)}"
    where = (f"the test is at line {test.line}",)
    try:
        got_vector = query(parse(test.expr, options.features), store, mint + test.eval_ms, options)
    except (PromQLError, RuleEvalError) as error:
        return Failure(f"{head}, err: {error.as_prometheus()}", where, test.line)
    expected: list[tuple[Pairs, float | str]] = []
    for sample in test.exp_samples:
        try:
            labels = parse_metric(sample.labels) if sample.labels.strip() else {}
            shown = cmp.histogram_string(sample.histogram) if sample.histogram else None
        except NotationError as error:
            return Failure(f'{head}, err: labels "{sample.labels}": {error}', where, test.line)
        pairs = tuple(sorted(labels.items()))
        expected.append((pairs, sample.value) if shown is None else (pairs, shown))
    got = [(labels.pairs, cmp.sample_value(value)) for labels, value in got_vector]
    expected.sort(key=lambda s: s[0])
    got.sort(key=lambda s: s[0])
    same = len(expected) == len(got) and all(
        e[0] == g[0] and cmp.values_equal(e[1], g[1], fuzzy)
        for e, g in zip(expected, got, strict=True)
    )
    if same:
        return None
    message = (
        f"{head},\n        exp: {cmp.samples_string(expected)}\n"
        f"        got: {cmp.samples_string(got)}"
    )
    notes = list(where)
    if any(isinstance(e[1], float) and e[1] != e[1] for e in expected):
        notes.append(
            "NaN never equals NaN in promtool's comparison, so this expectation cannot pass"
        )
    return Failure(message, tuple(notes), test.line, tuple(got))


def late_warnings(group: TestGroup, last_input: int | None, path: str) -> list[str]:
    """A warning per test whose eval_time lies after the last input sample."""
    if last_input is None:
        return []
    last = last_input - group.start_ms
    out = []
    tests: list[AlertTest | PromqlTest] = [*group.alert_tests, *group.promql_tests]
    for test in tests:
        if test.eval_ms > last:
            out.append(
                f"{path}:{test.line}: eval_time {format_duration(test.eval_ms)} is after the last "
                f"input sample (at {format_duration(last)}); instant selectors still see samples "
                "up to 5m old, so extend input_series if the data should cover this time, "
                "or end the series with stale if it stops"
            )
    return out
