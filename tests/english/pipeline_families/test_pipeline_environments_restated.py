"""Approvals still pending, who gave one, what an environment runs (or no longer runs), a
rollback said with its environment last or "to the previous build", and the day said as
"the date is …": each line is checked by the run it feeds, and each family has a row
that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_HELD = (
    'Given a manifest "checkout" version "2.6.0"',
    'When I build "checkout" as C5',
    "Given C5 passed every gate",
    "When I promote C5 to dev, then staging, then prod",
)


@pytest.mark.parametrize(
    ("check", "approved"),
    [
        ("C5 is pending approval for prod", False),
        ("C5 needs approval before prod", False),
        ("prod is waiting on an approval for C5", False),
        ("the promotion of C5 to prod is pending", False),
        ("C5 waits for approval before prod", False),
        ("C5 is pending approval for prod", True),
    ],
)
def test_an_approval_still_pending(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, approved: bool
) -> None:
    """Each check holds while prod waits; once Marta approved, nothing waits and it fails."""
    approval = ("When Marta approves C5 for prod",) if approved else ()
    code, out = run_scenario(tmp_path, capsys, *_HELD, *approval, f"Then {check}")
    assert (code == 0) is not approved, out


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        ("Marta approves the release of C5 to prod", "C5 was approved by Marta", True),
        ("Marta gives C5 the go-ahead for prod", "the approval of C5 was given by Marta", True),
        ("Marta approves the deploy to prod", "Marta is recorded as the approver of C5", True),
        ("Marta approves the release of C5 to prod", "the approval of C5 was given by Sam", False),
    ],
)
def test_approvals_said_of_the_release_and_the_approver(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path, capsys, *_HELD, f"When {said}", "Then prod runs C5", f"And {check}"
    )
    assert (code == 0) is passes, out


_TWO = (
    'Given a manifest "checkout" version "3.0.0"',
    'When I build "checkout" as R1',
    "Given R1 passed every gate and was promoted to dev, staging and prod",
    "And Dana approved R1 for prod",
    'Given a manifest "checkout" version "3.0.1"',
    'When I build "checkout" as R2',
    "Given R2 passed every gate and was promoted to dev, staging and prod",
    "And Dana approved R2 for prod",
)


@pytest.mark.parametrize(
    ("rollback", "check", "passes"),
    [
        ("prod rolls back to the previous build", "R2 is no longer in prod", True),
        ("we roll back to R1 in prod", "prod no longer runs R2", True),
        ("I roll prod back to R1", "after the rollback prod runs R1", True),
        ("I roll prod back to R1", "staging still has R2", True),
        ("I roll prod back to R1", "the build in prod is R1", True),
        ("I roll prod back to R1", "R1 is the build running in prod", True),
        ("I roll prod back to R1", "R2 is gone from prod", True),
        ("I roll prod back to R1", "R1 is deployed everywhere", False),
        ("I roll prod back to R1", "staging still runs R2 after the rollback", True),
        ("I roll prod back to R1", "R1 is no longer in prod", False),
        ("prod rolls back to the previous build", "the rollback puts R1 back in prod", True),
        ("I roll prod back to R1", "the rollback puts R2 back in prod", False),
        ("I roll prod back to R1", "R1 was deployed to prod before R2", True),
        ("I roll prod back to R1", "prod ran R2 before R1", False),
        ("I roll prod back to R1", "R1 was deployed to prod before R9", False),
        ("I roll prod back to R1", "R1 ran in staging before R2 did", True),
        ("prod rolls back to the previous build", "the build in prod is R2", False),
    ],
)
def test_what_runs_after_a_rollback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rollback: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_TWO, f"When {rollback}", f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("nothing is running in prod", True),
        ("prod stays empty", True),
        ("nothing is deployed to staging yet", False),
        ("C5 is deployed everywhere", False),
    ],
)
def test_an_environment_with_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_HELD, f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "blocks"),
    [
        ("the date is 2026-03-15", True),
        ("it is 2026-03-15", True),
        ("it's 2026-02-15", False),
        ("the current date is 2026-02-28", False),
    ],
)
def test_the_day_said_another_way(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, blocks: bool
) -> None:
    """A waiver until 2026-03-01 lets the finding through before that day, not after."""
    verdict = "is blocked at the scan gate" if blocks else "passes"
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "checkout" version "2.5.1"',
        'And waiver list version 7 accepts CVE-2026-4410 because "fix lands in 2.6" until '
        "2026-03-01",
        f"And {said}",
        'When I build "checkout" as C4',
        "Given the unit tests of C4 pass with 91% coverage",
        "And Trivy finds CVE-2026-4410 with severity CRITICAL in libxml2 for C4",
        "And the integration tests of C4 pass",
        "When I run the pipeline for C4",
        f"Then the pipeline {verdict}",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("said", "passes"),
    [
        ("the scan of C4 finds CVE-2026-4410, critical, in libxml2", True),
        ("the scan of C4 finds CVE-2026-4410 (CRITICAL) in libxml2", True),
        ("the scan of C4 finds CVE-2026-4410, critical, in libxml2, with no waiver", False),
    ],
)
def test_a_waived_finding_said_in_apposition(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, passes: bool
) -> None:
    """A finding said with its severity may still be waived; only "with no waiver" says it
    is not, and a waiver in force then makes the line untrue."""
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "checkout" version "2.5.1"',
        'And waiver list version 7 accepts CVE-2026-4410 because "fix lands in 2.6" until '
        "2026-03-01",
        "And today is 2026-02-15",
        'When I build "checkout" as C4',
        "Given the unit tests of C4 pass with 91% coverage",
        f"And {said}",
        "And the integration tests of C4 pass",
        "When I run the pipeline for C4",
        "Then the pipeline passes",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        ("R2 went through the same gates, promotions and prod approval", "prod runs R2", True),
        ("R2 went through the gates, the promotions and the approval", "prod runs R2", True),
        ("R2 went through the gates and signing", "R2 is in dev", False),
        ("R2 went through the gates, promotions and prod approval", "R2 is signed", True),
    ],
)
def test_a_build_that_went_through_the_stages_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_TWO[:5],
        'When I build "checkout" as R2',
        f"Given {said}",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("move", "check", "passes"),
    [
        ("I promote C5 from dev to staging", "C5 is in staging but not in prod", True),
        ("I move C5 up to staging", "C5 is in staging, but not prod yet", True),
        ("I promote C5 onward to staging", "C5 is in dev but not in staging", False),
        ("we take it to staging", "staging runs C5", True),
    ],
)
def test_a_move_said_with_where_it_leaves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], move: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_HELD[:3],
        "When I promote C5 to dev",
        f"And {move}",
        f"Then {check}",
    )
    assert (code == 0) is passes, out
