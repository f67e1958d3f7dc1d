"""How a scenario item is called: no fixtures of its own, the world and the engine still
fixtures a conftest can replace, and records handed to the progress without a JSON trip
only when the trip would give them back equal."""

from __future__ import annotations

from typing import Any

import pytest

from kubeloop.harness.errors import HarnessError
from kubeloop.harness.progress import Progress
from kubeloop.harness.record import ScenarioRecord
from kubeloop.harness.recorder import RECORD_KEY

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")

FEATURE = """
Feature: Calls
  Scenario: Plain
    Given 2 nodes and a deployment of 2
    When node-1 fails and I reconcile
    Then no pod is on node-1

  Scenario Outline: Rows
    Given 2 nodes and a deployment of <n>
    Then <n> pods are running

    Examples:
      | n |
      | 1 |
      | 2 |
"""


def items(pytester: pytest.Pytester) -> list[pytest.Item]:
    pytester.makefile(".feature", calls=FEATURE)
    found, _ = pytester.inline_genitems("-p", "no:hypothesispytest", "-p", "no:cacheprovider")
    return found


def test_a_scenario_asks_pytest_for_no_fixture_but_its_example(pytester: pytest.Pytester) -> None:
    plain, *rows = items(pytester)
    assert plain.fixturenames == []  # type: ignore[attr-defined]
    assert [row.fixturenames for row in rows] == [["_pytest_bdd_example"]] * 2  # type: ignore[attr-defined]


def test_calling_a_scenario_function_itself_fails_instead_of_passing(
    pytester: pytest.Pytester,
) -> None:
    plain = items(pytester)[0]
    with pytest.raises(HarnessError, match="pytest_pyfunc_call"):
        plain.obj()  # type: ignore[attr-defined]


OVERRIDES = """
import kubeloop
import pytest

SEEN = []


@pytest.fixture(scope="session")
def kubeloop_engine():
    SEEN.append("engine")
    return "kubeloop", kubeloop


@pytest.fixture
def world(world):
    world.from_conftest = True
    return world


def pytest_bdd_before_step_call(request, step, step_func_args):
    world = step_func_args["world"]
    SEEN.append((step.name, world.from_conftest, world is request.getfixturevalue("world")))


def pytest_sessionfinish(session):
    print("SEEN", SEEN)
"""


def test_a_conftest_replaces_the_engine_and_the_world(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(OVERRIDES)
    pytester.makefile(
        ".feature", f="Feature: F\n  Scenario: s\n    Given 2 nodes\n    Then 0 pods are running\n"
    )
    result = pytester.runpytest("-p", "no:hypothesispytest", "-p", "no:cacheprovider", "-s")
    result.assert_outcomes(passed=1)
    [line] = [line for line in result.outlines if "SEEN [" in line]
    assert line.split("SEEN ", 1)[1] == repr(
        ["engine", ("2 nodes", True, True), ("0 pods are running", True, True)]
    )


def progress_and_reports(pytester: pytest.Pytester, record: str) -> tuple[Progress, list[str]]:
    pytester.makefile(".feature", calls=FEATURE)
    progress = Progress(write=lambda _: None)
    texts: list[str] = []

    class Reports:
        def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
            texts.extend(str(v) for k, v in report.user_properties if k == RECORD_KEY)

    options = ("-p", "no:hypothesispytest", "-p", "no:cacheprovider", "-p", "no:terminal")
    pytester.inline_run(
        *options, "-s", f"--kubeloop-record={record}", plugins=[progress, Reports()]
    )
    return progress, texts


@pytest.mark.parametrize("record", ["steps", "pictures"])
def test_the_progress_sees_each_record_as_its_json_reads_back(
    pytester: pytest.Pytester, record: str
) -> None:
    progress, texts = progress_and_reports(pytester, record)
    assert len(progress.records) == len(texts) == 3
    assert progress.records == [ScenarioRecord.from_json(text) for text in texts]
    if record == "pictures":  # what a handed-over record would get wrong: tuples, not lists
        arguments: list[Any] = [a for r in progress.records for s in r.steps for a in s.arguments]
        assert arguments and all(type(a) is list for a in arguments)
