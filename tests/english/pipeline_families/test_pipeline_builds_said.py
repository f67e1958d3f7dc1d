"""Builds said as release engineers say them: a commit at a version, a build named with its
project, several builds at once, and a rebuild. Identity is checked by digest and by the
name:version the build carries, so a wrong version or a merged pair of builds fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                'Given commit 4b7c21e of "payments" at version "2.3.0" is built as P1',
                'Then P1 is tagged "payments:2.3.0"',
                "And P1 has a sha256 digest",
                "When I build commit 4b7c21e of payments at version 2.3.0 as P2",
                "Then P1 and P2 are the same artifact",
            ),
            True,
        ),
        (
            (
                'Given commit 4b7c21e of "payments" at version "2.3.0" is built as P1',
                'Then P1 is tagged "payments:2.3.1"',
            ),
            False,
        ),
        (
            (
                'Given version "2.4.1" of payments-api is built from commit 9e01d77 as build-B',
                'And version "2.4.1" of payments-api is built from commit 1111111 as build-C',
                "Then build-B and build-C are different artifacts",
            ),
            True,
        ),
        (
            (
                'Given build M4 of "mobile-api" version "5.2.1"',
                'Then M4 is tagged "mobile-api:5.2.1"',
            ),
            True,
        ),
        (
            (
                'Given a manifest "payments" version "2.3.0"',
                'And P4 of "payments" passed every gate',
                "Then P4 passes all its gates",
                "And P4 is signed",
                'And P4 is tagged "payments:2.3.0"',
            ),
            True,
        ),
        (
            (
                'Given R7 of "payments" passed every gate and was promoted to dev and staging',
                "Then dev and staging both run R7",
                "And prod is still empty",
            ),
            True,
        ),
        (
            (
                'Given R1 and R2 of "payments" both passed every gate',
                "Then R1 and R2 are different artifacts",
                "And R1 is signed",
                "And R2 is signed",
            ),
            True,
        ),
        (('Given R1 and R1 of "payments" both passed every gate',), False),
        (
            (
                'Given R1 and R2 of "payments" both passed every gate',
                "Then R1 and R2 are the same artifact",
            ),
            False,
        ),
        (
            (
                'Given a manifest "payments" version "2.3.0"',
                'When I build "payments" as A1',
                'And I build "payments" again as A2',
                "Then A1 and A2 are the same artifact",
            ),
            True,
        ),
        (
            (
                'Given a manifest "orders" version "3.2.0"',
                "When orders is built as build-1",
                'Given a manifest "orders" version "3.2.1"',
                "When I rebuild orders as build-2",
                "Then build-1 and build-2 are the same artifact",
            ),
            False,
        ),
    ],
)
def test_builds_said_plainly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *story)
    assert code == (0 if passes else 1), out
