"""Who rolled an environment back is kept and checked (rollback_actor.py): "Sam rolls prod
back to v5" was read as "I roll prod back to v5", dropping Sam, and nothing could say who
did it afterwards. The pipeline's rollback now takes ``by``, records it in the deployment
record and the RolledBack event, and a check reads that record."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_TWO_RELEASES = (
    'Given prod runs version v5 of "cart"',
    "When v6 of cart is signed, approved and promoted to prod",
)


@pytest.mark.parametrize(
    ("rollback", "check", "passes"),
    [
        ("Sam rolls prod back to v5", "the rollback of prod was done by Sam", True),
        ("Sam rolls prod back to v5", "the rollback of prod was done by Priya", False),
        ("Priya rolled back prod", "prod was rolled back by Priya", True),
        ("prod is rolled back to v5 by Dana", "Dana rolled prod back", True),
        ("I roll prod back to v5", "the rollback of prod was done by Sam", False),
        ("prod gets rolled back by Sam", "the audit log shows that Sam rolled back prod", True),
        ('"sam" rolls back prod', 'the rollback of prod was performed by "sam"', True),
        ("Sam rolls back prod", "Sam has rolled back prod", True),
    ],
)
def test_who_rolled_back_is_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rollback: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_TWO_RELEASES,
        f"And {rollback}",
        "Then prod runs version v5 of cart",
        f"And {check}",
    )
    assert (code == 0) is passes, out


def test_no_rollback_at_all_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_matched(
        tmp_path, capsys, *_TWO_RELEASES, "Then the rollback of prod was done by Sam"
    )
    assert code != 0 and "prod was never rolled back" in out, out


def test_a_rollback_by_a_name_that_is_no_environment_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(tmp_path, capsys, *_TWO_RELEASES, "And Sam rolls back qa2")
    assert code != 0 and "an environment for Sam to roll back" in out, out
