"""The pytest plugin, run in a scratch project: what passes, what fails, and how it reads."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    """Run pytest in the scratch project (without hypothesis's plugin, which costs a second)."""
    return pytester.runpytest("-p", "no:hypothesispytest", "-p", "no:cacheprovider", *args)


GOOD = """
Feature: Self-healing
  Scenario: A failed node's pods move
    Given 3 nodes and a deployment of 4
    When node-1 fails and I reconcile
    Then no pod is on node-1
    And 4 pods are running

  Scenario: Scaling
    Given 2 nodes and a deployment of 2
    When I scale "web" to 3 and I reconcile
    Then 3 pods are running
"""


def test_features_are_collected_with_no_glue(pytester: pytest.Pytester) -> None:
    pytester.makefile(".feature", healing=GOOD)
    run(pytester).assert_outcomes(passed=2)


def test_one_scenario_by_line(pytester: pytest.Pytester) -> None:
    path = pytester.makefile(".feature", healing=GOOD)
    result = run(pytester, f"--kubeloop-line={path}:9")
    result.assert_outcomes(passed=1, deselected=1)


def test_one_outline_row_by_its_line(pytester: pytest.Pytester) -> None:
    path = pytester.makefile(
        ".feature",
        rows="""
Feature: Rows
  Scenario Outline: scaling
    Given 2 nodes and a deployment of 1
    When I scale "web" to <n> and I reconcile
    Then <n> pods are running

    Examples:
      | n |
      | 2 |
      | 3 |
""",
    )
    run(pytester, f"--kubeloop-line={path}:10").assert_outcomes(passed=1, deselected=1)
    run(pytester, f"--kubeloop-line={path}:2").assert_outcomes(passed=2)


def test_a_failed_then_says_what_it_expected_and_draws_the_cluster(
    pytester: pytest.Pytester,
) -> None:
    pytester.makefile(
        ".feature",
        wrong="""
Feature: Wrong
  Scenario: Counting
    Given 3 nodes and a deployment of 4
    Then 5 pods are running
""",
    )
    result = run(pytester)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*ScenarioAssertionError: expected: 5 pods running",
            "*saw: 4 running: web-1, web-2, web-3, web-4",
            "*the cluster:",
            "*node-1*pods?4?: web-1, web-2, web-3, web-4",
        ]
    )
    assert "Traceback" not in result.stdout.str()


def test_an_undefined_step_fails_with_its_line_and_suggestions(pytester: pytest.Pytester) -> None:
    pytester.makefile(
        ".feature",
        typo="""
Feature: Typo
  Scenario: A typo
    Given 3 nodes
    Then 4 pod are runing
""",
    )
    result = run(pytester)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            '*typo.feature:4: no step matches Then "4 pod are runing"',
            "*did you mean:",
            "*Then 4 pods are running",
        ]
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Feature: E\n  Scenario: nothing\n", 'scenario "nothing" has no steps'),
        (
            "Feature: D\n  Scenario: same\n    Given 3 nodes\n"
            "  Scenario: same\n    Given 2 nodes\n",
            'a second scenario named "same"',
        ),
        (
            "Feature: S\n  Given 3 nodes\n\n  Scenario: s\n    Then 0 pods are running\n",
            "step outside a scenario: 'Given 3 nodes'",
        ),
    ],
    ids=["empty-scenario", "duplicate-names", "step-before-scenario"],
)
def test_features_that_would_pass_silently_are_errors(
    pytester: pytest.Pytester, text: str, message: str
) -> None:
    pytester.makefile(".feature", silent=text)
    result = run(pytester)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines([f"*{message}*"])


def test_prose_starting_with_a_keyword_is_not_a_step(pytester: pytest.Pytester) -> None:
    pytester.makefile(
        ".feature",
        prose="""
Feature: Prose
  When a node fails, its pods are evicted.

  Scenario: fine
    Given 1 node
    Then 0 pods are running
""",
    )
    run(pytester).assert_outcomes(passed=1)


def test_a_skipped_scenario_is_reported_as_skipped(pytester: pytest.Pytester) -> None:
    pytester.makefile(
        ".feature",
        skipping="""
Feature: Skip
  @skip
  Scenario: later
    Given 3 nodes
    Then 9 pods are running

  Scenario: now
    Given 3 nodes
    Then 0 pods are running
""",
    )
    result = run(pytester, "-rs")
    result.assert_outcomes(passed=1, skipped=1)
    result.stdout.fnmatch_lines(["*tagged @skip*"])


