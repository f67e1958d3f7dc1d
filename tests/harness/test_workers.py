"""``-n auto``: a suite of feature files below the break-even runs serially; anything else
is left to pytest-xdist. The decision is checked, never the timing."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.workers import BREAK_EVEN, scenario_count, suite_size

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")

OUTLINE = """Feature: F
  Scenario: one
    Given 2 nodes

  Scenario Outline: rows
    Given <n> nodes

    Examples:
      | n |
      | 1 |
      | 2 |

    Examples: more
      | n |
      | 3 |

  Example: another
    Given 1 node
"""

FRENCH = """# language: fr
Fonctionnalité: F
  Scénario: un
    Soit 2 nodes
  Plan du scénario: lignes
    Soit <n> nodes
    Exemples:
      | n |
      | 1 |
"""


def test_scenarios_and_example_rows_are_counted() -> None:
    assert scenario_count(OUTLINE) == 6  # two scenarios, the outline, three rows
    assert scenario_count(FRENCH) == 3
    assert scenario_count("Feature: empty\n") == 0


def suite(folder: Path, scenarios: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    body = "Feature: F\n" + "".join(
        f"  Scenario: s{n}\n    Given 2 nodes\n" for n in range(scenarios)
    )
    (folder / "many.feature").write_text(body)
    return folder


def test_a_feature_suite_is_counted_up_to_the_break_even(tmp_path: Path) -> None:
    small = suite(tmp_path / "small", 10)
    assert suite_size([small], ["test_*.py"], []) == 10
    large = suite(tmp_path / "large", BREAK_EVEN + 5)
    assert suite_size([large], ["test_*.py"], []) >= BREAK_EVEN  # type: ignore[operator]


def test_python_tests_in_the_run_leave_the_decision_to_xdist(tmp_path: Path) -> None:
    folder = suite(tmp_path / "mixed", 10)
    (folder / "test_unit.py").write_text("def test_x():\n    pass\n")
    assert suite_size([folder], ["test_*.py"], []) is None
    (folder / "test_unit.py").rename(folder / "helpers.py")
    assert suite_size([folder], ["test_*.py"], []) == 10
    skipped = folder / "build"
    skipped.mkdir()
    (skipped / "test_generated.py").write_text("")
    assert suite_size([folder], ["test_*.py"], ["build"]) == 10


SMALL = "Feature: F\n  Scenario: s\n    Given 2 nodes\n    Then 0 pods exist\n"


def workers_line(result: pytest.RunResult) -> list[str]:
    return [line for line in result.outlines if "workers" in line]


def test_auto_runs_a_small_suite_serially(pytester: pytest.Pytester) -> None:
    pytester.makefile(".feature", small=SMALL)
    result = pytester.runpytest("-p", "no:hypothesispytest", "-n", "auto")
    result.assert_outcomes(passed=1)
    assert workers_line(result) == [], "no workers were started"


@pytest.mark.slow
def test_auto_leaves_a_run_with_python_tests_to_xdist(pytester: pytest.Pytester) -> None:
    pytester.makefile(".feature", small=SMALL)
    pytester.makepyfile(test_unit="def test_x():\n    pass\n")
    result = pytester.runpytest("-p", "no:hypothesispytest", "-n", "auto")
    result.assert_outcomes(passed=2)
    assert workers_line(result), result.outlines


@pytest.mark.slow
def test_an_explicit_worker_count_for_auto_wins(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTEST_XDIST_AUTO_NUM_WORKERS", "2")
    pytester.makefile(".feature", small=SMALL)
    result = pytester.runpytest("-p", "no:hypothesispytest", "-n", "auto")
    result.assert_outcomes(passed=1)
    assert any("2 workers" in line for line in workers_line(result)), result.outlines


def test_kubeloop_run_passes_auto_to_xdist() -> None:
    from kubeloop.cli import _parser  # noqa: PLC0415
    from kubeloop.harness.runner import RunOptions, pytest_arguments  # noqa: PLC0415

    args = _parser().parse_args(["run", "-n", "auto", "x.feature"])
    assert args.workers == "auto"
    assert "-n auto" in " ".join(pytest_arguments(RunOptions(["x.feature"], workers="auto")))
    with pytest.raises(SystemExit):
        _parser().parse_args(["run", "-n", "many"])
