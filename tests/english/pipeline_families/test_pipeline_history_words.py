"""An environment's history said as people say it: how often it was rolled back, where a
rollback would go now (the engine's own rule, from its view), its history in the possessive,
and a signature checked against one named key. A wrong count or target fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_THREE = (
    'Given a manifest "web" version "1.0.0"',
    'When I build "web" as A',
    'Given a manifest "web" version "1.0.1"',
    'When I build "web" as C',
    "Given prod has run A and then C",
)


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "Then prod was never rolled back",
                "And rolling back prod would go back to A",
                "When I roll back prod",
                "Then prod has been rolled back exactly once",
                "And prod's history reads A, C and A",
                "And there is nothing to roll prod back to",
                "And staging was never rolled back",
            ),
            True,
        ),
        (("When I roll back prod", "Then prod was rolled back twice"), False),
        (("When I roll back prod", "Then staging has been rolled back exactly once"), False),
        (("Then the last good build of prod is C",), False),
        (("Then there is nothing to roll prod back to",), False),
        (("Then prod's history reads C and A",), False),
        (("Then the only build in staging's history is C",), False),
        (("When I roll back prod", "Then the last good build of prod is A"), False),
    ],
)
def test_what_the_history_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_THREE, *story)
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the signature of P5 verifies against the release key", True),
        ("Then P5's signature checks out against the release key", True),
        ("Then the signature of P5 verifies against the rogue key", False),
        ("Then the signature of P6 verifies against the release key", False),
        ("Then the signature of P5 verifies against the unknown key", False),
    ],
)
def test_a_signature_verified_against_one_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given the pipeline signs with key "release" from seed "release-2026"',
        'And key "rogue" from seed "not ours"',
        'And a manifest "payments" version "2.3.0"',
        'When I build "payments" as P5',
        "Given P5 passed every gate",
        'Given a manifest "payments" version "2.3.1"',
        'When I build "payments" as P6',
        "And I attach the signature of P5 to P6",
        check,
    )
    assert code == (0 if passes else 1), out
