"""Waivers granted with a verb, by severity, and with an expiry said relative to today:
"security waives CVE-… until the end of the month", "the HIGH findings of C2 are waived
until …", "CVE-… is waived for 2 weeks because …", "the waiver for CVE-… expires
tomorrow". Each is checked by the pipeline run on the day before the expiry (passes) and
on it (blocks); a severity with no findings, or two expiries, is refused at its line."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_SCANNED = (
    'Given a manifest "checkout" version "2.4.0"',
    "And today is 2026-03-15",
    'When I build "checkout" as C2',
    "And the unit tests of C2 pass with 95% coverage",
    "And the integration tests of C2 pass",
    "And the scan of C2 turns up CVE-2026-1234, HIGH, in openssl",
    "And the scan of C2 turns up CVE-2026-1235, HIGH, in zlib",
)


@pytest.mark.parametrize(
    ("waived", "last_day"),
    [
        ("the HIGH findings of C2 are waived until the end of the month", "2026-03-31"),
        ('every high CVE is waived because "no exposure" until 2026-04-10', "2026-04-09"),
        ("security waives all HIGH findings on C2 for 2 weeks", "2026-03-28"),
        (
            "CVE-2026-1234 is waived for 10 days\n    And Dana waives CVE-2026-1235 until "
            "the end of the month",
            "2026-03-24",
        ),
        (
            'we excuse CVE-2026-1234 until 2026-03-20 because "patched"\n    And CVE-2026-1235 '
            "is excused in C2 until tomorrow\n    And the waiver for CVE-2026-1235 expires "
            "the end of next month",
            "2026-03-19",
        ),
    ],
)
def test_covered_until_the_expiry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], waived: str, last_day: str
) -> None:
    expiry = (datetime.date.fromisoformat(last_day) + datetime.timedelta(days=1)).isoformat()
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_SCANNED,
        f"And {waived}",
        f"When the date becomes {last_day}",
        "And I run the pipeline for C2",
        "Then the pipeline passes",
        f"When the date becomes {expiry}",
        "And I run the pipeline for C2",
        "Then the pipeline fails at the scan gate",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    "waived",
    [
        "the CRITICAL findings of C2 are waived until the end of the month",
        "CVE-2026-1234 is waived until 2026-04-01 for 2 weeks",
    ],
)
def test_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], waived: str
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_SCANNED,
        f"And {waived}",
        "And I run the pipeline for C2",
        "Then the pipeline fails at the scan gate",
    )
    assert code == 1 and "story.feature:10" in out, out
