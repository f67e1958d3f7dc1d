"""Tests, the coverage bar and verdicts said the ways release engineers say them: tests
without an article or "on" a build, counted first ("412 unit tests pass on B1"), the bar as
someone's requirement ("the platform requires 80% coverage for every team"), a build that
"fails the scan step" or "is red", a finding that blocks a build. Each line is checked by
the run it feeds, and each family has a row that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BUILT = ('Given a manifest "billing" version "4.2.0"', 'When I build "billing" as B1')
_GREEN_REST = ("And the scan of B1 finds nothing", "And the integration tests of B1 pass")


@pytest.mark.parametrize(
    ("said", "coverage"),
    [
        ("unit tests for B1 pass at 91% coverage", 91),
        ("412 unit tests pass on B1 with 79% coverage", 79),
        ("the unit tests pass for B1 with 88% coverage", 88),
        ("B1 has 412 passing unit tests and 84% coverage", 84),
        ("the unit test suite of B1 passes with 86% coverage", 86),
        ("unit tests on B1 pass at 70% coverage", 70),
    ],
)
def test_tests_said_without_an_article_or_on_a_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, coverage: int
) -> None:
    verdict = "passes" if coverage >= 85 else "is blocked at the unit test gate"
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given the coverage threshold is 85%",
        *_BUILT,
        f"Given {said}",
        *_GREEN_REST,
        "When I run the pipeline for B1",
        f"Then the pipeline {verdict}",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("said", "bar"),
    [
        ("the platform requires 80% coverage for every team", 80),
        ("we need at least 90% coverage to ship", 90),
        ("the policy is 85% coverage", 85),
        ("every build needs 88% line coverage", 88),
        ("security demands a minimum of 95% coverage", 95),
    ],
)
def test_the_coverage_bar_said_as_a_requirement(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, bar: int
) -> None:
    """The build's 87% passes every bar up to 87% and is blocked at any higher one."""
    verdict = "passes" if bar <= 87 else "is blocked at the unit test gate"
    code, out = run_scenario(
        tmp_path,
        capsys,
        f"Given {said}",
        *_BUILT,
        "Given the unit tests of B1 pass with 87% coverage",
        *_GREEN_REST,
        "When I run the pipeline for B1",
        f"Then the pipeline {verdict}",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("said", "failures"),
    [
        ("3 unit tests fail on B1", 3),
        ("B1 fails 2 of 412 unit tests", 2),
        ("1 unit test fails on B1", 1),
        ("three unit tests fail on B1", 3),
        ("B1 fails two of 412 unit tests", 2),
    ],
)
def test_failing_tests_said_of_the_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, failures: int
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILT,
        f"Given {said}",
        *_GREEN_REST,
        "When I run the pipeline for B1",
        "Then the pipeline is blocked at the unit test gate",
        f"And the unit gate records {failures} failed",
    )
    assert code == 0, out


_BLOCKED = (
    *_BUILT,
    "Given the unit tests of B1 pass with 90% coverage",
    "And the scan of B1 finds CVE-2026-7788, critical, in openssl",
    "And the integration tests of B1 pass",
    "When I run the pipeline for B1",
)
_PASSED = (*_BUILT, "Given the unit tests of B1 pass with 90% coverage", *_GREEN_REST)


@pytest.mark.parametrize(
    ("check", "blocked"),
    [
        ("B1 fails the scan step", True),
        ("B1 is red", True),
        ("the pipeline for B1 goes red", True),
        ("B1 fails the pipeline", True),
        ("the build fails", True),
        ("CVE-2026-7788 blocks B1", True),
        ("the pipeline goes red on the scan gate", True),
        ("B1 does not get past the scan gate", True),
        ("B1 fails the unit tests", False),
        ("B1 can't get past the unit test gate", False),
    ],
)
def test_a_red_build_said_plainly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, blocked: bool
) -> None:
    """Each check passes after the scan blocked B1; the unit gate checks fail (it passed)."""
    code, out = run_scenario(tmp_path, capsys, *_BLOCKED, f"Then {check}")
    assert (code == 0) is blocked, out


@pytest.mark.parametrize("check", ["B1 is red", "the build fails", "B1 fails the scan step"])
def test_a_green_build_is_never_red(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str
) -> None:
    code, out = run_scenario(
        tmp_path, capsys, *_PASSED, "When I run the pipeline for B1", f"Then {check}"
    )
    assert code != 0, out


@pytest.mark.parametrize(
    ("said", "blocks"),
    [
        ("B1 has a critical CVE, CVE-2026-7788, in openssl", True),
        ("B1 has a high-severity vulnerability CVE-2026-7788 in libcurl", True),
        ("B1 ships with a medium CVE, CVE-2026-7788, in zlib", False),
        ("the scan of B1 finds no critical or high vulnerabilities", False),
    ],
)
def test_a_build_said_to_have_a_finding(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, blocks: bool
) -> None:
    verdict = "is blocked at the scan gate" if blocks else "passes"
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILT,
        "Given the unit tests of B1 pass with 90% coverage",
        f"And {said}",
        "And the integration tests of B1 pass",
        "When I run the pipeline for B1",
        f"Then the pipeline {verdict}",
    )
    assert code == 0, out


def test_a_finding_that_does_not_block_is_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BLOCKED, "Then CVE-2026-7788 does not block B1")
    assert code != 0, out
