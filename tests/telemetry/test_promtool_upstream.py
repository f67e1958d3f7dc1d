"""promtool's own unit-test files (cmd/promtool/testdata) through ``kubeloop test rules``,
with the verdicts cmd/promtool/unittest_test.go expects of the promtool command line
(where the @ modifier and negative offsets are always enabled)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kubeloop.cli import main
from kubeloop.telemetry.promtool import run_file

HERE = Path(__file__).parent / "promtool"
UPSTREAM = HERE / "upstream"

VERDICTS = [
    ("long-period.yml", None, True),
    ("bad-input-series.yml", None, False),
    ("bad-promql.yml", None, False),
    ("bad-rules-syntax-test.yml", None, False),
    ("bad-rules-error-test.yml", None, False),
    ("failing.yml", None, False),
    ("at-modifier-test.yml", None, True),
    ("negative-offset-test.yml", None, True),
    ("no-test-group-interval.yml", None, True),
    ("start-time-test.yml", None, True),
    ("rules_run.yml", None, False),
    ("rules_run.yml", "correct", True),
    ("rules_run.yml", "wrong", False),
    ("rules_run.yml", "correct|wrong", False),
    ("rules_run_no_fuzzy.yml", None, False),
    ("rules_run_fuzzy.yml", "correct", True),
    ("rules_run_fuzzy.yml", "wrong", False),
    ("rules_run_extrafields.yml", None, False),
]


@pytest.mark.parametrize(("name", "run", "passes"), VERDICTS)
def test_upstream_verdicts(name: str, run: str | None, passes: bool) -> None:
    result = run_file(str(UPSTREAM / name), re.compile(run) if run else None)
    assert result.passed is passes, [f.message for g in result.groups for f in g.failures]


def test_unknown_rule_fields_pass_with_ignore_unknown_fields() -> None:
    result = run_file(str(UPSTREAM / "rules_run_extrafields.yml"), ignore_unknown=True)
    assert result.passed


def test_unittest_without_native_histograms_passes() -> None:
    assert run_file(str(HERE / "unittest-floats.yml")).passed


def test_unittest_with_native_histograms_passes() -> None:
    """unittest.yml holds native histograms in input_series and exp_samples."""
    assert run_file(str(UPSTREAM / "unittest.yml")).passed


def test_a_wrong_histogram_expectation_fails_as_promtool_prints_it(tmp_path: Path) -> None:
    text = (UPSTREAM / "unittest.yml").read_text()
    wrong = text.replace(
        'histogram: "{{count:4 sum:5.6 counter_reset_hint:not_reset buckets:[4]}}"',
        'histogram: "{{count:4 sum:5.6 buckets:[4]}}"',
    )
    assert wrong != text
    (tmp_path / "unittest.yml").write_text(wrong)
    (tmp_path / "rules.yml").write_text((UPSTREAM / "rules.yml").read_text())
    result = run_file(str(tmp_path / "unittest.yml"))
    (failure,) = [f for g in result.groups for f in g.failures]
    assert failure.message.endswith(
        '        exp: {__name__="test_histogram_increase"} {{count:4 sum:5.6 buckets:[4]}}\n'
        '        got: {__name__="test_histogram_increase"} '
        "{{count:4 sum:5.6 counter_reset_hint:not_reset buckets:[4]}}"
    )


def test_failure_messages_have_promtools_shape(capsys: pytest.CaptureFixture[str]) -> None:
    """The promtool 2.42 output for failing.yml, message for message (kubeloop's notes are
    extra lines starting with "kubeloop:")."""
    expected = (HERE / "failing.promtool-2.42.txt").read_text()
    assert main(["test", "rules", str(UPSTREAM / "failing.yml")]) == 1
    err = capsys.readouterr().err
    ours = "\n".join(line for line in err.splitlines() if "kubeloop:" not in line)
    blocks = lambda text: sorted(b.strip() for b in text.split("\n    name:") if b.strip())  # noqa: E731
    assert blocks(ours) == blocks(expected)


def test_rule_errors_name_file_and_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["test", "rules", str(UPSTREAM / "bad-rules-syntax-test.yml")]) == 1
    err = capsys.readouterr().err
    assert re.search(r"bad-rules-syntax\.yml:7:15: .*could not parse expression", err)


def test_the_documentation_example_passes() -> None:
    assert run_file(str(HERE / "docs-example" / "test.yml")).passed


def test_the_documentation_example_fails_when_an_expectation_is_wrong(tmp_path: Path) -> None:
    folder = HERE / "docs-example"
    (tmp_path / "alerts.yml").write_text((folder / "alerts.yml").read_text())
    text = (folder / "test.yml").read_text().replace("eval_time: 10m", "eval_time: 4m")
    (tmp_path / "test.yml").write_text(text)
    result = run_file(str(tmp_path / "test.yml"))
    (failure,) = [f for g in result.groups for f in g.failures]
    assert "alertname: InstanceDown, time: 4m" in failure.message
    assert any(n.startswith("pending since 0s (for: 5m, fires at 5m") for n in failure.notes)


def test_recording_rules_record_histograms(tmp_path: Path) -> None:
    (tmp_path / "rules.yml").write_text(
        "groups:\n- name: g\n  rules:\n  - record: job:h:sum\n    expr: sum by (job) (h)\n"
    )
    (tmp_path / "test.yml").write_text(
        "rule_files: [rules.yml]\nevaluation_interval: 1m\ntests:\n- interval: 1m\n"
        "  input_series:\n"
        '  - series: h{job="a", i="1"}\n    values: "{{count:1 sum:2 buckets:[1]}}x3"\n'
        '  - series: h{job="a", i="2"}\n    values: "{{count:3 sum:1 buckets:[1 2]}}x3"\n'
        "  promql_expr_test:\n"
        "  - expr: job:h:sum\n    eval_time: 2m\n    exp_samples:\n"
        '    - labels: job:h:sum{job="a"}\n'
        '      histogram: "{{count:4 sum:3 counter_reset_hint:not_reset buckets:[2 2]}}"\n'
        "  - expr: histogram_count(job:h:sum)\n    eval_time: 2m\n    exp_samples:\n"
        '    - labels: "{job=\\"a\\"}"\n      value: 4\n'
    )
    result = run_file(str(tmp_path / "test.yml"))
    assert result.passed, [f.message for g in result.groups for f in g.failures]


def test_debug_dumps_histograms_as_promtool_prints_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["test", "rules", "--debug", str(UPSTREAM / "unittest.yml")]) == 0
    err = capsys.readouterr().err
    assert '{__name__="test_histogram_repeat"} =>\n{count:2, sum:3, (0.5,1]:2} @[60000]\n' in err
