"""A build's whole history said in one sentence: the build (a version of a project, said
in any order, the project left out when there is only one) and then what happened to it,
each clause a known fact about the build ("passed everything", "cleared all its checks",
"went to production with approval", "is in production"). Each runs a small scenario; a
wrong environment or a refused clause fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    "lines",
    [
        (
            "Given version 3 of billing was built as B3, passed everything and is in production",
            "Then prod runs B3",
        ),
        (
            "Given billing 4.1.0 got built as B4, cleared all its checks and went to "
            "production with approval",
            "Then prod runs B4",
        ),
        (
            'Given "ledger" v7 was built as L7 and passed every gate',
            "When version 8 is built as L8, passes everything and goes to staging",
            "Then staging runs L8",
            "And prod does not run L8",
        ),
        (
            "Given ledger version 2.0.0 was then built as L2 and went to dev",
            "Then dev runs L2",
            "And staging does not run L2",
        ),
    ],
)
def test_a_history_in_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: tuple[str, ...]
) -> None:
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert code == 0, out


@pytest.mark.parametrize(
    ("lines", "said"),
    [
        (
            (
                "Given version 3 of billing was built as B3 and passed everything",
                "Then prod runs B3",
            ),
            "prod",
        ),
        (
            ("Given billing 3.1.0 was built as B3 and went to the moon",),
            "no step matches",
        ),
        (
            ("Given billing 3.1.0 was built as B3 and went to moon",),
            "an environment moon",
        ),
    ],
)
def test_a_history_that_does_not_hold_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: tuple[str, ...], said: str
) -> None:
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert code == 1 and said in out, out


def test_a_version_with_no_project_needs_exactly_one_project(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given billing 1.0.0 was built as B1",
        "And ledger 1.0.0 was built as L1",
        "When version 2 is built as X2 and passes everything",
    )
    assert code == 1 and "the project of version 2" in out and "billing, ledger" in out, out
