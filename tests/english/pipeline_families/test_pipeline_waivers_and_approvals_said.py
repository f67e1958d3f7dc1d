"""Waiver lists said with whose they are, "v12", and their reason, expiry and owner in any
order; which list the scan went by; approvals nobody gave; a team named by what it owns.
Each line is checked by the run it feeds, and each family has a row that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


def _waived(waiver: str, today: str = "2026-06-01") -> tuple[str, ...]:
    return (
        'Given a manifest "billing" version "4.2.0"',
        f"And {waiver}",
        f"And today is {today}",
        'When the billing team builds "billing" as B1',
        "Given the unit tests of B1 pass with 90% coverage",
        "And Trivy finds CVE-2026-7788 with severity HIGH in openssl for B1",
        "And the integration tests of B1 pass",
        "When the pipeline runs for B1",
    )


@pytest.mark.parametrize(
    ("waiver", "check"),
    [
        (
            'platform waiver list version 12 accepts CVE-2026-7788 because "mitigated" until '
            "2026-09-30",
            "the pipeline run records waiver list version 12",
        ),
        (
            'waiver list v12 ignores CVE-2026-7788 until 2026-09-30, owner "secops", reason "mesh"',
            "CVE-2026-7788 is waived under waiver list version 12",
        ),
        (
            'the security waiver list version 12 accepts CVE-2026-7788 with reason "mesh", '
            "expiring 2026-09-30",
            "the scan gate consulted waiver list version 12",
        ),
        (
            "the team's waiver list v12 accepts CVE-2026-7788 until 2026-09-30",
            "the waiver lets CVE-2026-7788 through",
        ),
        (
            'waiver list v12 ignores CVE-2026-7788 until 2026-09-30, owner "secops", reason "mesh"',
            'the HIGH finding in openssl is shown as waived by "secops"',
        ),
    ],
)
def test_a_waiver_list_said_any_way_lets_the_finding_through(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], waiver: str, check: str
) -> None:
    code, out = run_scenario(
        tmp_path, capsys, *_waived(waiver), "Then B1 passes and gets signed", f"And {check}"
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("the pipeline run records waiver list version 11", False),
        ("CVE-2026-7788 is waived under waiver list version 12", False),
        ("the scan gate used waiver list version 12", True),
    ],
)
def test_an_expired_waiver_is_consulted_but_lets_nothing_through(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    """Expired on the day of the run, the waiver lets nothing through, though the scan
    still went by (and cites) that list."""
    waiver = 'waiver list v12 accepts CVE-2026-7788 until 2026-03-01, reason "mesh"'
    code, out = run_scenario(tmp_path, capsys, *_waived(waiver), f"Then {check}")
    assert (code == 0) is passes, out


_HELD = (
    'Given a manifest "checkout" version "2.6.0"',
    'When I build "checkout" as C5',
    "Given C5 passed every gate",
    "When I promote C5 to dev, then staging, then prod",
)


@pytest.mark.parametrize(
    ("check", "approved"),
    [
        ("nobody approved C5 for prod", False),
        ("C5 has not been approved yet", False),
        ("C5 is not approved", False),
        ("no one has approved it for prod", False),
        ("C5 is still not approved for prod", False),
        ("nobody approved C5 for prod", True),
        ("C5 has not been approved yet", True),
    ],
)
def test_an_approval_nobody_gave(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, approved: bool
) -> None:
    approval = ("When Marta approves C5 for prod",) if approved else ()
    code, out = run_scenario(tmp_path, capsys, *_HELD, *approval, f"Then {check}")
    assert (code == 0) is not approved, out


@pytest.mark.parametrize(
    ("said", "runs", "passes"),
    [
        ("the payments team promotes C5 to dev", "dev runs C5", True),
        ("the platform team deploys C5 to dev", "dev runs C5", True),
        ("the payments team promotes C5 to dev", "staging runs C5", False),
    ],
)
def test_a_team_named_by_what_it_owns_acts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, runs: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path, capsys, *_HELD[:3], "And C5 is signed", f"When {said}", f"Then {runs}"
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "passes"),
    [
        ("Marta signs off on the prod release", True),
        ("Marta signs off on the release of C5 to prod", True),
        ("Marta approves the prod deploy of C5", True),
        ("Marta signs off on the staging release", False),
    ],
)
def test_a_sign_off_on_a_release_is_an_approval(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, passes: bool
) -> None:
    """The sign-off approves C5's promotion to prod (never a build called Marta); staging
    needs no approval, so nothing waits there and prod still runs nothing."""
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_HELD,
        f"When {said}",
        "Then prod runs C5",
        "And C5 was approved by Marta",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    "line",
    [
        "Given C5 is signed but not approved",
        "Given not approved",
        "Given C5 is signed, but still not approved",
    ],
)
def test_an_adverb_is_never_a_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str
) -> None:
    """ "not", "only" and the like are never an alias: such a line reads as nothing (and is
    refused at its line) rather than approving a build called "not"."""
    code, out = run_scenario(tmp_path, capsys, *_HELD[:3], line)
    assert code != 0 and "no step matches" in out, out
