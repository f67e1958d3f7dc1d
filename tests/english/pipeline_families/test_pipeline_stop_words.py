"""Where a run stopped, said plainly: blocked (somewhere), stops at or fails on a gate,
blocked on coverage (and not on a failed test), the later gates not run, and a scan that
never reported, which blocks and is never skipped. Each fails when the run says otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BUILT = (
    'Given a manifest "orders" version "3.3.0"',
    'When I build "orders" as S1',
    "Given the coverage threshold is 85%",
    "And the integration tests of S1 pass",
)
_LOW_COVERAGE = (
    "Given all of S1's unit tests pass",
    "And S1 has 82.7% coverage",
    "And the scan of S1 finds nothing",
    "When I run the pipeline for S1",
)
_FAILED_TEST = (
    "Given the unit tests of S1 report 3 failures out of 250",
    "And S1 has 90% coverage",
    "And the scan of S1 finds nothing",
    "When I run the pipeline for S1",
)


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        ((*_LOW_COVERAGE, "Then the pipeline is blocked on coverage"), True),
        ((*_LOW_COVERAGE, "Then it is blocked on coverage"), True),
        ((*_LOW_COVERAGE, "Then the pipeline is blocked", "And the later gates are not run"), True),
        ((*_LOW_COVERAGE, "Then it stops at the unit tests"), True),
        ((*_FAILED_TEST, "Then it stops at the unit tests"), True),
        ((*_FAILED_TEST, "Then it never got past the unit tests"), True),
        ((*_FAILED_TEST, "Then the scan was never reached"), True),
        ((*_FAILED_TEST, "Then it never got past the integration tests"), False),
        ((*_FAILED_TEST, "Then the pipeline is blocked on coverage"), False),
        ((*_FAILED_TEST, "Then it fails on the vulnerability gate"), False),
        (
            (
                "Given the unit tests of S1 pass with 90% coverage",
                "And the scan of S1 finds nothing",
                "When I run the pipeline for S1",
                "Then the pipeline is blocked",
            ),
            False,
        ),
        (
            (
                "Given the unit tests of S1 pass with 90% coverage",
                "And the scan of S1 finds nothing",
                "When I run the pipeline for S1",
                "Then the later gates are not run",
            ),
            False,
        ),
    ],
)
def test_where_the_run_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BUILT, *story)
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "Given the unit tests of S1 pass with 90% coverage",
                "And there is no scan result for S1",
                "When I run the pipeline for S1",
                "Then the pipeline is blocked",
                "And it fails on the vulnerability gate",
                'And gate scan says "no scan report was recorded"',
                "And the later gates are not run",
            ),
            True,
        ),
        (
            (
                "Given the scan of S1 finds nothing",
                "And there is no scan result for S1",
            ),
            False,
        ),
        (
            (
                "Given the scan reports CVE-2026-1 as LOW in zlib for S1",
                "And S1 was never scanned",
            ),
            False,
        ),
        (("Given there is no coverage report for S1", "And S1 has 90% coverage"), True),
        (("Given the scan of S1 finds nothing", "And the Trivy report for S1 is missing"), False),
        (("Given there's no scan report for S1", "And the scan of S1 finds nothing"), True),
        (("Given S1 has 90% coverage", "And there is no coverage report for S1"), False),
    ],
)
def test_a_gate_with_no_input_blocks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BUILT, *story)
    assert code == (0 if passes else 1), out
