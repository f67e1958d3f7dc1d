"""An approval by someone named, and the audit log saying who: the pipeline records the
reviewer with the approval, so a Then about another reviewer, artifact or environment
fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_READY = (
    'Given a manifest "payments" version "2.3.0"',
    'When I build "payments" as R7',
    "Given R7 passed every gate and was promoted to dev and staging",
    "When I promote R7 to prod",
)


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "Then prod is still empty",
                "When Marcus approves R7 for prod",
                "Then prod runs R7",
                "And the audit log shows that Marcus approved R7 for prod",
                "And R7 was approved for prod by Marcus",
                "And Marcus approved R7 for prod",
            ),
            True,
        ),
        (
            (
                'When the release manager "dana" approves R7 for prod',
                'Then the audit trail records that "dana" approved R7 for prod',
            ),
            True,
        ),
        (
            (
                "When Marcus approves R7 for prod",
                "Then the audit log shows that Priya approved R7 for prod",
            ),
            False,
        ),
        (("When Marcus approves R7 for prod", "Then Priya approved R7 for prod"), False),
        (
            (
                "When Marcus approves R7 for prod",
                "Then the audit log shows that Marcus approved R7 for staging",
            ),
            False,
        ),
        (
            (
                "When I approve the promotion of R7 to prod",
                "Then the audit log shows that Marcus approved R7 for prod",
            ),
            False,
        ),
    ],
)
def test_who_approved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_READY, *story)
    assert code == (0 if passes else 1), out
