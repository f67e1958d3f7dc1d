"""Families of sentences about what happened, beyond the corpora: the audit log, a rollback
said in the passive, what an environment does not run, an approval said of the promotion,
facts said with "made it to" and "approved into", a finding said without its id. A wrong
value fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_TWO = (
    'Given a manifest "web" version "1.0.0"',
    'When I build "web" as C1',
    'Given a manifest "web" version "1.0.1"',
    'When I build "web" as C2',
    "Given C1 was promoted through dev and staging and approved into prod",
    "And C2 made it to prod",
)


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "When prod is rolled back to C1",
                "Then prod was rolled back to C1",
                "And there's a rollback event recorded for prod",
                "And the audit log shows a promotion of C2 to staging",
                "And an approval of C1 for prod was recorded in the audit log",
                "And prod doesn't run C2",
                "And C2 isn't running in prod",
            ),
            True,
        ),
        (("Then there was a rollback entry for staging",), False),
        (("Then the audit log has a promotion of C1 to prod",), True),
        (("Then the audit log has a rejection for prod",), False),
        (("When we roll prod back to C1", "Then prod was rolled back to C2"), False),
        (("Then prod was rolled back to C1",), False),
        (("Then prod is not running C2",), False),
        (("Then C2 never made it to staging",), False),
        (
            (
                'Given a manifest "web" version "1.0.2"',
                'When I build "web" as C3',
                "Then C3 never reached dev",
            ),
            True,
        ),
    ],
)
def test_what_happened_to_the_environments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_TWO, *story)
    assert code == (0 if passes else 1), out


def test_an_approval_said_of_the_waiting_promotion(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "web" version "1.0.0"',
        'When I build "web" as C1',
        "Given C1 is already in staging with all gates green",
        "When C1 gets promoted to prod",
        "Then the approval for prod is still pending",
        "When the promotion is approved",
        "Then prod runs C1",
    )
    assert code == 0, out


def test_a_rejected_promotion_leaves_prod_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "web" version "1.0.0"',
        'When I build "web" as C1',
        "Given C1 is already in staging with all gates green",
        "When I promote C1 to prod",
        "And I reject C1 for prod",
        "Then prod runs nothing",
        "And the approval for prod is still pending",
    )
    assert code == 1 and "nothing is waiting" in out, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("the critical finding in openssl blocks", True),
        ("the pipeline is blocked at the scan gate", True),
        ("the high finding in openssl blocks", False),
    ],
)
def test_a_finding_said_without_its_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "web" version "1.0.0"',
        'When I build "web" as C1',
        "Given C1's unit tests pass with 90% coverage",
        "And the scan of C1 finds a critical CVE in openssl",
        "When I run the pipeline",
        f"Then {check}",
    )
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("the waiver shows up in the audit log for C1", True),
        ("the exception for CVE-2026-0009 is recorded in the audit trail", True),
        ("the waiver for CVE-2026-0008 appears in the audit log", False),
    ],
)
def test_a_waiver_in_the_audit_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "web" version "1.0.0"',
        'When I build "web" as C1',
        "Given C1's unit tests pass with 90% coverage",
        "And the scan of C1 finds a critical CVE-2026-0009 in openssl",
        "When security grants a waiver for CVE-2026-0009 on C1 that expires in 7 days",
        "And I run the pipeline",
        f"Then {check}",
    )
    assert code == (0 if passes else 1), out


def test_a_rollback_in_an_environments_event_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_TWO,
        "When prod is rolled back to C1",
        "Then the rollback shows up in the prod event history",
        "And the rollback of C1 appears in the prod history",
    )
    assert code == 0, out
    code, out = run_scenario(
        tmp_path, capsys, *_TWO, "Then the rollback shows up in the prod event history"
    )
    assert code == 1 and "an event RolledBack for prod" in out, out
