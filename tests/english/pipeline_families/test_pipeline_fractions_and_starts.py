"""A suite's result said as a fraction ("412 out of 412", "3 of O2's 240 unit tests
fail"), the coverage bar said as a requirement ("we require at least 90% line coverage"),
and a pipeline run started with other verbs ("I kick off the pipeline for P3"). Each is
checked by what the run then does: a fraction with failures blocks, a bar above the
coverage blocks, a run that was started has a verdict."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BUILT = (
    'Given a manifest "orders" version "3.1.1"',
    'When I build "orders" as O2',
    "And the scan of O2 finds nothing",
    "And the integration tests of O2 pass",
)


@pytest.mark.parametrize(
    ("said", "verdict"),
    [
        ("the unit tests for O2 pass, 412 out of 412, with 88% coverage", "passes"),
        ("the unit tests of O2 pass 410 of 412, with 88% coverage", "is blocked at unit"),
        ("O2's unit tests pass, 240 of 240 tests, at 91% coverage", "passes"),
        ("all 240 of O2's 240 unit tests pass with 90% coverage", "passes"),
        ("three of O2's 240 unit tests fail", "is blocked at unit"),
        ("0 out of the 240 unit tests of O2 failed", "passes"),
    ],
)
def test_a_fraction_of_the_suite(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, verdict: str
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILT,
        f"And {said}",
        "And O2 has 90% coverage",
        "When I run the pipeline for O2",
        f"Then the pipeline {verdict}",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    "said",
    [
        "the unit tests for O2 pass, 413 out of 412",
        "241 of O2's 240 unit tests fail",
    ],
)
def test_more_than_ran_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BUILT, f"And {said}")
    assert code == 1 and "story.feature:7" in out, out


def test_a_fraction_names_the_failures_it_leaves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILT,
        "And 3 of O2's 240 unit tests fail",
        "And O2 has 95% coverage",
        "When I run the pipeline for O2",
        "Then the unit gate records 237 passed and 3 failed",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("bar", "verdict"),
    [
        ("we require at least 90% line coverage", "is blocked at unit"),
        ("the team expects no less than 85% code coverage", "passes"),
        ("builds below 90% coverage fail", "is blocked at unit"),
        ("the minimum line coverage is 85%", "passes"),
        ("CI enforces a minimum of 88% coverage", "passes"),
        ("code coverage must stay at least 89%", "is blocked at unit"),
    ],
)
def test_the_coverage_bar_said_as_a_requirement(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bar: str, verdict: str
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        f"Given {bar}",
        *_BUILT,
        "And the unit tests of O2 pass with 88% coverage",
        "When I run the pipeline for O2",
        f"Then the pipeline {verdict}",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    "start",
    [
        "I kick off the pipeline for O2",
        "we trigger a new pipeline run for O2",
        "the CI pipeline is kicked off for O2",
        "I fire off the release pipeline",
        "I launch a pipeline run on O2",
        "O2 is sent through the build pipeline",
    ],
)
def test_a_run_started_in_other_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], start: str
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILT,
        "And the unit tests of O2 pass with 95% coverage",
        f"When {start}",
        "Then the pipeline passes",
        "And O2 is signed",
    )
    assert code == 0, out


def test_a_run_never_started_has_no_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILT,
        "And the unit tests of O2 pass with 95% coverage",
        "Then the pipeline passes",
    )
    assert code == 1, out
