"""Findings counted by severity, the ones that do not block, and a waiver said to be
absent. The HIGH and CRITICAL ones block, the mediums never do; a waiver that exists makes
"nobody has waived" fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BUILT = (
    'Given a manifest "payments" version "9.8.0"',
    'When I build "payments" as R3',
    "Given the unit tests of R3 pass with 95% coverage",
    "And the integration tests of R3 pass",
)


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "Given the vulnerability scan reports 1 critical, 3 high and 12 medium CVEs",
                "When I run the pipeline for R3",
                "Then the pipeline is blocked at scan",
                "And the mediums are reported but don't block anything",
                "And the criticals block",
                "And the high findings blocked",
            ),
            True,
        ),
        (
            (
                "Given the scan of R3 finds 2 medium findings",
                "When I run the pipeline for R3",
                "Then the mediums block",
            ),
            False,
        ),
        (
            (
                "Given the scan of R3 finds 2 low findings",
                "When I run the pipeline for R3",
                "Then the pipeline passes",
                "And the low findings are listed but do not block",
            ),
            True,
        ),
        (
            (
                "Given the scan of R3 finds 2 high findings",
                "When I run the pipeline for R3",
                "Then the highs are reported but don't block anything",
            ),
            False,
        ),
        (
            (
                "Given the scan of R3 finds 2 low findings",
                "When I run the pipeline for R3",
                "Then the mediums don't block",
            ),
            False,
        ),
        (
            (
                "Given the scan of R3 finds 1 critical and 1 low finding",
                "When I run the pipeline for R3",
                'Then gate scan says "UNNAMED-CRITICAL-1"',
            ),
            True,
        ),
        (("Given nobody has waived CVE-2026-4242",), True),
        (
            (
                'Given waiver list version 1 accepts CVE-2026-4242 because "not reachable"',
                "And nobody has waived CVE-2026-4242",
            ),
            False,
        ),
        (
            (
                "Given there was a waiver for CVE-2026-4242 that expired yesterday",
                "And CVE-2026-4242 isn't waived",
            ),
            True,
        ),
    ],
)
def test_findings_by_severity_and_absent_waivers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BUILT, *story)
    assert code == (0 if passes else 1), out
