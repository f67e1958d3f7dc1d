"""A commit built after a manifest was declared builds that manifest at that commit: "Given
the "checkout" manifest at version "2.4.0" / When commit 3fa91c2 is built as C1" is checkout
2.4.0, not a manifest "web" at version 3fa91c2 (which dropped the declared name and version,
so "the same manifest built again" found nothing built)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_DECLARED = 'Given the "checkout" manifest at version "2.4.0"'


@pytest.mark.parametrize(
    ("builds", "check", "passes"),
    [
        (
            ("When commit 3fa91c2 is built as C1", "And the same manifest is built again as C2"),
            "C1 and C2 have the same digest",
            True,
        ),
        (
            ("When I build commit 3fa91c2 as C1", "And I rebuild the same source as C2"),
            "C1 and C2 share the same digest",
            True,
        ),
        (
            ("When commit 3fa91c2 is built as C1", "And I build commit 3fa91c2 again as C2"),
            "C1 and C2 are the same artifact",
            True,
        ),
        (
            ("When commit 3fa91c2 is built as C1", "And commit 9bc1d22 is built as C2"),
            "C1 and C2 have the same digest",
            False,
        ),
    ],
)
def test_the_same_source_is_the_same_digest(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    builds: tuple[str, str],
    check: str,
    passes: bool,
) -> None:
    code, out = run_matched(tmp_path, capsys, _DECLARED, *builds, f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("project", "passes"),
    [('version 2.4.0 of "checkout"', True), ('version 3fa91c2 of "web"', False)],
)
def test_the_build_keeps_the_declared_name_and_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], project: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        _DECLARED,
        "When commit 3fa91c2 is built as C1",
        "And C1 passes every gate",
        "And I promote C1 to dev",
        f"Then dev runs {project}",
    )
    assert (code == 0) is passes, out
