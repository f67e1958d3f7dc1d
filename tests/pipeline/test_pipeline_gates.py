"""The gate rules against upstream tables: coverage.py's results tests, Trivy's severity order."""

from __future__ import annotations

import pytest

from kubeloop.pipeline import SEVERITIES, Finding, InvalidEvidenceError, TestSummary
from kubeloop.pipeline.gates import Evidence, run_ladder
from kubeloop.pipeline.gates.unit import display_covered, should_fail_under
from kubeloop.pipeline.pipeline import JUDGES
from kubeloop.pipeline.waivers import Waiver, WaiverList


@pytest.mark.parametrize(
    ("total", "fail_under", "precision", "result"),
    [
        # coverage.py tests/test_results.py test_should_fail_under, row for row
        (0, 0, 0, False),
        (0.001, 0, 0, False),
        (0.001, 0.01, 0, True),
        (42.1, 42, 0, False),
        (42.1, 43, 0, True),
        (42.857, 42, 0, False),
        (42.857, 43, 0, False),
        (42.857, 44, 0, True),
        (42.857, 42.856, 3, False),
        (42.857, 42.858, 3, True),
        (42.857, 42.856, 0, False),
        (99.8, 100, 0, True),
        (100.0, 100, 0, False),
        (99.8, 99.7, 1, False),
        (99.88, 99.90, 2, True),
        (99.999, 100, 1, True),
        (99.999, 100, 2, True),
        (99.999, 100, 3, True),
        # the fidelity reference: half-to-even rounding at precision 0
        (89.5, 90, 0, False),
        (89.49, 90, 0, True),
        (88.5, 89, 0, True),
    ],
)
def test_should_fail_under(total: float, fail_under: float, precision: int, result: bool) -> None:
    assert should_fail_under(float(total), float(fail_under), precision) == result


def test_fail_under_outside_0_100_is_a_config_error() -> None:
    with pytest.raises(InvalidEvidenceError, match=r"fail_under=101"):
        should_fail_under(100.0, 101, 0)


@pytest.mark.parametrize(
    ("precision", "pc", "shown"),
    [
        (0, 47.87, "48"),
        (1, 47.87, "47.9"),
        (0, 99.995, "99"),
        (2, 99.99995, "99.99"),
        # Numbers.pc_covered_str rows: 1000 statements, 0 / 1 / 999 / 1000 missing
        (0, 100.0, "100"),
        (0, 99.9, "99"),
        (0, 0.1, "1"),
        (0, 0.0, "0"),
        (1, 99.99, "99.9"),
        (1, 0.01, "0.1"),
    ],
)
def test_display_covered(precision: int, pc: float, shown: str) -> None:
    assert display_covered(pc, precision) == shown


def test_trivy_severity_order_and_case() -> None:
    assert SEVERITIES == ("UNKNOWN", "LOW", "MEDIUM", "HIGH", "CRITICAL")
    with pytest.raises(InvalidEvidenceError, match='write "HIGH"'):
        Finding("CVE-1", "high")
    with pytest.raises(InvalidEvidenceError, match="unknown severity 'SEVERE'"):
        Finding("CVE-1", "SEVERE")


def _evidence(**changes: object) -> Evidence:
    base: dict[str, object] = {
        "digest": "sha256:" + "a" * 64,
        "unit": TestSummary(True),
        "coverage": 95.0,
        "findings": (),
        "integration": TestSummary(True),
        "fail_under": 90.0,
        "signing_key": 'key "ci"',
    }
    base.update(changes)
    return Evidence(**base)  # type: ignore[arg-type]


SCAN_BLOCKS = ["passed", "blocked", "not run", "not run"]


