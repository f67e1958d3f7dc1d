"""Test results said as QA leads say them: counts by outcome, a total with what went
wrong, integration counts, a first run that fails and a rerun that passes, flaky tests, and
what the gate recorded. A wrong count, a rerun of nothing, or a test never flaky fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BUILT = (
    'Given a manifest "orders" version "3.2.0"',
    'When I build "orders" as Q1',
    "Given the coverage threshold is 80%",
    "And the scan of Q1 finds nothing",
    "And the integration tests of Q1 pass",
)


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "Given the unit tests of Q1 report 412 passed, 0 failed and 1 flaky with 88% "
                "coverage",
                "When I run the pipeline for Q1",
                "Then the pipeline passes",
                "And the unit gate records 412 passed and 1 flaky",
                "And the report flags 1 flaky test",
            ),
            True,
        ),
        (
            (
                "Given Q1's unit tests came back with 411 passed and 1 failed",
                "When I run the pipeline",
                "Then the pipeline is blocked at unit",
                "And the gate recorded 1 failed",
            ),
            True,
        ),
        (
            (
                "Given the JUnit report for Q1 has 120 tests with 1 skipped and 0 failures",
                "And Q1 has 91% coverage",
                "When I run the pipeline",
                "Then the unit gate records 119 passed and 1 skipped",
            ),
            True,
        ),
        (
            (
                "Given the JUnit report for Q1 has 120 tests with 1 skipped and 0 failures",
                "And Q1 has 91% coverage",
                "When I run the pipeline",
                "Then the unit gate records 120 passed",
            ),
            False,
        ),
        (
            (
                "Given the unit tests of Q1 run 640 tests with 2 failures",
                "When I run the pipeline",
                "Then the unit gate records 638 passed and 2 failed",
            ),
            True,
        ),
        (("Given the unit tests of Q1 have 3 failures out of 2",), False),
        (("Given the unit tests of Q1 report 3 passed and 2 flaky and 1 flaky",), False),
        (("Given the unit tests of Q1 have 640 tests with 641 passed",), False),
        (("Then the unit gate records 1 passed",), False),
    ],
)
def test_counts_by_outcome(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BUILT, *story)
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "Given the first unit test run of Q1 fails test_login_timeout",
                "When I rerun the unit tests of Q1 and they all pass with 87% coverage",
                "And I run the pipeline for Q1",
                "Then the pipeline passes",
                "And the history of Q1 shows the rerun of test_login_timeout",
                "And test_login_timeout is recorded as flaky",
                "And test_login_timeout was flaky",
            ),
            True,
        ),
        (
            (
                "Given the first unit test run of Q1 fails test_login_timeout",
                "And Q1 has 90% coverage",
                "When I run the pipeline for Q1",
                "Then the pipeline is blocked at unit",
                "When I rerun the unit tests of Q1 and they all pass",
                "And I run the pipeline for Q1",
                "Then test_other_thing is recorded as flaky",
            ),
            False,
        ),
        (
            (
                "Given the unit tests of Q1 pass with 90% coverage",
                "When I rerun the unit tests of Q1 and they all pass",
            ),
            False,
        ),
        (
            (
                "Given the unit tests of Q1 report 412 passed and 0 failed with 90% coverage",
                "And test_payment_timeout flaked once and passed on a retry",
                "When I run the pipeline for Q1",
                "Then the pipeline passes",
                "And the gate records 412 passed, 0 failed and 1 flaky",
                "And test_payment_timeout passed on a retry",
            ),
            True,
        ),
    ],
)
def test_reruns_and_flaky_tests(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BUILT, *story)
    assert code == (0 if passes else 1), out


def test_a_test_never_flaky_is_named_against_the_ones_that_were(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILT,
        "Given the first unit test run of Q1 fails test_login_timeout",
        "When I rerun the unit tests of Q1 and they all pass with 87% coverage",
        "And I run the pipeline for Q1",
        "Then test_other_thing is recorded as flaky",
    )
    assert code == 1
    assert "flaky: test_login_timeout" in out, out


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "Given the unit tests of Q1 pass with 90% coverage",
                "And 2 of Q1's 140 integration tests fail",
                "When I run the pipeline for Q1",
                "Then the pipeline is blocked at integration",
                "And the integration gate records 138 passed and 2 failed",
                "Given all 140 integration tests of Q1 pass",
                "When I run the pipeline for Q1",
                "Then the pipeline passes",
            ),
            True,
        ),
        (
            (
                "Given the unit tests of Q1 pass with 90% coverage",
                "And 2 of Q1's 140 integration tests fail",
                "When I run the pipeline for Q1",
                "Then the integration gate records 140 passed",
            ),
            False,
        ),
    ],
)
def test_integration_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BUILT[:4], *story)
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                'Given a manifest "orders" version "3.2.2"',
                'When I build "orders" as B3',
                "Given test_payment_timeout failed once and passed on retry, leaving 412 "
                "passed, 0 failed and 1 flaky",
                "And B3 has 90% coverage",
                "And B3's scan is clean and its integration tests pass",
                "When I run the pipeline for B3",
                "Then the pipeline passes",
                "And the report flags 1 flaky test",
                "And test_payment_timeout is recorded as flaky",
            ),
            True,
        ),
        (
            (
                'Given a manifest "orders" version "3.2.2"',
                'When I build "orders" as B3',
                "Given test_a and test_b failed once and passed on retry, leaving 412 passed "
                "and 1 flaky",
            ),
            False,
        ),
        (
            (
                'Given a manifest "orders" version "3.3.1"',
                'When I build "orders" as B7',
                "Given B7 was blocked because 3 of its 96 integration tests failed",
                "Then it fails on the integration tests",
                "And the integration gate records 93 passed and 3 failed",
                "When the fix lands in commit e5b0c22 and orders is rebuilt as B8",
                "Then B7 and B8 are the same artifact",
                "Given all 96 integration tests pass",
                "When the pipeline is re-run for B8",
                "Then B8 passes",
            ),
            True,
        ),
        (
            (
                'Given a manifest "orders" version "3.3.1"',
                'When I build "orders" as B7',
                "Given the unit tests of B7 fail",
                "And B7 was blocked because 3 of its 96 integration tests failed",
            ),
            False,
        ),
    ],
)
def test_flaky_counts_and_a_block_said_as_its_cause(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *story)
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the integration gate records test_checkout_flow as flaky", True),
        ("Then the unit gate records test_checkout_flow as flaky", False),
        ("Then the integration gate records test_other_flow as flaky", False),
    ],
)
def test_an_integration_rerun_is_recorded_by_its_gate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "orders" version "3.6.0"',
        'When I build "orders" as B1',
        "Given the unit tests of B1 came back green with 88% coverage",
        "And the scan of B1 finds nothing",
        "And the first integration test run of B1 fails test_checkout_flow",
        "When the integration tests of B1 are rerun and pass",
        "And I run the pipeline for B1",
        "Then B1 passes",
        check,
    )
    assert code == (0 if passes else 1), out
