"""Words the pipeline phrases do not use, read through the synonym table by the frames
matcher: push (promote), sign off on (approve), install (deploy), specs (tests), an
attestation (a signature), cosigned (signed). Each reaches the engine: a wrong environment
or artifact fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BUILT = (
    'Given a manifest "checkout" version "3.0.0"',
    'When I build "checkout" as R1',
    "Given the unit specs of R1 pass",
    "And R1 has 95% coverage",
    "And the scan of R1 finds nothing",
    "And the integration tests of R1 pass",
    "When I run the pipeline for R1",
)


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "Then R1 is cosigned",
                "And the attestation of R1 verifies against the ci key",
                "When I push R1 to dev",
                "Then dev runs R1",
                "When I push R1 to staging",
                "And Dana signs off on R1 for prod",
                "And I install R1 to prod",
                "Then prod runs R1",
                "And the audit log shows that Dana approved R1 for prod",
            ),
            True,
        ),
        (("When I push R1 to dev", "Then staging runs R1"), False),
        (("When I install R1 to dev", "Then dev runs R1"), True),
        (("When I install R1 to dev", "Then prod runs R1"), False),
        (("Then the attestation of R1 verifies against the rogue key",), False),
    ],
)
def test_synonyms_reach_the_engine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BUILT, *story)
    assert code == (0 if passes else 1), out
