"""How often a build reached an environment ("C3 reached production only once", "prod
has only ever run C3"), a build that never reaches one, a run that is not blocked, and a
scan that passed thanks to a waiver. A wrong count, another build in the history, a run
that was blocked, or a scan that passed with nothing waived fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_SHIPPED = (
    'Given "payments" 2.6.0 was built as R1 and went through every gate',
    "And R1 was promoted to dev, staging and prod with approval",
    'And "payments" 2.6.1 was built as R2 and went through every gate',
    "And R2 was promoted to dev, staging and prod with approval",
    "When I roll prod back to R1",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("R1 reached production twice", True),
        ("R1 reached production only once", False),
        ("R2 was deployed to prod exactly once", True),
        ("R1 went to staging just once", True),
        ("prod ran R1 at least 2 times", True),
        ("prod saw R2 twice", False),
        ("dev has only ever run R1", False),
        ("R2 never reaches prod", False),
    ],
)
def test_how_often(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_SHIPPED, f"Then {check}")
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (("And R1 was promoted to dev", "Then dev has only ever run R1"), True),
        (("Then prod has never run anything but R1",), False),
        (("And R1 was promoted to dev", "Then R1 never gets to staging"), True),
    ],
)
def test_only_ever(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given "payments" 2.6.0 was built as R1 and went through every gate',
        *story,
    )
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("waiver", "check", "passes"),
    [
        (
            'And waiver list version 1 accepts CVE-2026-1 because "unreachable"',
            "the pipeline is not blocked",
            True,
        ),
        (
            'And waiver list version 1 accepts CVE-2026-1 because "unreachable"',
            "the scan passes thanks to the waiver",
            True,
        ),
        (
            "And the scan of C1 turns up CVE-2026-2, LOW, in zlib",
            "the scan passed only because of a waiver",
            False,
        ),
        (
            "And the scan of C1 turns up CVE-2026-2, LOW, in zlib",
            "the pipeline isn't blocked",
            False,
        ),
    ],
)
def test_not_blocked_and_thanks_to_a_waiver(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], waiver: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "checkout" version "2.4.0"',
        'When I build "checkout" as C1',
        "And the unit tests of C1 pass with 95% coverage",
        "And the integration tests of C1 pass",
        "And the scan of C1 turns up CVE-2026-1, CRITICAL, in openssl",
        waiver,
        "And I run the pipeline for C1",
        f"Then {check}",
    )
    assert code == (0 if passes else 1), out
