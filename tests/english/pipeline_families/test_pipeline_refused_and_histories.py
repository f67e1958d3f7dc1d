"""Deploys that skip the pipeline and fail, said as release engineers say them ("I deploy
C7 to staging without ever running the pipeline", "the deploy fails because C7 is not
signed"), a build never signed, a whole history said as exactly one build, promotions to
several environments with approval in one sentence, and the same manifest built again. A
deploy said to skip a pipeline that ran, a failure that did not happen, a reason the error
does not give, or a history with more in it fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BUILT = ('Given a manifest "checkout" version "2.7.0"', 'When I build "checkout" as C7')


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "And I deploy C7 to staging without ever running the pipeline",
                "Then the operation fails because C7 has no signature",
                "And staging runs nothing",
                "And C7 is never signed",
            ),
            True,
        ),
        (
            (
                "And we deploy C7 straight to staging, skipping the pipeline",
                "Then the deploy failed because C7 is not signed",
            ),
            True,
        ),
        (
            (
                "And C7 is deployed to staging without going through the pipeline",
                "Then the deploy didn't go through",
                "And C7 has never been signed",
            ),
            True,
        ),
        (
            (
                "And I deploy C7 to staging without ever running the pipeline",
                "Then the deploy fails because the scan found a CVE",
            ),
            False,
        ),
        (
            (
                "And I run the pipeline for C7",
                "And I deploy C7 to staging without ever running the pipeline",
            ),
            False,
        ),
        (
            (
                "And C7 passed every gate",
                "And I deploy C7 to staging",
                "Then the deploy fails because C7 is not signed",
            ),
            False,
        ),
        (("And C7 passed every gate", "Then C7 is never signed"), False),
    ],
)
def test_deploys_that_skip_the_pipeline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BUILT, *story)
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "And R1 was promoted to dev, staging and prod with approval",
                "Then prod runs R1",
                "And the history of prod is exactly R1",
            ),
            True,
        ),
        (
            (
                "And R1 has been deployed through dev and staging, and approved",
                "Then staging runs R1",
            ),
            True,
        ),
        (
            (
                "And R1 was promoted to dev, staging and prod",
                "Then the history of prod is exactly R1",
            ),
            False,
        ),
        (
            (
                "And R1 was promoted to dev, staging and prod with approval",
                "And R2 was shipped to dev, staging and prod with sign-off",
                "Then prod's deploy history is only R1",
            ),
            False,
        ),
        (
            (
                "And R1 was promoted to dev, staging and prod with approval",
                "And R2 was shipped to dev, staging and prod with sign-off",
                "Then prod's release history shows R1 then R2",
            ),
            True,
        ),
    ],
)
def test_promotions_and_histories_in_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given "payments" 2.6.0 was built as R1 and went through every gate',
        'And "payments" 2.6.1 was built as R2 and went through every gate',
        *story,
    )
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("said", "same"),
    [
        ("I build the same manifest again as A2", True),
        ("I rebuild the same source as A2", True),
        ("that manifest is built again as A2", True),
    ],
)
def test_the_same_manifest_built_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, same: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "checkout" version "3.1.0"',
        'And a manifest "ledger" version "1.0.0"',
        'When I build "ledger" as L1',
        'When I build "checkout" as A1',
        f"And {said}",
        "Then A1 and A2 have the same digest",
        "And L1 and A2 have different digests",
    )
    assert code == 0, out


def test_the_same_manifest_with_nothing_built_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "checkout" version "3.1.0"',
        "When I build the same manifest again as A2",
    )
    assert code == 1 and "story.feature:4" in out and "nothing built yet" in out, out


@pytest.mark.parametrize(
    ("reason", "passes"),
    [
        ("C6 was never in staging", True),
        ("C6 has never been in staging", True),
        ("C6 was never signed", False),
    ],
)
def test_a_reason_said_with_never(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], reason: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "checkout" version "2.6.0"',
        'When I build "checkout" as C6',
        "Given C6 passed every gate",
        "When I promote C6 to dev",
        "And I promote C6 straight to prod",
        f"Then the promotion is refused because {reason}",
    )
    assert code == (0 if passes else 1), out
