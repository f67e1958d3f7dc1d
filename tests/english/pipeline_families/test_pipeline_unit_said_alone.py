"""An artifact that "passes its unit tests with 93% coverage" had its unit tests and
coverage recorded by one phrase and, by another, its integration tests as well: the line was
ambiguous. It now means the unit tests and coverage only, as it says, whichever way it is put."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BUILT = ('Given a manifest "payments" version "2.5.1"', 'When I build "payments" as P4')


@pytest.mark.parametrize(
    "said",
    [
        "P4 passes its unit tests with 93% coverage",
        "build P4 passed all its unit tests at 93% coverage",
        "P4 is built from commit 4c7d2e1 and passes its unit tests with 93% coverage",
    ],
)
def test_unit_tests_alone_leave_integration_unsaid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILT,
        f"And {said}",
        "And the scan of P4 finds nothing",
        "When I run the pipeline for P4",
        "Then the pipeline is blocked at the integration gate",
    )
    assert code == 0, out


def test_coverage_said_with_them_is_judged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILT,
        "Given the coverage threshold is 95%",
        "And P4 passes its unit tests with 93% coverage",
        "When I run the pipeline for P4",
        "Then the pipeline is blocked at the unit test gate",
    )
    assert code == 0, out
