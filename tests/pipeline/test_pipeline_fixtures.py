"""The readers of CI's own reports and of waiver files, on the feature suite's fixture files."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.errors import FixtureError
from kubeloop.fixtures.pipeline_definition import read_definition
from kubeloop.fixtures.pipeline_junit import junit_summary
from kubeloop.fixtures.pipeline_reports import read_coverage, read_junit, read_trivy
from kubeloop.fixtures.pipeline_waivers import read_waivers
from kubeloop.pipeline.waivers import seconds_since

HERE = Path(__file__).resolve().parents[2] / "features" / "pipeline"
REPORTS, FIXTURES = HERE / "reports", HERE / "fixtures"


@pytest.mark.parametrize(
    ("name", "passed", "counts"),
    [
        ("unit.xml", True, (6, 0, 0, 1)),
        ("unit-failing.xml", False, (4, 1, 1, 0)),
        ("integration.xml", True, (3, 0, 0, 0)),
        ("no-tests.xml", False, (0, 0, 0, 0)),
    ],
)
def test_junit_counts_from_testcases(name: str, passed: bool, counts: tuple[int, ...]) -> None:
    summary = read_junit(REPORTS / name)
    assert summary.passed is passed
    assert (summary.tests, summary.failures, summary.errors, summary.skipped) == counts


def test_junit_surefire_flaky_case_passed_on_a_rerun_and_is_named() -> None:
    """A <flakyFailure> beside no <failure>: passed, counted flaky (Surefire's Flakes: 1)."""
    summary = read_junit(REPORTS / "unit-flaky.xml")
    assert (summary.passed, summary.tests, summary.failures, summary.skipped) == (True, 3, 0, 1)
    assert (summary.flaky, summary.flaky_tests, summary.passing) == (1, ("loginTimeout",), 2)


def test_junit_names_the_failed_cases() -> None:
    summary = read_junit(REPORTS / "unit-failing.xml")
    assert summary.failing_tests == ("appliesDiscount", "loadsFixtures")
    assert summary.flaky == 0


def test_junit_totals_only_file_uses_the_suite_attributes() -> None:
    text = '<testsuites><testsuite tests="5" failures="2" errors="0" skipped="1"/></testsuites>'
    summary = junit_summary(text, "totals.xml")
    assert (summary.passed, summary.tests, summary.failures) == (False, 5, 2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<html/>", "not JUnit XML"),
        ('<testsuite tests="x"/>', "tests must be a whole number"),
        ("<testsuite>", "not XML"),
        ('<!DOCTYPE x [<!ENTITY a "b">]><testsuite/>', "DOCTYPE is not allowed"),
        ("<testsuites>" + "<x>" * 70 + "</x>" * 70 + "</testsuites>", "nested deeper"),
    ],
)
def test_bad_junit_is_a_fixture_error(text: str, message: str) -> None:
    with pytest.raises(FixtureError, match=message):
        junit_summary(text, "bad.xml")


def test_coverage_reads_the_unrounded_total_and_checks_it_against_the_counts() -> None:
    assert read_coverage(REPORTS / "coverage.json") == 89.5
    assert read_coverage(REPORTS / "coverage-branches.json") == 82.5
    with pytest.raises(FixtureError, match=r"coverage-tampered.json:\d+:\d+: totals.percent_cov"):
        read_coverage(REPORTS / "coverage-tampered.json")


def test_trivy_reads_every_result() -> None:
    findings = read_trivy(REPORTS / "trivy.json")
    assert [(f.id, f.severity, f.package) for f in findings] == [
        ("CVE-2026-1111", "HIGH", "openssl"),
        ("CVE-2025-0042", "LOW", "zlib1g"),
        ("GHSA-xxxx-yyyy-zzzz", "MEDIUM", "requests"),
    ]
    assert read_trivy(REPORTS / "trivy-clean.json") == []


def test_waiver_files() -> None:
    epoch = "2026-01-01"
    yaml_list = read_waivers(FIXTURES / "waivers.yaml", epoch, None)
    assert yaml_list.version == 7
    first = yaml_list.find("CVE-2026-1111")
    assert first is not None and first.expires_at == seconds_since(epoch, "2027-06-30")
    ignore = read_waivers(FIXTURES / "web.trivyignore", epoch, 4)
    entry = ignore.find("CVE-2026-1111")
    assert entry is not None and entry.reason == "reachable only from the admin network"
    other = ignore.find("CVE-2025-0042")
    assert other is not None and other.reason == "test fixture only, never shipped"
    with pytest.raises(FixtureError, match="has no version"):
        read_waivers(FIXTURES / "web.trivyignore", epoch, None)
    vex = read_waivers(FIXTURES / "web.openvex.json", epoch, None)
    assert vex.version == 2 and [w.id for w in vex.waivers] == ["CVE-2026-1111"]
    with pytest.raises(FixtureError, match="the file is version 2, not 3"):
        read_waivers(FIXTURES / "web.openvex.json", epoch, 3)


def test_trivyignore_with_a_bad_expiry_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / ".trivyignore"
    path.write_text("# ok\nCVE-2026-1 exp:2027-02-30\n")
    with pytest.raises(FixtureError, match=r"\.trivyignore:2:1: .*not a calendar date"):
        read_waivers(path, "2026-01-01", 1)


def test_pipeline_definition() -> None:
    definition = read_definition((REPORTS / "pipeline.yaml").read_text(), "pipeline.yaml")
    assert (definition.fail_under, definition.signing_key, definition.epoch) == (
        90,
        "release",
        "2026-11-01",
    )
    assert [e.name for e in definition.environments] == ["dev", "staging", "prod"]
    assert definition.environment("prod").requires_approval
    assert definition.approval_timeout == 7 * 86_400
    bad = "apiVersion: kubeloop.dev/v1alpha1\nkind: Pipeline\nspec:\n  signWith: nobody\n"
    with pytest.raises(FixtureError, match='signing key "nobody" is not defined'):
        read_definition(bad, "bad.yaml")