@pytest.mark.parametrize(
    ("changes", "statuses"),
    [
        ({}, ["passed"] * 4),
        ({"unit": TestSummary(False)}, ["blocked", "not run", "not run", "not run"]),
        ({"unit": None}, ["blocked", "not run", "not run", "not run"]),
        ({"coverage": 89.4}, ["blocked", "not run", "not run", "not run"]),
        ({"coverage": None}, ["blocked", "not run", "not run", "not run"]),
        ({"findings": None}, ["passed", "blocked", "not run", "not run"]),
        ({"findings": (Finding("CVE-1", "CRITICAL"),)}, SCAN_BLOCKS),
        ({"findings": (Finding("CVE-1", "UNKNOWN"),)}, SCAN_BLOCKS),
        ({"findings": (Finding("CVE-1", "MEDIUM"),)}, ["passed"] * 4),
        ({"integration": TestSummary(False)}, ["passed", "passed", "blocked", "not run"]),
        ({"signing_key": None}, ["passed", "passed", "passed", "blocked"]),
    ],
)
def test_the_ladder_fails_fast_and_names_the_blocker(
    changes: dict[str, object], statuses: list[str]
) -> None:
    verdict = run_ladder(_evidence(**changes), JUDGES)
    assert [g.status for g in verdict.gates] == statuses
    blocker = verdict.blocked_at
    for gate in verdict.gates:
        if gate.status == "not run":
            assert gate.blocked_by == blocker
            assert blocker is not None and blocker in gate.reason


def test_waivers_apply_by_id_until_their_expiry_instant() -> None:
    waivers = WaiverList(3, (Waiver("CVE-1", "not reachable", "2026-01-02", 86_400),))
    findings = (Finding("CVE-1", "HIGH", "openssl"),)
    before = run_ladder(_evidence(findings=findings, waivers=waivers, now=86_399), JUDGES)
    scan = before.gate("scan")
    assert scan.passed and scan.waived == ("CVE-1",) and scan.waiver_list_version == 3
    at = run_ladder(_evidence(findings=findings, waivers=waivers, now=86_400), JUDGES)
    assert at.blocked_at == "scan" and "expired on 2026-01-02" in "".join(at.gate("scan").details)


def test_a_waiver_of_another_id_does_not_apply_and_is_reported_unused() -> None:
    waivers = WaiverList(1, (Waiver("CVE-2", "other"),))
    scan = run_ladder(
        _evidence(findings=(Finding("CVE-1", "HIGH"),), waivers=waivers), JUDGES
    ).gate("scan")
    assert scan.status == "blocked" and scan.unused_waivers == ("CVE-2",)


def test_waiver_lists_only_move_forward() -> None:
    three = WaiverList(3).accept(3, Waiver("CVE-1", "a")).accept(3, Waiver("CVE-2", "b"))
    assert [w.id for w in three.waivers] == ["CVE-1", "CVE-2"]
    with pytest.raises(InvalidEvidenceError, match="older than the current version 3"):
        three.accept(2, Waiver("CVE-3", "c"))
    with pytest.raises(InvalidEvidenceError, match="needs a new version"):
        three.accept(3, Waiver("CVE-1", "changed"))
    four = three.accept(4, Waiver("CVE-1", "changed"))
    assert four.find("CVE-1") == Waiver("CVE-1", "changed")
    with pytest.raises(InvalidEvidenceError, match="needs a reason"):
        Waiver("CVE-9", "  ")


def test_a_flaky_test_passes_the_gate_and_the_gate_keeps_the_counts() -> None:
    """Surefire's rule: a test that passed on a rerun is flaky, not a failure."""
    tests = TestSummary(True, 413, 0, 0, 1, "junit.xml", 1, ("test_login_timeout",))
    verdict = run_ladder(Evidence("sha256:" + "a" * 64, unit=tests, coverage=90.0), JUDGES)
    unit = verdict.gate("unit")
    assert unit.passed and unit.tests == tests and tests.passing == 412
    assert unit.details == ("test_login_timeout: failed, then passed on a rerun (flaky)",)
    failing = TestSummary(False, 10, 1, 0, 0, "junit.xml", 1)
    blocked = run_ladder(Evidence("sha256:" + "a" * 64, unit=failing, coverage=90.0), JUDGES)
    assert "(10 tests, 1 failures, 0 errors, 1 flaky)" in blocked.gate("unit").reason


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"tests": 3, "failures": 2, "skipped": 1, "flaky": 1}, "more than the 3 tests"),
        ({"flaky": 1, "flaky_tests": ("a", "b")}, "2 flaky tests named"),
        ({"flaky": -1}, "flaky must be a whole number"),
        ({"failing_tests": ("",)}, "tuple of test names"),
    ],
)
def test_test_counts_that_cannot_be_are_refused(fields: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidEvidenceError, match=message):
        TestSummary(False, **fields)  # type: ignore[arg-type]
