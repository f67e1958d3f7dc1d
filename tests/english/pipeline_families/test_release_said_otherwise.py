"""Release sentences said another way than the catalog's: a name with its role between
commas ("Priya, our release manager, approves B1": Priya acts), production for prod
wherever the pipeline has no environment called production, a gate's result said of a
build with "for" ("integration tests pass for B1", "unit tests for B1 pass with …"), details
after a colon ("B1's unit tests pass: 300 tests, 2 failures, 90% coverage"), and a build
already named shipped as it is ("the team tries to ship B1 to production": promoted, its
gates and approvals checked, never built again). Each runs a small scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_scenario

_BUILT = "Given billing 1.0.0 was built as B1, passed everything and went to staging"


@pytest.mark.parametrize(
    ("lines", "passes"),
    [
        (
            (
                _BUILT,
                "When Priya, our release manager, approves B1 for prod",
                "Then B1 was approved by Priya",
            ),
            True,
        ),
        (
            (
                _BUILT,
                "When Priya, our release manager, approves B1 for prod",
                "Then B1 was approved by Dana",
            ),
            False,
        ),
        (
            (
                _BUILT,
                "When someone pushes B1 to production without an approval",
                "Then production is not running B1",
                "When Priya, the release manager, approves B1",
                "And I promote B1 to production",
                "Then production runs B1",
            ),
            True,
        ),
        (
            (_BUILT, "When the team tries to ship B1 to production", "Then production runs B1"),
            False,
        ),
        (
            (
                _BUILT,
                "When the team tries to ship B1 to production",
                "Then the promotion of B1 to prod is waiting for approval",
                "And production does not run B1",
            ),
            True,
        ),
    ],
)
def test_who_acts_and_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert (code == 0) == passes, out


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        ("When integration tests fail for B1", "Then the integration tests failed for B1", True),
        ("When integration tests pass for B1", "Then the integration tests failed for B1", False),
        (
            "When the integration tests for B1 fail",
            "Then the integration tests failed for B1",
            True,
        ),
        ("When integration tests pass for B1", "Then the integration tests passed for B1", True),
    ],
)
def test_gate_results_said_for_a_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given billing 1.0.0 was built as B1",
        "And the unit tests of B1 pass with 300 tests, 0 failures and 90% coverage",
        "And the scan of B1 finds nothing",
        said,
        "And the pipeline runs on B1",
        check,
    )
    assert (code == 0) == passes, out


@pytest.mark.parametrize(
    ("said", "passes"),
    [
        ("When B1's unit tests pass: 300 tests, 0 failures, 90% coverage", True),
        ("When unit tests for B1 pass: 300 tests and 0 failures, 85% coverage", True),
        ("When B1's unit tests pass: 300 tests, 2 failures, 90% coverage", False),
    ],
)
def test_details_after_a_colon(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given billing 1.0.0 was built as B1",
        said,
        "And the scan of B1 finds nothing",
        "And the integration tests of B1 pass",
        "And the pipeline runs on B1",
        "Then B1 passes all its gates",
    )
    assert (code == 0) == passes, out
    assert passes or "2 failures" in out, out


def test_a_promotion_that_says_what_it_skips(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given billing 1.0.0 was built as B1, passed everything and went to dev",
        "When I promote B1 straight to production, bypassing staging",
        "Then the promotion is refused",
        "And production does not run B1",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("said", "read"),
    [
        (
            'B1 is signed with a key "laptop-test" that prod does not trust',
            'B1 is signed with the untrusted key "laptop-test"',
        ),
        (
            "B1 is signed with a key ci-release that prod trusts",
            "B1 is signed with the trusted key ci-release",
        ),
        (
            "I promote B1 directly to prod, skipping staging",
            "I promote B1 directly to prod",
        ),
    ],
)
def test_who_trusts_a_key_and_what_is_skipped_read_as_the_catalog_says(
    said: str, read: str
) -> None:
    load_step_library()
    assert [m.text for m in REGISTRY.match("when", said)] == [read]
