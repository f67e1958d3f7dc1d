"""`kubeloop test rules`: exit codes, promtool-shaped output, kubeloop's extra notes, JUnit,
and hostile files (each a clear FILE:LINE error, never a traceback or a hang)."""

from __future__ import annotations

import time
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from kubeloop.cli import main

RULES = """\
groups:
  - name: alerts
    rules:
      - alert: InstanceDown
        expr: up == 0
        for: 5m
        labels: {severity: page}
        annotations:
          summary: "{{ $labels.instance }} down"
"""

PASSING = """\
rule_files: [rules.yml]
tests:
  - interval: 1m
    input_series:
      - series: 'up{job="node", instance="a"}'
        values: '1 1 0x20'
    alert_rule_test:
      - eval_time: 4m
        alertname: InstanceDown
        exp_alerts: []
      - eval_time: 7m
        alertname: InstanceDown
        exp_alerts:
          - exp_labels: {severity: page, job: node, instance: a}
            exp_annotations: {summary: "a down"}
    promql_expr_test:
      - expr: up
        eval_time: 2m
        exp_samples:
          - labels: 'up{job="node", instance="a"}'
            value: 0
"""


def write(tmp_path: Path, test: str, rules: str = RULES) -> Path:
    (tmp_path / "rules.yml").write_text(rules)
    path = tmp_path / "test.yml"
    path.write_text(test)
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["test", "rules", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_passing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(write(tmp_path, PASSING)))
    assert (code, err) == (0, "")
    assert out == f"Unit Testing:  {tmp_path / 'test.yml'}\n  SUCCESS\n\n"


def test_a_pending_alert_is_shown_when_its_test_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    test = PASSING.replace("eval_time: 7m", "eval_time: 5m")
    code, _, err = run(capsys, str(write(tmp_path, test)))
    assert code == 1
    assert "    alertname: InstanceDown, time: 5m, \n        exp:[\n" in err
    assert "        got:[]" in err
    assert (
        "kubeloop: pending since 2m (for: 5m, fires at 7m if it holds): "
        '{alertname="InstanceDown", instance="a", job="node", severity="page"}'
    ) in err


def test_an_eval_time_past_the_input_is_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    test = PASSING.replace("values: '1 1 0x20'", "values: '1 1 0x3'")
    code, _, err = run(capsys, str(write(tmp_path, test)))
    assert code == 0  # the lookback still sees the 5m sample at 7m, as in promtool
    assert "test.yml:11: eval_time 7m is after the last input sample (at 5m)" in err


def test_junit_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, PASSING)
    bad = tmp_path / "bad.yml"
    bad.write_text(
        PASSING.replace("value: 0", "value: 1").replace("- interval", "- name: t1\n    interval")
    )
    report = tmp_path / "junit.xml"
    code, _, _ = run(capsys, str(good), str(bad), "--junit", str(report))
    assert code == 1
    suites = ET.fromstring(report.read_text()).findall("testsuite")
    assert [(s.get("name"), s.get("failures")) for s in suites] == [
        (str(good), "0"),
        (str(bad), "1"),
    ]
    (case,) = suites[1].findall("testcase")
    assert case.get("name") == "t1"
    failure = case.find("failure")
    assert failure is not None and 'expr: "up", time: 2m' in (failure.text or "")


@pytest.mark.parametrize(
    ("test", "expected"),
    [
        ("tests: [\n", "test.yml:2:1: $: not valid YAML"),
        ("tsts: []\n", 'test.yml:1:1: tsts: unknown field "tsts"; did you mean "tests"?'),
        (
            "evaluation_interval: 1 minute\n",
            'test.yml:1:22: evaluation_interval: not a valid duration string: "1 minute"',
        ),
        (
            "tests:\n- interval: 1m\n  alert_rule_test:\n  - eval_time: 5\n    alertname: A\n",
            "test.yml:4:16: tests[0].alert_rule_test[0].eval_time: not a valid duration string: "
            '"5"',
        ),
        (
            "tests:\n- input_series:\n  - series: up\n    values: '1 2 3 x'\n",
            "test.yml:4:13: tests[0].input_series[0].values: values '1 2 3 x': column 7: "
            "unexpected 'x' in series values",
        ),
        (
            "tests:\n- input_series:\n  - series: up\n    values: '0+1x999999999999'\n",
            "expands the series to more than 100000000 samples",
        ),
        (
            "tests:\n- input_series:\n  - series: 'up{a=\"1\"'\n    values: '1'\n",
            "test.yml:3:13: tests[0].input_series[0].series: series 'up{a=\"1\"': column 9: "
            "unclosed '{'",
        ),
        (
            "tests:\n- promql_expr_test:\n  - expr: 'sum(up'\n    eval_time: 0\n",
            '    expr: "sum(up", time: 0s, err: ',
        ),
        (
            "tests:\n- promql_expr_test:\n  - expr: up\n    eval_time: 100y\n",
            "needs more than 1000000 evaluations",
        ),
        (
            "tests:\n- alert_rule_test:\n  - eval_time: 1m\n",
            "an item under alert_rule_test misses required attribute alertname at eval_time 1m",
        ),
        ("group_eval_order: [a, a]\n", "group name repeated in evaluation order: a"),
        (
            "tests:\n- promql_expr_test:\n  - expr: up\n    eval_time: 0\n    exp_samples:\n    "
            "- labels: 'up{'\n",
            "err: labels \"up{\": column 4: unclosed '{'",
        ),
        (
            "tests:\n- promql_expr_test:\n  - expr: up\n    eval_time: 0\n    exp_samples:\n    "
            "- value: NaN\n",
            "test.yml:6:14: tests[0].promql_expr_test[0].exp_samples[0].value: must be a number "
            "or a null",
        ),
    ],
)
def test_broken_test_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], test: str, expected: str
) -> None:
    started = time.monotonic()
    code, _, err = run(capsys, str(write(tmp_path, test)))
    assert time.monotonic() - started < 10
    assert code == 1
    assert expected in err.replace(str(tmp_path) + "/", ""), err
    assert "Traceback" not in err


