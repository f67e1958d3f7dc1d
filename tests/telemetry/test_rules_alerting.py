"""The alert state machine against rules/alerting_test.go's timelines and the rules of
rules/alerting.go, recording rules, and group evaluation order."""

from __future__ import annotations

import pytest

from kubeloop.telemetry.promql import Vector, evaluate
from kubeloop.telemetry.promtool.notation import STALE, expand_values, parse_metric
from kubeloop.telemetry.rules import AlertingRule, RuleGroup, load_rule_text
from kubeloop.telemetry.rules.alerting import EvalContext
from kubeloop.telemetry.series import Labels, SeriesStore

MIN = 60_000


def world(series: dict[str, str], rules: str) -> tuple[SeriesStore, RuleGroup]:
    store = SeriesStore()
    for text, values in series.items():
        labels = Labels.of(parse_metric(text))
        for index, value in expand_values(values, 10_000).points:
            if value is STALE:
                store.append_stale(labels, index * MIN)
            else:
                assert isinstance(value, float)
                store.append(labels, index * MIN, value)
    (group_spec,) = load_rule_text(rules).groups
    return store, RuleGroup(group_spec)


def timeline(store: SeriesStore, group: RuleGroup, minutes: int) -> list[list[tuple[str, int]]]:
    """At each minute: every kept alert as (state, active_at minute)."""
    (rule,) = group.alerting_rules()
    out = []
    for minute in range(minutes + 1):
        assert group.eval(store, minute * MIN) == []
        out.append([(a.state, a.active_at // MIN) for a in rule.alerts()])
    return out


def rule(expr: str, extra: str = "") -> str:
    return (
        f"groups:\n- name: g\n  rules:\n  - alert: HTTPRequestRateHigh\n    expr: {expr}\n{extra}"
    )


def test_keep_firing_for() -> None:
    store, group = world(
        {'http_requests{job="app-server", instance="0"}': "75 85 70 70 10 10 10"},
        rule("http_requests > 50", "    for: 1m\n    keep_firing_for: 1m\n"),
    )
    got = timeline(store, group, 5)
    assert got == [
        [("pending", 0)],
        [("firing", 0)],
        [("firing", 0)],
        [("firing", 0)],
        [("firing", 0)],  # absent, but kept firing: 4m - 4m < 1m
        [("inactive", 0)],  # 5m - 4m = 1m is not < 1m: resolved
    ]


def test_pending_alert_is_deleted_even_with_keep_firing_for() -> None:
    store, group = world(
        {"http_requests": "75 10"},
        rule("http_requests > 50", "    for: 1m\n    keep_firing_for: 1m\n"),
    )
    assert timeline(store, group, 1) == [[("pending", 0)], []]


def test_for_zero_fires_at_the_first_evaluation() -> None:
    store, group = world({"up": "0"}, rule("up == 0"))
    assert timeline(store, group, 0) == [[("firing", 0)]]


def test_one_scrape_spike_goes_pending_and_clears_without_firing() -> None:
    store, group = world({"errors": "0 0 9 0 0 0"}, rule("errors > 1", "    for: 2m\n"))
    states = timeline(store, group, 5)
    assert states[2] == [("pending", 2)]
    assert all(s in ([], [("pending", 2)]) for s in states)


def test_for_restarts_when_the_condition_clears() -> None:
    store, group = world({"errors": "9 9 0 9 9 9"}, rule("errors > 1", "    for: 2m\n"))
    states = timeline(store, group, 5)
    assert states[1] == [("pending", 0)]
    assert states[2] == []
    assert states[3] == [("pending", 3)]
    assert states[5] == [("firing", 3)]


def test_resolved_alerts_are_kept_15_minutes_then_deleted() -> None:
    store, group = world({"up": "0 0 1x30"}, rule("up == 0"))
    states = timeline(store, group, 20)
    assert states[1] == [("firing", 0)]
    assert states[2] == [("inactive", 0)]  # resolved at 2m
    assert states[17] == [("inactive", 0)]  # 17m - 2m = 15m is not > 15m
    assert states[18] == []


def test_a_resolved_alert_that_returns_starts_a_new_pending_cycle() -> None:
    store, group = world({"errors": "9 9 0 9 9"}, rule("errors > 1", "    for: 1m\n"))
    states = timeline(store, group, 4)
    assert states[1] == [("firing", 0)]
    assert states[2] == [("inactive", 0)]
    assert states[3] == [("pending", 3)]
    assert states[4] == [("firing", 3)]


def test_a_changed_label_set_is_another_alert() -> None:
    store, group = world(
        {'errors{code="500"}': "9 9 _ _", 'errors{code="503"}': "_ _ 9 9"},
        rule("errors > 1 unless errors offset 5m < -1", "    for: 0s\n"),
    )
    (alerting,) = group.alerting_rules()
    for minute in range(3):
        group.eval(store, minute * MIN)
    codes = {a.labels.get("code"): a.state for a in alerting.alerts()}
    assert codes == {"500": "firing", "503": "firing"}  # 500 still within the 5m lookback


def alerts_series(store: SeriesStore, t: int, expr: str = "ALERTS") -> dict[str, float]:
    result = evaluate(expr, store, t)
    assert isinstance(result, Vector)
    return {str(s.labels): s.value for s in result}


def test_alerts_and_for_state_series() -> None:
    store, group = world({'up{job="api"}': "1 0 0 0 0"}, rule("up == 0", "    for: 2m\n"))
    for minute in range(5):
        group.eval(store, minute * MIN)
        if minute == 2:
            assert alerts_series(store, 2 * MIN) == {
                'ALERTS{alertname="HTTPRequestRateHigh", alertstate="pending", job="api"}': 1.0
            }
    assert alerts_series(store, 4 * MIN) == {
        'ALERTS{alertname="HTTPRequestRateHigh", alertstate="firing", job="api"}': 1.0
    }
    assert alerts_series(store, 4 * MIN, "ALERTS_FOR_STATE") == {
        'ALERTS_FOR_STATE{alertname="HTTPRequestRateHigh", job="api"}': 60.0
    }


def test_labels_and_annotations_are_templated() -> None:
    store, group = world(
        {'errors{instance="web-1:8080", job="web"}': "0.123456"},
        rule(
            "errors > 0",
            "    labels:\n      severity: '{{ if gt $value 0.1 }}page{{ else }}ticket{{ end }}'\n"
            "      instance: '{{ $labels.instance | stripPort }}'\n"
            "    annotations:\n"
            "      summary: '{{ $labels.job }} at {{ $value | humanizePercentage }}'\n"
            "      raw: '{{ $value }} {{ printf \"%.2f\" $value }}'\n"
            "      broken: '{{ humanize \"not a number\" }}'\n",
        ),
    )
    group.eval(store, 0)
    (alerting,) = group.alerting_rules()
    (alert,) = alerting.alerts()
    assert alert.labels.get("severity") == "page"
    assert alert.labels.get("instance") == "web-1"
    notes = alert.annotations_dict
    assert notes["summary"] == "web at 12.35%"
    assert notes["raw"] == "0.123456 0.12"
    assert notes["broken"].startswith("<error expanding template: ")


def test_duplicate_alert_label_sets_are_an_evaluation_error() -> None:
    store, group = world({'a{x="1"}': "1", 'b{x="1"}': "1"}, rule("'{__name__=~\"a|b\"}'"))
    (failure,) = group.eval(store, 0)
    assert "same labelset after applying alert labels" in failure.error
    assert failure.rule == "HTTPRequestRateHigh"


def test_recording_rules_rename_relabel_and_go_stale() -> None:
    store, group = world(
        {'requests{job="a", env="x"}': "1 2 _ _ _ _ _ _"},
        "groups:\n- name: g\n  rules:\n"
        "  - record: job:requests:sum\n    expr: sum by (job, env) (requests)\n"
        "    labels:\n      env: ''\n      team: sre\n"
        "  - record: job:requests:double\n    expr: job:requests:sum * 2\n",
    )
    group.eval(store, 0)
    assert alerts_series(store, 0, '{__name__=~"job:.*"}') == {
        'job:requests:sum{job="a", team="sre"}': 1.0,
        'job:requests:double{job="a", team="sre"}': 2.0,  # saw the first rule's output
    }
    for minute in range(1, 8):
        group.eval(store, minute * MIN)
    # requests' last sample (1m) leaves the 5m lookback at 6m: the rule's output goes stale
    # at once, where a series that merely stopped would linger for 5 more minutes.
    assert alerts_series(store, 6 * MIN, "job:requests:sum") == {}
    assert alerts_series(store, 5 * MIN, "job:requests:sum") == {
        'job:requests:sum{job="a", team="sre"}': 2.0
    }


def test_query_offset_shifts_the_query_and_the_samples() -> None:
    store, group = world(
        {"up": "0 1 1"},
        "groups:\n- name: g\n  query_offset: 1m\n  rules:\n  - alert: Down\n    expr: up == 0\n",
    )
    group.eval(store, MIN)
    (alerting,) = group.alerting_rules()
    assert [a.state for a in alerting.alerts()] == ["firing"]
    assert alerts_series(store, 0) == {'ALERTS{alertname="Down", alertstate="firing"}': 1.0}


def test_limit_is_an_error_and_clears_the_alerts() -> None:
    store, group = world(
        {'up{i="1"}': "0", 'up{i="2"}': "0"},
        "groups:\n- name: g\n  limit: 1\n  rules:\n  - alert: Down\n    expr: up == 0\n",
    )
    (failure,) = group.eval(store, 0)
    assert failure.error == "exceeded limit of 1 with 2 alerts"
    (alerting,) = group.alerting_rules()
    assert alerting.alerts() == ()


def test_apply_drives_the_machine_without_promql() -> None:
    (spec,) = load_rule_text(rule("vector(1)", "    for: 1m\n")).groups[0].rules
    machine = AlertingRule(spec)
    labels = Labels.of({"job": "x"})
    machine.apply([(labels, 1.0)], 0, EvalContext())
    machine.apply([(labels, 1.0)], 60_000, EvalContext())
    assert machine.state() == "firing"
    machine.apply([], 120_000, EvalContext())
    assert machine.state() == "inactive"


@pytest.mark.parametrize("for_", ["1m", "90s"])
def test_firing_needs_the_full_for(for_: str) -> None:
    store, group = world({"up": "0x5"}, rule("up == 0", f"    for: {for_}\n"))
    states = timeline(store, group, 3)
    first = next(i for i, s in enumerate(states) if s and s[0][0] == "firing")
    assert first == (1 if for_ == "1m" else 2)
