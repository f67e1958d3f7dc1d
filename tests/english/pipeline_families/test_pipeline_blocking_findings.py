"""What blocked a run, said as security engineers say it: a finding with its severity and
package in apposition, the blocking findings counted ("blocked by exactly 1 finding") and
named after ("that finding is …"), "the pipeline fails on CVE-…", and a waiver list named
by its version with other verbs ("excuses", "excepted"). A wrong count, a wrong id, a
finding that did not block, or "with no waiver" for a waived finding fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_SCANNED = (
    'Given a manifest "orders" version "3.1.0"',
    'When I build "orders" as O1',
    "And the unit tests of O1 pass with 95% coverage",
    "And the integration tests of O1 pass",
    "And the scan of O1 turns up CVE-2026-4410, HIGH, in openssl",
    "And O1's security scan found a critical problem, CVE-2026-5502 in libpng",
)


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                'And waiver list version 2 excuses CVE-2026-4410 because "no TLS" until 2026-12-31',
                "When I kick off the pipeline for O1",
                "Then the pipeline is blocked by exactly 1 finding",
                "And that finding is CVE-2026-5502",
                "And the pipeline fails on CVE-2026-5502",
            ),
            True,
        ),
        (
            (
                'And waiver list version 2 excuses CVE-2026-4410 because "no TLS" until 2026-12-31',
                "When I run the pipeline for O1",
                "Then the pipeline is blocked by exactly 1 finding",
                "And that finding is CVE-2026-4410",
            ),
            False,
        ),
        (
            (
                "When I run the pipeline for O1",
                "Then the pipeline is blocked by exactly 1 finding",
            ),
            False,
        ),
        (
            (
                "When I run the pipeline for O1",
                "Then the pipeline for O1 was blocked by 2 CVEs",
                "And those findings are CVE-2026-5502 and CVE-2026-4410",
                "And the blocking findings are CVE-2026-4410 and CVE-2026-5502",
            ),
            True,
        ),
        (
            (
                "When I run the pipeline for O1",
                "Then the blocking finding is CVE-2026-5502",
            ),
            False,
        ),
        (
            (
                'And the waiver list, version 3, waived CVE-2026-4410 because "no TLS" for 30 days',
                "When I run the pipeline for O1",
                "Then the pipeline fails on CVE-2026-4410",
            ),
            False,
        ),
        # "that finding" is the finding said last (here by the scan), blocking or not
        (("Then that finding is CVE-2026-5502",), True),
        (("Then that finding is CVE-2026-4410",), False),
    ],
)
def test_what_blocked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_SCANNED, *story)
    assert code == (0 if passes else 1), out


def test_no_waiver_said_of_a_waived_finding_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "orders" version "3.1.0"',
        'When I build "orders" as O1',
        'And version 4 of the waiver list excepted CVE-2026-4410 because "no TLS"',
        "And the scan of O1 turns up CVE-2026-4410, HIGH, in openssl, with no waiver",
    )
    assert code == 1 and "story.feature:6" in out and "covers it" in out, out


@pytest.mark.parametrize(
    ("waiver", "passes"),
    [
        ('waiver list version 7 excepted CVE-2026-4410 because "patched" until 2026-02-28', False),
        ('waiver list version 7 excuses CVE-2026-4410 because "patched" until 2026-04-30', True),
        ('CVE-2026-4410 is waived in waiver list 7 because "patched" through 2026-04-30', True),
    ],
)
def test_an_expired_waiver_said_otherwise_no_longer_covers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], waiver: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "orders" version "3.1.0"',
        "And today is 2026-03-15",
        'When I build "orders" as O1',
        "And the unit tests of O1 pass with 95% coverage",
        "And the integration tests of O1 pass",
        "And the scan of O1 turns up CVE-2026-4410, CRITICAL, in openssl",
        f"And {waiver}",
        "And I run the pipeline for O1",
        "Then the pipeline passes",
    )
    assert code == (0 if passes else 1), out
