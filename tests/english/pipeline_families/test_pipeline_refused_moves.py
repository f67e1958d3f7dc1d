"""A refused promotion or deploy checked by what it moved and where ("the promotion of B1 to
staging is refused because …", "prod rejects L4", "deploying S2 to prod fails with "…"",
"L4 can't be deployed to prod because it isn't signed"): the refusal must be about that
build and that environment, and say the reason given."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_UNSIGNED = (
    'Given a manifest "ledger" version "0.9.4"',
    'When I build "ledger" as L4',
    'And a manifest "ledger" version "0.9.5"',
    'When I build "ledger" as L5',
    "And I deploy L4 to staging",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("staging rejects L4", True),
        ("the deploy of L4 to staging was rejected because it has no signature", True),
        ('deploying L4 to staging fails with "no signature"', True),
        ("staging won't accept L4", True),
        ("staging refuses L4 because it is not signed", True),
        ('the deploy is rejected with "not signed"', True),
        ("L4 was rejected by staging because it has no signature", True),
        ("L4 is refused at prod", False),
        ("staging rejects L5", False),
        ("prod rejects L4", False),
        ('deploying L4 to staging fails with "a copied signature"', False),
    ],
)
def test_a_refused_deploy_named_by_build_and_environment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_UNSIGNED, f"Then {check}")
    assert (code == 0) is passes, out


_UNGATED = (
    'Given a manifest "api" version "1.9.2"',
    'When I build "api" as B5',
    "Given the unit tests of B5 fail with 3 failures",
    "When I run the pipeline for B5",
    "And I try to promote B5 to dev",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("the promotion of B5 to dev is refused because it did not pass the pipeline", True),
        ("promoting B5 to dev fails", True),
        ("the promotion of B5 to dev is refused because it is not signed", False),
        ("the promotion of B5 to staging is refused", False),
    ],
)
def test_a_refused_promotion_named_by_build_and_environment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_UNGATED, f"Then {check}", "And dev runs nothing")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("L4 can't be deployed to staging because it isn't signed", True),
        ("L4 cannot be deployed to prod because it has no signature", True),
        ("L4 can't be deployed to staging because its coverage is too low", False),
    ],
)
def test_cannot_move_with_a_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_UNSIGNED[:2], f"Then {check}")
    assert (code == 0) is passes, out


def test_a_step_that_went_through_is_no_refusal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "ledger" version "0.9.4"',
        'When I build "ledger" as L4',
        "Given L4 passed every gate",
        "When I promote L4 to dev",
        "Then dev rejects L4",
    )
    assert code != 0, out
