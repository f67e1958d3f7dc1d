"""Families of sentences about gates, beyond the corpora: unit test counts and coverage said
with numbers, a gate run by name, what blocked and what did not run, a finding judged by
id or by severity and package, ability ("can't be promoted") and the reason a refusal or
a block gives. A wrong value fails; an ability check that is refused changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BUILT = (
    "Given the coverage threshold is 80%",
    'And a manifest "web" version "1.0.0"',
    'When I build "web" as C1',
)


@pytest.mark.parametrize(
    ("given", "check", "passes"),
    [
        (
            ("the unit tests of C1 pass with 1200 tests and 0 failures and 91% coverage",),
            "the unit test gate passed for C1",
            True,
        ),
        (
            ("all 300 tests of C1 pass", "C1 has 64.5% coverage"),
            "the pipeline is blocked by coverage",
            True,
        ),
        (("C1's 300 unit tests pass with 85% coverage",), "gate unit passed", True),
        (
            ("5 of 300 unit tests of C1 fail", "C1 has 90% coverage"),
            "the failure mentions 5 failures",
            True,
        ),
        (
            ("the unit tests of C1 report 2 failed tests out of 300", "C1 has 90% coverage"),
            "the block says 3 failures",
            False,
        ),
        (
            ("the unit tests of C1 report 0 failures out of 300", "C1 has 90% coverage"),
            "the pipeline stopped at the scan stage",
            True,
        ),
        (
            ("C1's unit tests fail", "C1 has 90% coverage"),
            "the scan, integration and sign gates were skipped",
            True,
        ),
        (
            ("C1's unit tests fail", "C1 has 90% coverage"),
            "the unit and scan gates never ran",
            False,
        ),
    ],
)
def test_tests_and_coverage_with_their_numbers(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    given: tuple[str, ...],
    check: str,
    passes: bool,
) -> None:
    lines = [*_BUILT, *(f"Given {g}" for g in given), "When I run the pipeline", f"Then {check}"]
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert code == (0 if passes else 1), out


def test_coverage_that_goes_up_is_judged_at_the_next_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILT,
        "Given C1's unit tests pass with 70% coverage",
        "And the scan of C1 finds nothing",
        "And the integration tests of C1 pass",
        "When I run the pipeline",
        "Then C1 cannot be promoted to dev",
        "And the reason mentions coverage under 80%",
        "And C1 cannot be deployed to dev",
        "And the refusal says it has no signature",
        "When coverage rises to 95%",
        "And the coverage check is run again on C1",
        "Then every gate passed on C1",
        "And C1 can be promoted to dev",
        "And dev runs C1",
    )
    assert code == 0, out


def test_an_artifact_that_can_be_promoted_fails_can_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path, capsys, *_BUILT, "Given C1 passed every gate", "Then C1 can't be promoted to dev"
    )
    assert code == 1 and "it was promoted to dev" in out, out


def test_a_reason_the_refusal_does_not_give_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILT,
        "Given C1 passed every gate",
        "When I promote C1 straight to staging",
        "Then it was refused because the waiver expired",
    )
    assert code == 1 and "a refusal because the waiver expired" in out, out


_SCANNED = (
    *_BUILT,
    "Given the unit tests of C1 pass with 90% coverage",
    "And the integration tests of C1 pass",
    "And the scan of C1 reports:",
    "  | id            | severity | package | fixed in |",
    "  | CVE-2026-0001 | HIGH     | openssl | 3.0.15   |",
    "  | CVE-2026-0002 | LOW      | zlib    |          |",
    "  | CVE-2026-0003 | CRITICAL | glibc   | 2.39     |",
    'And waiver list version 4 accepts CVE-2026-0003 because "not reachable", approved by "alice"',
    "When I run the scan gate on C1",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("C1 is blocked by CVE-2026-0001 in openssl", True),
        ("the pipeline is blocked by CVE-2026-0003", False),
        ("the security scan blocks C1 on CVE-2026-0001", True),
        ("the high finding in openssl blocks", True),
        ("CVE-2026-0002 does not block", True),
        ("the low finding in zlib doesn't block", True),
        ("the low finding in zlib blocks", False),
        ('CVE-2026-0003 is waived by "alice"', True),
        ('the critical finding in glibc is marked as waived by "bob"', False),
        ("the medium finding in zlib does not block", False),
        ("the block names waiver list version 4", True),
    ],
)
def test_a_finding_by_id_or_by_severity_and_package(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_SCANNED, f"Then {check}")
    assert code == (0 if passes else 1), out
