"""Hostile CI reports (JUnit XML, coverage.py JSON, Trivy JSON) and PromQL number literals:
each is read as the real tool reads it or refused with FILE:LINE:COL, never a Python
ValueError or OverflowError, and never a verdict the report does not support."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kubeloop.errors import FixtureError
from kubeloop.fixtures.pipeline_junit import junit_summary
from kubeloop.fixtures.pipeline_reports import read_coverage, read_trivy
from kubeloop.telemetry.promql import PromQLError, parse

SUITE = '<testsuite tests="{}" failures="0" errors="0" skipped="0"/>'

# (id, JUnit text, "LINE:COL", a piece of the message)
JUNIT_REFUSED = [
    ("superscript-two", SUITE.format("²"), "1:1", "at most 12 ASCII digits"),
    ("arabic-indic", SUITE.format("٣"), "1:1", "at most 12 ASCII digits"),
    ("fullwidth", SUITE.format("３"), "1:1", "at most 12 ASCII digits"),
    ("five-thousand-digits", SUITE.format("9" * 5000), "1:1", "(5000 characters)"),
    ("negative", SUITE.format("-1"), "1:1", "whole number"),
    ("empty", SUITE.format(""), "1:1", "whole number"),
    ("float", SUITE.format("1.0"), "1:1", "whole number"),
]


@pytest.mark.parametrize(
    ("case", "text", "where", "message"), JUNIT_REFUSED, ids=[c[0] for c in JUNIT_REFUSED]
)
def test_junit_counts_that_are_not_ascii_whole_numbers_are_refused(
    case: str, text: str, where: str, message: str
) -> None:
    with pytest.raises(FixtureError) as caught:
        junit_summary(text, "report.xml")
    assert f"report.xml:{where}" in str(caught.value)
    assert message in str(caught.value)
    assert "9" * 100 not in str(caught.value)


CASE = '<testcase name="{}">{}</testcase>'

# (id, the testcases, passed?, failures, errors, skipped)
JUNIT_VERDICTS = [
    ("skipped-then-failure", CASE.format("a", "<skipped/><failure/>"), False, 1, 0, 0),
    ("failure-then-skipped", CASE.format("a", "<failure/><skipped/>"), False, 1, 0, 0),
    ("skipped-then-error", CASE.format("a", "<skipped/><error/>"), False, 0, 1, 0),
    ("two-failures-count-once", CASE.format("a", "<failure/><failure/>"), False, 1, 0, 0),
    ("skipped-only", CASE.format("a", "<skipped/>") + CASE.format("b", ""), True, 0, 0, 1),
]


@pytest.mark.parametrize(
    ("case", "cases", "passed", "failures", "errors", "skipped"),
    JUNIT_VERDICTS,
    ids=[c[0] for c in JUNIT_VERDICTS],
)
def test_a_failure_fails_its_testcase_even_beside_skipped(
    case: str, cases: str, passed: bool, failures: int, errors: int, skipped: int
) -> None:
    text = f"<testsuite>{cases}{CASE.format('ok', '')}</testsuite>"
    summary = junit_summary(text, "report.xml")
    assert (summary.passed, summary.failures, summary.errors, summary.skipped) == (
        passed,
        failures,
        errors,
        skipped,
    )


def coverage(percent: str, covered: int = 1, statements: int = 1000) -> str:
    totals = (
        f'"covered_lines": {covered}, "num_statements": {statements}, '
        f'"percent_covered": {percent}, "missing_lines": {statements - covered}'
    )
    return '{"meta": {"version": "7.4.0"}, "files": {}, "totals": {' + totals + "}}"


@pytest.mark.parametrize("percent", ["1e-01", "1E-1", "0.1", "10e-2", "1.0e-1"])
def test_coverage_json_numbers_are_read_as_json_reads_them(tmp_path: Path, percent: str) -> None:
    path = tmp_path / "coverage.json"
    path.write_text(coverage(percent))
    assert read_coverage(path) == pytest.approx(0.1)


@pytest.mark.parametrize(
    ("percent", "message"),
    [("1e400", "not finite"), ("-1e400", "not finite"), ('"1e-01"', "must be number")],
)
def test_coverage_json_numbers_out_of_range_are_refused(
    tmp_path: Path, percent: str, message: str
) -> None:
    path = tmp_path / "coverage.json"
    path.write_text(coverage(percent))
    with pytest.raises(FixtureError, match=message):
        read_coverage(path)


def trivy(artifact: str) -> str:
    return '{"SchemaVersion": 2, "ArtifactName": "' + artifact + '", "Results": []}'


@pytest.mark.parametrize(
    "artifact",
    ["web\\ud83d\\ude00", "web\\uD83D\\uDE00", "\\\\\\ud83d\\ude00", "\\u00e9\\ud83c\\udf89"],
)
def test_surrogate_pair_escapes_in_json_strings_are_read(tmp_path: Path, artifact: str) -> None:
    path = tmp_path / "trivy.json"
    path.write_text(trivy(artifact))
    assert json.loads(trivy(artifact))["ArtifactName"]  # valid JSON, as Python reads it
    assert read_trivy(path) == []


@pytest.mark.parametrize("artifact", ["\\ud83d", "\\ude00\\ud83d", "\\ud83dx"])
def test_a_lone_surrogate_escape_is_refused_with_its_line(tmp_path: Path, artifact: str) -> None:
    path = tmp_path / "trivy.json"
    path.write_text(trivy(artifact))
    with pytest.raises(FixtureError, match=r"trivy.json:1:\d+: \$: not valid YAML"):
        read_trivy(path)


@pytest.mark.parametrize(
    ("expr", "message"),
    [
        ("0x" + "f" * 400, "invalid syntax"),
        ("0X" + "F" * 17, "invalid syntax"),
        ("1" * 400, "value out of range"),
        ("0" + "7" * 400, "value out of range"),
        ("-0x" + "f" * 400, "invalid syntax"),
    ],
)
def test_number_literals_past_go_range_are_parse_errors(expr: str, message: str) -> None:
    with pytest.raises(PromQLError, match=f"error parsing number: .*{message}") as caught:
        parse(expr)
    assert len(str(caught.value)) < 400


@pytest.mark.parametrize(
    ("expr", "value"),
    [("0x7fffffffffffffff", 2.0**63), ("0777", 511.0), ("0" + "7" * 22, 7.777777777777778e21)],
)
def test_number_literals_inside_go_range_are_read_as_go_reads_them(expr: str, value: float) -> None:
    assert parse(expr).value == pytest.approx(value)  # type: ignore[attr-defined]
