""" "v2 is built as R2, signed, approved and promoted all the way to prod" builds version v2
of the one project and makes each fact true. It was read as a build of a manifest called
"v2" (refused: no such manifest) followed by a promotion straight to prod, and "promoted all
the way to prod" lost its "all the way" (one jump to prod, which the engine refuses)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("when", "check", "passes"),
    [
        (
            "v2 is built as R2, signed, approved and promoted all the way to prod",
            "prod runs R2",
            True,
        ),
        ("v2 is built as R2 and passes every gate", "R2 is signed", True),
        (
            "v2 is rebuilt as R2, passes every gate and is promoted to staging",
            "staging runs R2",
            True,
        ),
        ("v2 is built as R2 and promoted all the way to staging", "prod runs R2", False),
        ("v2 is built as R2", "R2 is signed", False),
    ],
)
def test_a_version_built_and_what_happened_to_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], when: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "shop" version "v1"',
        f"When {when}",
        f"Then {check}",
    )
    assert 'a manifest "v2"' not in out, out
    assert (code == 0) is passes, out


def test_the_build_is_of_the_one_project(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "shop" version "v1"',
        "When v2 is built as R2, signed, approved and promoted all the way to prod",
        'Then prod runs version v2 of "shop"',
    )
    assert code == 0, out