def test_a_broken_rule_file_fails_every_test_group(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, str(write(tmp_path, PASSING, RULES.replace("up == 0", "up =="))))
    assert code == 1
    assert "rules.yml:5:15: groups[0].rules[0].expr:" in err


def test_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, str(tmp_path / "nope.yml"))
    assert code == 1
    assert "nope.yml:1:1: $: no such file" in err


def test_unmatched_rule_file_pattern_is_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    test = "rule_files: [missing-*.yml]\ntests:\n- input_series: [{series: up, values: '1'}]\n"
    code, _, err = run(capsys, str(write(tmp_path, test)))
    assert code == 0
    assert "WARNING: " in err and "no file match pattern" in err


def test_rule_evaluation_errors_end_the_group(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = "groups:\n- name: g\n  rules:\n  - record: r\n    expr: 'a + on(x) b'\n"
    test = (
        "rule_files: [rules.yml]\ntests:\n- input_series:\n"
        "  - {series: 'a{x=\"1\"}', values: '1'}\n  - {series: 'b{x=\"1\",y=\"1\"}', values: '1'}\n"
        "  - {series: 'b{x=\"1\",y=\"2\"}', values: '1'}\n"
    )
    code, _, err = run(capsys, str(write(tmp_path, test, rules)))
    assert code == 1
    assert "    rule: r, time: 0s, err: found duplicate series for the match group" in err
    assert "kubeloop: the rule is at " in err and "rules.yml:4" in err


def test_external_labels_and_url_reach_templates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = (
        "groups:\n- name: g\n  rules:\n  - alert: A\n    expr: vector(1)\n"
        "    annotations:\n      where: '{{ $externalLabels.region }} {{ $externalURL }}'\n"
    )
    test = (
        "rule_files: [rules.yml]\ntests:\n- external_labels: {region: eu}\n"
        "  external_url: https://prom.example\n  alert_rule_test:\n  - eval_time: 0m\n"
        "    alertname: A\n    exp_alerts:\n    - exp_annotations: {where: eu https://prom.example}\n"
    )
    code, _, err = run(capsys, str(write(tmp_path, test, rules)))
    assert (code, err) == (0, "")


@pytest.mark.parametrize(("order", "seen"), [("[first, second]", 1), ("[second, first]", 0)])
def test_group_eval_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], order: str, seen: int
) -> None:
    """A later group sees what an earlier group wrote at the same evaluation."""
    rules = (
        "groups:\n- name: second\n  rules:\n  - record: doubled\n    expr: once * 2\n"
        "- name: first\n  rules:\n  - record: once\n    expr: vector(1)\n"
    )
    test = (
        f"rule_files: [rules.yml]\ngroup_eval_order: {order}\ntests:\n- promql_expr_test:\n"
        "  - expr: count(doubled) or vector(0)\n    eval_time: 0m\n    exp_samples:\n"
        f"    - value: {seen}\n"
    )
    code, _, err = run(capsys, str(write(tmp_path, test, rules)))
    assert code == 0, err


def test_keep_firing_for_and_stale_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = (
        "groups:\n- name: g\n  rules:\n  - alert: Down\n    expr: up == 0\n"
        "    keep_firing_for: 2m\n"
    )
    test = (
        "rule_files: [rules.yml]\ntests:\n- input_series:\n  - {series: up, values: '0 0 stale'}\n"
        "  alert_rule_test:\n"
        "  - {eval_time: 1m, alertname: Down, exp_alerts: [{}]}\n"
        "  - {eval_time: 3m, alertname: Down, exp_alerts: [{}]}\n"
        "  - {eval_time: 4m, alertname: Down, exp_alerts: []}\n"
    )
    code, _, err = run(capsys, str(write(tmp_path, test, rules)))
    assert code == 0, err


def test_a_series_that_ends_with_stale_says_it_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    test = PASSING.replace("values: '1 1 0x20'", "values: '1 1 0x3 stale'").replace(
        "exp_alerts:\n          - exp_labels: {severity: page, job: node, instance: a}\n"
        '            exp_annotations: {summary: "a down"}',
        "exp_alerts: []",
    )
    code, _, err = run(capsys, str(write(tmp_path, test)))
    assert (code, err) == (0, "")
