"""A release manager's account of a bad build: B7 was good, B8 is rolled back; B8 is not
the last good build, the rollback is in prod's history, prod keeps running B7, staging runs
exactly the digest dev runs, an image signed with a named key, an approval of the
promotion to prod. A claim the history contradicts fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BAD_RELEASE = (
    'Given a manifest "checkout" version "1.7.0"',
    'When I build "checkout" as B7',
    'Given a manifest "checkout" version "1.8.0"',
    'When I build "checkout" as B8',
    "Given prod has run B7 and then B8",
    "When I roll back prod",
)


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "Then B8 is not marked as the last good build",
                "And the rollback is recorded in prod's history",
                "And prod keeps running B7",
                "And staging runs exactly the digest that dev runs",
            ),
            True,
        ),
        (("Then B7 is not marked as the last good build",), False),
        (("Then prod keeps running B8",), False),
        (("Then the rollback is recorded in staging's history",), False),
    ],
)
def test_a_bad_build_rolled_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BAD_RELEASE, *story)
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ('Then R1 is signed by key "ops"', True),
        ('Then R1 is signed by key "release"', False),
    ],
)
def test_an_image_signed_with_a_named_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "checkout" version "2.0.0"',
        'When I build "checkout" as R1',
        "Given R1 has been signed with the ops key",
        check,
    )
    assert code == (0 if passes else 1), out


def test_the_release_manager_approves_the_promotion_to_prod(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "checkout" version "2.0.0"',
        'When I build "checkout" as R1',
        "Given R1 passed every gate and was promoted to dev and staging",
        "When I promote R1 to prod",
        "And the release manager approves the promotion to prod",
        "Then prod runs R1",
    )
    assert code == 0, out
