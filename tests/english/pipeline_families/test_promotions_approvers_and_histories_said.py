"""Pipeline lines of the fifteenth session's blind batches, in other words than their
writers': a promotion said as the way it goes ("I push R7 through dev and staging on to
prod": each environment in turn, prod held for its approval), an approver named by their
part ("our tech lead approves …", recorded as said) or said to be me ("… myself": I
approve), and a history said partly ("the history of prod mentions R7": the contains form
of "the history of prod is …"; by version too) or by digest "rather than a tag". Each
family has a twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_BUILT = (
    'Given a manifest "payments" version "2.3.0"',
    'When I build "payments" as R7',
    "Given R7 passed every gate",
)


@pytest.mark.parametrize(
    ("moves", "check", "passes"),
    [
        (
            (
                "When I push R7 through dev and staging on to prod",
                "And our tech lead approves the promotion of R7 to prod",
            ),
            "the audit log shows that our tech lead approved R7 for prod",
            True,
        ),
        (
            (
                "When I promote R7 through dev, staging and prod",
                "And I approve the promotion of R7 to prod myself",
            ),
            "prod runs R7",
            True,
        ),
        (("When I promote R7 through dev and staging into prod",), "prod runs R7", False),
        (("When I promote R7 through dev and staging into prod",), "staging runs R7", True),
        (
            (
                "When I push R7 through dev and staging on to prod",
                "And my mentor approves the promotion of R7 to prod",
            ),
            "the audit log shows that Marcus approved R7 for prod",
            False,
        ),
    ],
)
def test_promotions_and_approvers_said_otherwise(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    moves: tuple[str, ...],
    check: str,
    passes: bool,
) -> None:
    code, out = run_matched(tmp_path, capsys, *_BUILT, *moves, f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("the history of prod mentions R7", True),
        ("prod's release history includes 2.3.0", True),
        ("staging's history records R7 by its digest rather than a tag", True),
        ("the history of prod does not mention R7", False),
        ("the history of dev contains 2.4.0", False),
    ],
)
def test_a_history_said_partly_or_by_digest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_BUILT,
        "When I promote R7 through dev, staging and prod, approving prod",
        f"Then {check}",
    )
    assert (code == 0) is passes, out
