"""`kubeloop test rules` with promtool 3's engine options and flags: ``--enable-feature``,
the default subquery step, the 10,000-sample bound, UTF-8 names, duration expressions and
``--debug``."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.cli import main


def _write(tmp_path: Path, rules: str, test: str) -> str:
    (tmp_path / "rules.yml").write_text(rules)
    (tmp_path / "test.yml").write_text(test)
    return str(tmp_path / "test.yml")


EXPERIMENTAL = """\
groups:
  - name: g
    rules:
      - record: job:mad
        expr: mad_over_time(x[5m])
"""
EXPERIMENTAL_TEST = """\
rule_files: [rules.yml]
tests:
  - input_series:
      - series: 'x{job="a"}'
        values: '1 2 3 4 5 6'
    promql_expr_test:
      - expr: job:mad
        eval_time: 5m
        exp_samples:
          - labels: 'job:mad{job="a"}'
            value: 1
"""


def test_experimental_functions_need_the_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, EXPERIMENTAL, EXPERIMENTAL_TEST)
    assert main(["test", "rules", path]) == 1
    assert 'function "mad_over_time" is not enabled' in capsys.readouterr().err
    flag = "--enable-feature=promql-experimental-functions"
    assert main(["test", "rules", flag, path]) == 0


def test_an_unknown_feature_is_warned_about_as_promtool_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, EXPERIMENTAL, EXPERIMENTAL_TEST)
    main(["test", "rules", "--enable-feature=promql-experimental-functions,no-such", path])
    assert "  WARNING: Unknown feature passed to --enable-feature: no-such" in (
        capsys.readouterr().out
    )


def _expr_test(interval: str, series: str, expr: str, eval_time: str, expected: str) -> str:
    return f"""\
evaluation_interval: {interval}
tests:
  - interval: 15s
    input_series:
      - series: '{series}'
        values: '0+1x100'
    promql_expr_test:
      - expr: '{expr}'
        eval_time: {eval_time}
        exp_samples:
          - labels: '{{}}'
            value: {expected}
"""


@pytest.mark.parametrize(
    ("interval", "expected"),
    [("30s", 10), ("1m", 5)],
)
def test_a_subquery_without_a_step_steps_by_the_evaluation_interval(
    tmp_path: Path, interval: str, expected: int
) -> None:
    (tmp_path / "t.yml").write_text(
        _expr_test(interval, "x", "count_over_time(x[5m:])", "10m", str(expected))
    )
    assert main(["test", "rules", str(tmp_path / "t.yml")]) == 0


def test_a_query_over_10000_samples_fails_as_in_promtool(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    series = "\n".join(
        f"      - series: 'x_bucket{{le=\"{b}\", pod=\"{p}\"}}'\n        values: '0+{b}x10'"
        for b in range(100)
        for p in range(100)
    )
    text = f"""\
tests:
  - input_series:
{series}
    promql_expr_test:
      - expr: histogram_quantile(0.9, rate(x_bucket[5m]))
        eval_time: 10m
        exp_samples: []
"""
    (tmp_path / "t.yml").write_text(text)
    assert main(["test", "rules", str(tmp_path / "t.yml")]) == 1
    assert "query processing would load too many samples into memory" in capsys.readouterr().err


def test_utf8_names_and_duration_expressions(tmp_path: Path) -> None:
    rules = """\
groups:
  - name: g
    rules:
      - record: my.ratio:rate5m
        expr: rate({"my.metric"}[4m + 1m])
"""
    test = """\
rule_files: [rules.yml]
tests:
  - input_series:
      - series: '{"my.metric", "team.name"="a"}'
        values: '0+60x20'
    promql_expr_test:
      - expr: '{"my.ratio:rate5m"} offset (1m * 2)'
        eval_time: 10m
        exp_samples:
          - labels: '{"my.ratio:rate5m", "team.name"="a"}'
            value: 1
"""
    assert main(["test", "rules", _write(tmp_path, rules, test)]) == 0


def test_debug_dumps_every_series_the_group_ended_with(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "t.yml").write_text(_expr_test("1m", 'up{job="a"}', "sum(up)", "1m", "4"))
    assert main(["test", "rules", "--debug", str(tmp_path / "t.yml")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "DEBUG: Starting test unnamed#0"
    assert err[1] == "DEBUG: Dump of all data (input_series and rules) at 1m1s:"
    assert err[2] == '{__name__="up", job="a"} =>'
    assert err[3:7] == ["1 @[15000]", "2 @[30000]", "3 @[45000]", "4 @[60000]"]
    assert err[7].startswith("DEBUG: Test unnamed#0 finished, took ")


def test_a_test_file_of_10000_series_runs(tmp_path: Path) -> None:
    """Over the 1 MB other fixtures are held to: promtool runs it, so kubeloop does."""
    series = "\n".join(
        f'      - series: \'requests_total{{pod="web-{i:05d}", path="/api/v1/items/list"}}\'\n'
        "        values: '0+1x4'"
        for i in range(10_000)
    )
    text = f"""\
tests:
  - input_series:
{series}
    promql_expr_test:
      - expr: count(requests_total)
        eval_time: 4m
        exp_samples:
          - value: 10000
"""
    (tmp_path / "t.yml").write_text(text)
    assert (tmp_path / "t.yml").stat().st_size > 1_000_000
    assert main(["test", "rules", str(tmp_path / "t.yml")]) == 0


def test_fill_modifiers_need_their_flag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = """\
tests:
  - input_series:
      - series: 'a{k="1"}'
        values: '1'
      - series: 'b{k="2"}'
        values: '10'
    promql_expr_test:
      - expr: a + fill(0) b
        eval_time: 0m
        exp_samples:
          - labels: '{k="1"}'
            value: 1
          - labels: '{k="2"}'
            value: 10
"""
    (tmp_path / "t.yml").write_text(text)
    assert main(["test", "rules", str(tmp_path / "t.yml")]) == 1
    assert "binop fill modifiers are experimental and not enabled" in capsys.readouterr().err
    flag = "--enable-feature=promql-binop-fill-modifiers"
    assert main(["test", "rules", flag, str(tmp_path / "t.yml")]) == 0


DELAYED = """\
groups:
  - name: g
    rules:
      - record: named
        expr: label_replace(rate(x_total[5m]), "was", "$1", "__name__", "(.+)")
"""
DELAYED_TEST = """\
rule_files: [rules.yml]
tests:
  - input_series:
      - series: 'x_total{job="a"}'
        values: '0+60x10'
    promql_expr_test:
      - expr: named
        eval_time: 5m
        exp_samples:
          - labels: 'named{job="a", was="x_total"}'
            value: 1
"""


def test_delayed_name_removal_lets_label_replace_read_the_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without the flag ``rate`` drops ``__name__`` before ``label_replace`` reads it, so
    ``was`` stays empty, as in promtool; with it the name is there to copy."""
    path = _write(tmp_path, DELAYED, DELAYED_TEST)
    assert main(["test", "rules", path]) == 1
    assert 'got: {__name__="named", job="a"} 1E+00' in capsys.readouterr().err
    assert main(["test", "rules", "--enable-feature=promql-delayed-name-removal", path]) == 0


def test_parse_errors_read_as_prometheus_writes_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "t.yml").write_text(_expr_test("1m", "x", "sum(x", "1m", "1"))
    assert main(["test", "rules", str(tmp_path / "t.yml")]) == 1
    assert 'expr: "sum(x", time: 1m, err: 1:6: parse error: ' in capsys.readouterr().err
