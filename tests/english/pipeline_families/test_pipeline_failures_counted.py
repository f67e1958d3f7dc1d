"""Failing unit tests counted without the word "failures" ("the unit tests of B5 fail 3 of
220 tests"): the unit gate is red with those counts, and the build never reaches dev."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import load_step_library
from tests.harness.one_scenario import run_scenario

load_step_library()


@pytest.mark.parametrize(
    "said",
    [
        "the unit tests of B5 fail 3 of 220 tests",
        "B5's unit tests fail 3 out of 220",
        "the unit tests for B5 fail on 3 of 220 test cases",
        "B5's tests fail 3 of 220 unit tests",
    ],
)
@pytest.mark.parametrize(("check", "passes"), [("dev runs nothing", True), ("dev runs B5", False)])
def test_counted_failures_fail_the_unit_gate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "api" version "1.9.2"',
        "And coverage must be at least 80%",
        'When I build "api" as B5',
        f"Given {said}",
        "When I run the pipeline for B5",
        "Then the pipeline fails",
        "When I promote B5 to dev",
        'Then the promotion is refused with "220 tests, 3 failures"',
        f"And {check}",
    )
    assert (code == 0) is passes, out


def test_more_failures_than_tests_is_an_error_at_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "api" version "1.9.2"',
        'When I build "api" as B5',
        "Given the unit tests of B5 fail 300 of 220 tests",
    )
    assert code != 0 and "are more than the 220 tests that ran" in out, out
