"""Hostile features in the pipeline, telemetry and links vocabulary, run once through
``kubeloop run --step-timeout 0``: each ends in its own clear message at its own line —
never a hang (no step timeout saves it), a traceback, a leaked file or a silent pass."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from kubeloop.harness.gherkin_source import MAX_TABLE_ROWS, FeatureReadError, read_feature
from tests.hostile.test_hostile_features import blocks

SERVICE = '    Given the service "web" serves 100 requests per second\n'
SLO = '    And an SLO "availability" of 99.9% over 30 days for the service "web"\n'
D1 = '    Given a manifest "web" version "1.0.0"\n    And I built "web" as D1\n'

# name → (scenario steps, a piece of the message that must be printed for it)
FEATURES: dict[str, tuple[str, str]] = {
    "span-thousand-years": (
        SERVICE + SLO + "    When 365000 days pass\n",
        "more than the 10000000 one step may run",
    ),
    "span-beyond-the-clock": (
        SERVICE + "    When 99999999999999999999 days pass\n",
        "the clock stops at 315360000000 s",
    ),
    "date-far-future-then-back": (
        "    Given today is 9999-12-31\n    And today is 2027-01-01\n",
        "a date on or after 9999-12-31 (time only moves on)",
    ),
    "date-past-the-calendar-then-back": (
        "    Given today is 9999-12-31\n    When 1 day passes\n    And today is 9999-12-31\n",
        "a date on or after 2026-01-01 + 2912443 days (time only moves on)",
    ),
    "link-ghost-slo": (
        SERVICE + '    And when the SLO "ghost" pages, roll back prod\n',
        'there are no SLOs; to declare it, say so before this line: Given an SLO "ghost" of '
        '99.9% over 30 days for the service "web"',
    ),
    "link-ghost-alert": (
        SERVICE + "    And when the alert Ghost fires, roll back prod\n",
        'no Given declares an alert; declare it in a Given (an alert "Ghost" fires if',
    ),
    "link-ghost-environment": (
        SERVICE + SLO + '    And when the SLO "availability" pages, roll back qa\n',
        'environment "qa" not found',
    ),
    "check-ghost-environment": (
        SERVICE + SLO + '    And when the SLO "availability" pages, roll back prod\n'
        "    Then an alert rolled qa back 0 times\n",
        "expected: an environment named qa",
    ),
    "check-ghost-environment-refused": (
        SERVICE + SLO + '    And when the SLO "availability" pages, roll back prod\n'
        '    Then the alert rollback of staging2 failed with "x"\n',
        "expected: an environment named staging2",
    ),
    "rule-tests-read-passwd": (
        '    When I run kubeloop test rules on "fixtures/passwd_test.yml"\n'
        '    Then the output contains "leaves the project"\n'
        '    And the output does not contain "root:x"\n'
        "    And the rule tests fail\n",
        "__passes__",
    ),
    "rule-tests-slow-run-regex": (
        '    When I run kubeloop test rules on "fixtures/long_test.yml" with --run "(a+)+$"\n'
        "    Then the rule tests pass\n",
        "__passes__",
    ),
    "trivyignore-vertical-tab": (
        D1 + '    And waiver list version 1 from "fixtures/vt.trivyignore"\n',
        "vt.trivyignore:1:14: $: the file contains the character '\\x0b'",
    ),
    "junit-superscript-count": (
        D1 + '    And the unit tests of D1 report "fixtures/sup.xml"\n',
        "sup.xml:1:1: $: <testsuite tests='²'>",
    ),
    "junit-skipped-and-failed": (
        D1 + '    And the unit tests of D1 report "fixtures/skipfail.xml"\n'
        '    And the coverage report of D1 is "fixtures/coverage.json"\n'
        "    When I run the pipeline for D1\n    Then the pipeline is blocked at unit\n",
        "__passes__",
    ),
    "table-100k-rows": (
        "    Given the nodes:\n|name|cpu|memory|\n"
        + "".join(f"|n{i}|4|8Gi|\n" for i in range(100_000)),
        "table-100k-rows.feature:4: the table has more than 10000 rows",
    ),
    "row-of-300k-cells": (
        "    Then sum(x) returns:\n      | series | value |\n      |" + "a|" * 300_000 + "\n",
        "the tables hold more than 200000 cells",
    ),
}
FIXTURES = {
    "passwd_test.yml": "rule_files: [/etc/passwd]\ntests:\n- input_series: []\n",
    "long_test.yml": "tests:\n- name: '" + "a" * 3000 + "!'\n  input_series: []\n",
    "vt.trivyignore": "CVE-2026-1111\vCVE-2026-2222\n",
    "sup.xml": '<testsuite tests="²"/>\n',
    "skipfail.xml": (
        '<testsuite><testcase name="a"><skipped/><failure message="boom"/></testcase>'
        '<testcase name="b"/></testsuite>\n'
    ),
    "coverage.json": (
        '{"meta": {"version": "7.4.0"}, "files": {}, "totals": {"covered_lines": 1, '
        '"num_statements": 1, "percent_covered": 1e2, "missing_lines": 0}}\n'
    ),
}


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str]:
    root = tmp_path_factory.mktemp("project")
    features = root / "features"
    (features / "fixtures").mkdir(parents=True)
    for name, (steps, _) in FEATURES.items():
        text = f"Feature: {name}\n  Scenario: {name}\n{steps}"
        (features / f"{name}.feature").write_text(text, encoding="utf-8")
    for name, text in FIXTURES.items():
        (features / "fixtures" / name).write_text(text, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "kubeloop.cli", "run", "features", "--step-timeout", "0"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    return result.returncode, result.stdout + result.stderr


def test_the_run_ends_cleanly(run: tuple[int, str]) -> None:
    code, output = run
    assert code == 1, output
    assert "Traceback" not in output and "INTERNALERROR" not in output, output


@pytest.mark.parametrize("name", sorted(FEATURES))
def test_each_hostile_world_says_what_is_wrong(name: str, run: tuple[int, str]) -> None:
    _, output = run
    block = blocks(output).get(name, "")
    expected = FEATURES[name][1]
    if expected == "__passes__":
        assert block and "✗" not in block, block or output
        return
    assert expected in block, f"{name}: {expected!r} not in\n{block or output}"
    assert "engine kubeloop raised" not in block, block


def test_lines_of_a_doc_string_are_not_table_rows(tmp_path: Path) -> None:
    path = tmp_path / "doc.feature"
    body = "".join(f"      | {i} |\n" for i in range(MAX_TABLE_ROWS + 5))
    path.write_text(
        f'Feature: f\n  Scenario: s\n    Given the rules:\n      """\n{body}      """\n'
    )
    assert read_feature(path).startswith("Feature: f")
    path.write_text(f"Feature: f\n  Scenario: s\n    Given the nodes:\n{body}")
    with pytest.raises(FeatureReadError, match=r"doc\.feature:4: the table has more than"):
        read_feature(path)
