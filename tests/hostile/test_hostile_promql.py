"""Hostile PromQL and promtool test inputs: label names that are not UTF-8 are refused as
Prometheus refuses them, infinite expected samples are accepted as promtool accepts them,
and a test too long to evaluate is refused at its own FILE:LINE."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from kubeloop import Telemetry
from kubeloop.telemetry.promql import PromQLError
from kubeloop.telemetry.promtool import run_file


@pytest.mark.parametrize(
    "expr",
    [
        'count_values("\\xff", vector(1))',
        'count_values("a\\xc3", vector(1))',
        'sum by ("\\xff") (vector(1))',
        'sum without ("\\xed\\xa0\\x80") (vector(1))',
        'x{"\\xff"="a"}',
        'count_values("", vector(1))',
    ],
)
def test_a_label_name_that_is_not_utf8_is_an_error(expr: str) -> None:
    with pytest.raises(PromQLError, match="invalid label name"):
        Telemetry().query(expr)


@pytest.mark.parametrize("expr", ['count_values("é", vector(1))', 'sum by ("ü.x") (vector(1))'])
def test_a_utf8_label_name_is_accepted_as_in_prometheus_3(expr: str) -> None:
    Telemetry().query(expr)


RULES = "groups:\n- name: g\n  rules:\n  - record: r\n    expr: x / {divisor}\n"
TEST = """rule_files: [rules.yml]
evaluation_interval: 1m
tests:
- interval: 1m
  input_series:
  - series: 'x'
    values: '1 1 1'
  promql_expr_test:
  - expr: {expr}
    eval_time: {eval_time}
    exp_samples:
    - labels: '{labels}'
      value: {value}
"""


def rule_test(tmp_path: Path, divisor: str, expr: str, labels: str, value: str, at: str) -> bool:
    (tmp_path / "rules.yml").write_text(RULES.format(divisor=divisor))
    text = TEST.format(expr=expr, labels=labels, value=value, eval_time=at)
    (tmp_path / "t.yml").write_text(text)
    result = run_file(str(tmp_path / "t.yml"))
    assert result.error is None, result.error
    return result.passed


@pytest.mark.parametrize(
    ("divisor", "expr", "labels", "value", "passes"),
    [
        ("0", "r", "r", ".inf", True),
        ("0", "r", "r", "+.inf", True),
        ("0", "-r", "{}", "-.inf", True),
        ("0", "r", "r", ".Inf", True),
        ("0", "r", "r", "-.inf", False),
        ("1", "r", "r", ".inf", False),
    ],
)
def test_an_infinite_expected_sample_is_read_as_promtool_reads_it(
    tmp_path: Path, divisor: str, expr: str, labels: str, value: str, passes: bool
) -> None:
    assert rule_test(tmp_path, divisor, expr, labels, value, "1m") is passes


def test_a_number_too_large_for_a_float_is_still_refused(tmp_path: Path) -> None:
    (tmp_path / "rules.yml").write_text(RULES.format(divisor="1"))
    text = TEST.format(expr="r", labels="r", value="1e400", eval_time="1m")
    (tmp_path / "t.yml").write_text(text)
    result = run_file(str(tmp_path / "t.yml"))
    assert result.error is not None and "t.yml:13" in result.error, result.error


def test_an_eval_time_past_the_bound_is_refused_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "rules.yml").write_text(RULES.format(divisor="1"))
    (tmp_path / "t.yml").write_text(TEST.format(expr="r", labels="r", value="1", eval_time="100y"))
    result = run_file(str(tmp_path / "t.yml"))
    (group,) = result.groups
    (failure,) = group.failures
    assert failure.message.startswith(f"{tmp_path / 't.yml'}:9: the largest eval_time (100y)")


def annotations(template: str) -> dict[str, str]:
    telemetry = Telemetry()
    rules = "groups:\n- name: g\n  rules:\n  - alert: A\n    expr: vector(1)\n    annotations:\n"
    telemetry.load_rules(rules + f"      note: '{template}'\n", "r.yml")
    telemetry.clock.run_for(60)
    (rule,) = telemetry.alerting_rules("A")
    (alert,) = rule.active_alerts()
    return dict(alert.annotations)


@pytest.mark.parametrize(
    ("template", "message"),
    [
        (
            "{{ range $i := 5000 }}{{ range $j := 5000 }}{{ end }}{{ end }}",
            "more than 1000000 steps",
        ),
        (
            '{{ range $i := 3000 }}{{ with query "vector(1)" }}{{ end }}{{ end }}',
            "more than 1000 query calls",
        ),
        (
            '{{ range $i := 40 }}{{ range $j := 40 }}{{ query "vector(1)" }}{{ end }}{{ end }}',
            "more than 1000 query calls",
        ),
        ("{{ range $i := 100000 }}x{{ end }}", "range over more than 10000 items"),
    ],
)
def test_a_template_that_would_run_without_bound_stops_at_its_budget(
    template: str, message: str
) -> None:
    started = time.process_time()
    note = annotations(template)["note"]
    assert time.process_time() - started < 20
    assert note.startswith("<error expanding template") and message in note, note


def test_template_regexes_are_linear_as_go_regexp_is() -> None:
    started = time.process_time()
    note = annotations('{{ reReplaceAll "(a+)+$" "b" "' + "a" * 40 + 'c" }}')["note"]
    assert time.process_time() - started < 5
    assert note == "a" * 40 + "c"
    assert annotations('{{ reReplaceAll "(a)(b)" "${2}$1" "xaby" }}')["note"] == "xbay"


@pytest.mark.parametrize(
    "stamp", ["1e400", "-1e20", "'9999999999999999999999'", "nan", "inf", "'١٢٣'", "'1_000'"]
)
def test_a_start_timestamp_outside_the_calendar_is_refused_at_its_line(
    tmp_path: Path, stamp: str
) -> None:
    (tmp_path / "t.yml").write_text(
        f"tests:\n- start_timestamp: {stamp}\n  input_series: [{{series: 'x', values: '1'}}]\n"
    )
    result = run_file(str(tmp_path / "t.yml"))
    assert result.error is not None and "t.yml:2:20: tests[0].start_timestamp" in result.error


@pytest.mark.parametrize("stamp", ["1700000000", "'2026-01-01T00:00:00Z'", "-1.5"])
def test_a_start_timestamp_in_the_calendar_is_read(tmp_path: Path, stamp: str) -> None:
    (tmp_path / "t.yml").write_text(
        f"tests:\n- start_timestamp: {stamp}\n  input_series: [{{series: 'x', values: '1'}}]\n"
    )
    assert run_file(str(tmp_path / "t.yml")).passed


@pytest.mark.parametrize(
    "item",
    [
        "  - series: 'x{" + "a" * 100_000 + "'\n    values: '1'\n",
        "  - series: 'x'\n    values: '" + "z" * 100_000 + "'\n",
        "  - series: 'x'\n    values: '1x" + "9" * 100_000 + "'\n",
    ],
    ids=["series", "values", "repetition"],
)
def test_a_broken_input_series_is_quoted_short(tmp_path: Path, item: str) -> None:
    (tmp_path / "t.yml").write_text("tests:\n- input_series:\n" + item)
    result = run_file(str(tmp_path / "t.yml"))
    (group,) = result.groups
    shown = "\n".join(f.message for f in group.failures)
    assert "t.yml:" in shown and len(shown) < 500, shown[:1000]
