"""Plain variants of lines already known: a threshold "set to" a value, a bar that
"blocks the build", a suite that "came back 199 of 200 passing", an integration suite that
passes, "all four gates pass", a severity in brackets. Each is checked by the run it feeds."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("lines", "verdict"),
    [
        (("Given the coverage threshold is set to 90%",), "is blocked at unit"),
        (("Given coverage below 90% blocks the build",), "is blocked at unit"),
        (("Given the code coverage bar is lowered to 80%",), "passes"),
        (("Given anything under 85% coverage fails the pipeline",), "passes"),
    ],
)
def test_the_bar(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: tuple[str, ...], verdict: str
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *lines,
        'Given a manifest "billing" version "1.2.0"',
        'When I build "billing" as B1',
        "And the unit tests of B1 pass with 88% coverage",
        "And the scan of B1 finds nothing",
        "And the integration suite for B1 passes",
        "And I run the pipeline for B1",
        f"Then the pipeline {verdict}",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("lines", "check", "passes"),
    [
        (
            ("And B1's unit tests came back 200 of 200 passing", "And B1 scans clean"),
            "all four gates pass",
            True,
        ),
        (
            ("And the unit tests for B1 ended with 199 out of 200 green",),
            "all the gates pass",
            False,
        ),
        (
            (
                "And the unit tests of B1 pass with 95% coverage",
                "And the scan of B1 reports CVE-2026-7001 (CRITICAL) in openssl",
            ),
            "the pipeline fails on CVE-2026-7001",
            True,
        ),
        (
            (
                "And the unit tests of B1 pass with 95% coverage",
                "And B1's scan found CVE-2026-7001 (LOW) in zlib",
            ),
            "all four gates pass",
            True,
        ),
    ],
)
def test_results_said_plainly(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    lines: tuple[str, ...],
    check: str,
    passes: bool,
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "billing" version "1.2.0"',
        'When I build "billing" as B1',
        "And B1 has 95% coverage",
        *lines,
        "And the integration tests of B1 pass",
        "And I run the pipeline for B1",
        f"Then {check}",
    )
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("the scan gate reports 1 critical finding", True),
        ("the scan of B2 found exactly 2 CVEs", True),
        ("the scan found 1 medium issue", True),
        ("the scan gate reports 2 critical findings", False),
        ("the scan lists 3 vulnerabilities", False),
    ],
)
def test_the_scan_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "billing" version "1.3.0"',
        'When I build "billing" as B2',
        "And the scan of B2 reports CVE-2026-7001 (CRITICAL) in openssl",
        "And the scan of B2 shows CVE-2026-7002 with severity MEDIUM in zlib",
        "And the unit tests of B2 pass with 90% coverage",
        "And I run the pipeline for B2",
        f"Then {check}",
    )
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("built", "same"),
    [
        ("the team built checkout version 5.2.0 as R1", True),
        ("we build checkout 5.2.0 as R1", True),
        ("CI built checkout version 5.3.0 as R1", False),
    ],
)
def test_a_build_said_with_who_built_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], built: str, same: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        f"Given {built}",
        'And a manifest "checkout" version "5.2.0"',
        'When I build "checkout" as R2',
        "Then R1 is tagged checkout:5.2.0",
        f"And R1 and R2 have {'the same digest' if same else 'different digests'}",
    )
    assert code == (0 if same else 1), out