def test_tags_select_scenarios(pytester: pytest.Pytester) -> None:
    pytester.makefile(
        ".feature",
        tagged="""
@nodes
Feature: Tags
  @smoke
  Scenario: a
    Given 1 node
    Then 0 pods are running

  Scenario: b
    Given 1 node
    Then 0 pods are running
""",
    )
    run(pytester, "-m", "smoke").assert_outcomes(passed=1, deselected=1)
    run(pytester, "-m", "nodes").assert_outcomes(passed=2)


def test_an_unchecked_rejection_fails_the_scenario(pytester: pytest.Pytester) -> None:
    pytester.makefile(
        ".feature",
        unchecked="""
Feature: Unchecked
  Scenario: deleting a ghost
    Given 1 node
    When I delete pod "ghost"
""",
    )
    result = run(pytester)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            '*unchecked.feature:4: "When I delete pod "ghost"" names something that does not exist*'
            "*no Then step checked it*"
        ]
    )


def test_an_engine_without_a_capability_fails_clearly(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        learner='''
from kubeloop import Node, Deployment, HPA, RolloutStalledError
from kubeloop import Cluster as _Full


class Cluster:
    """Only the contract: no cordon."""

    def __init__(self, nodes=()):
        self._inner = _Full(nodes=nodes)

    def __getattr__(self, name):
        if name in ("cordon", "uncordon", "reconcile_until_stable", "nodes"):
            raise AttributeError(name)
        return getattr(self._inner, name)
'''
    )
    pytester.makefile(
        ".feature",
        cordon="""
Feature: Cordon
  Scenario: needs cordon
    Given 2 nodes
    When I cordon node-1
    Then 0 pods are running

  Scenario: contract only
    Given 2 nodes and a deployment of 2
    When node-1 fails and I reconcile
    Then no pod is on node-1
""",
    )
    pytester.syspathinsert()
    result = run(pytester, "--engine", "learner")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*engine learner does not provide Cluster.cordon*"])


def test_other_pytest_bdd_suites_keep_their_own_steps(pytester: pytest.Pytester) -> None:
    pytester.makefile(
        ".txt",
        counter="Feature: Counter\n  Scenario: add\n    Given a counter at 1\n    Then it is 1\n\n"
        "  Scenario: unknown\n    Given a counter at 1\n    Then nothing matches this\n",
    )
    pytester.makepyfile(
        test_counter="""
from pytest_bdd import given, parsers, scenarios, then

scenarios("counter.txt")


@given(parsers.parse("a counter at {n:d}"), target_fixture="counter")
def counter(n):
    return n


@then(parsers.parse("it is {n:d}"))
def it_is(counter, n):
    assert counter == n
"""
    )
    result = run(pytester)
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*StepDefinitionNotFoundError*nothing matches this*"])


def test_pytest_bdd_hooks_fire_around_every_step(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(
        """
SEEN = []


def pytest_bdd_before_scenario(scenario):
    SEEN.append(("scenario", scenario.name))


def pytest_bdd_before_step(step, step_func):
    SEEN.append(("before", step.name, step_func.__name__))


def pytest_bdd_before_step_call(step, step_func_args):
    SEEN.append(("call", step.name, sorted(step_func_args)))


def pytest_bdd_after_step(step):
    SEEN.append(("after", step.name))


def pytest_bdd_step_error(step, exception):
    SEEN.append(("error", step.name, type(exception).__name__))


def pytest_bdd_after_scenario(scenario):
    SEEN.append(("done", scenario.name))


def pytest_sessionfinish(session):
    print("SEEN", SEEN)
"""
    )
    pytester.makefile(
        ".feature",
        hooks="Feature: F\n  Scenario: s\n    Given 2 nodes\n    Then 3 pods are running\n",
    )
    result = run(pytester, "-s")
    result.assert_outcomes(failed=1)
    [line] = [line for line in result.outlines if "SEEN [" in line]
    assert line.split("SEEN ", 1)[1] == repr(
        [
            ("scenario", "s"),
            ("before", "2 nodes", "given"),
            ("call", "2 nodes", ["world"]),
            ("after", "2 nodes"),
            ("before", "3 pods are running", "then"),
            ("call", "3 pods are running", ["world"]),
            ("error", "3 pods are running", "ScenarioAssertionError"),
            ("done", "s"),
        ]
    )
