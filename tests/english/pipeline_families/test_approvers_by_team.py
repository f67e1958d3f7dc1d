"""Who approves, said by where they work or the part they play: "Marcus from change
management", "Priya in security", "Dana on the platform team", "the change manager", "our
compliance officer". The approval is theirs (the audit log names the person, else the
role); the twin names someone else and must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_WAITING = (
    'Given a manifest "ledger" version "3.1.0"',
    'When I build "ledger" as L4',
    "Given L4 passed every gate",
    "When I promote L4 to dev, then staging, then prod",
)


@pytest.mark.parametrize(
    ("approval", "check", "passes"),
    [
        (
            "Sofia from release engineering approves the promotion of L4 to prod",
            "the audit log shows that Sofia approved L4 for prod",
            True,
        ),
        (
            "Sofia from release engineering approves the promotion of L4 to prod",
            "the audit log shows that Priya approved L4 for prod",
            False,
        ),
        ("Priya in security approves L4 for prod", "prod runs L4", True),
        (
            "Dana on the platform team approves the promotion to prod",
            "the audit log shows that Dana approved L4 for prod",
            True,
        ),
        (
            "the change manager approves the promotion of L4 to prod",
            "the audit log shows that the change manager approved L4 for prod",
            True,
        ),
        (
            "our compliance officer approves L4 for prod",
            "the audit log shows that the change manager approved L4 for prod",
            False,
        ),
    ],
)
def test_an_approver_said_with_their_team_or_role(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    approval: str,
    check: str,
    passes: bool,
) -> None:
    code, out = run_matched(tmp_path, capsys, *_WAITING, f"When {approval}", f"Then {check}")
    assert (code == 0) is passes, out


def test_without_the_approval_prod_waits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(tmp_path, capsys, *_WAITING, "Then prod runs L4")
    assert code != 0, out
