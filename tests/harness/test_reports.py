"""Every report from one run: each parses, counts right, and names the rerun command."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from kubeloop.cli import main

MESSAGES_SCHEMA = Path(__file__).parent / "data" / "cucumber-messages-34.2.1.schema.json"

FEATURES = {
    "healing.feature": """@task-1
Feature: Healing
  Scenario: Failed node
    Given 2 nodes and a deployment of 2
    When node-1 fails and I reconcile
    Then no pod is on node-1

  @points=3
  Scenario: Wrong count
    Given 2 nodes and a deployment of 2
    When I roll out version "v2" of "web" with maxSurge 1 and maxUnavailable 0
    Then 3 pods are running
    And 2 pods are ready

  @skip
  Scenario: Later
    Given 1 node
    Then 0 pods are running
""",
    "outline.feature": """@task-2
Feature: Outline
  Scenario Outline: Scaling
    Given 2 nodes and a deployment of 1
    When I scale "web" to <n> and I reconcile
    Then <n> pods are running

    Examples:
      | n |
      | 2 |
      | 3 |
""",
    "broken.feature": "Feature: Broken\n  Scenario: empty\n",
}


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("project")
    for name, text in FEATURES.items():
        (root / name).write_text(text)
    out = root / "out"
    assert main(["run", str(root), "--report", str(out), "--junit-steps"]) == 1
    return out


def test_junit_counts_and_failure_text(reports: Path) -> None:
    root = ET.parse(reports / "junit.xml").getroot()
    assert root.tag == "testsuites"
    step_cases = list(root.iter("testcase"))
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == (
        str(len(step_cases)),
        "1",
        "1",
    ), "--junit-steps: one testcase per step, each failure counted once"
    scenario_level = main(["run", str(reports.parent), "--report", str(reports.parent / "plain")])
    assert scenario_level == 1
    root = ET.parse(reports.parent / "plain" / "junit.xml").getroot()
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("6", "1", "1")
    cases = list(root.iter("testcase"))
    names = [c.get("name") for c in cases]
    assert "Scaling [n=2]" in names and "Scaling [n=3]" in names
    failure = next(c for c in cases if c.get("name") == "Wrong count").find("failure")
    assert failure is not None
    assert failure.get("message", "").startswith("expected: 3 pods running; saw: 2 running")
    text = failure.text or ""
    assert "Then 3 pods are running" in text and "expected: 3 pods running" in text
    assert "the cluster:" in text and text.rstrip().endswith("healing.feature:9")
    failed_node = [c for c in step_cases if c.get("classname") == "Healing › Failed node"]
    assert failed_node[0].get("name") == "Given 2 nodes and a deployment of 2"


def test_cucumber_json_shape(reports: Path) -> None:
    features = json.loads((reports / "cucumber.json").read_text())
    by_name = {f["name"]: f for f in features}
    assert len(by_name) == 3 and {"Healing", "Outline"} < set(by_name)
    (broken,) = [f for f in features if f["uri"].endswith("broken.feature")]
    assert broken["elements"][0]["steps"][0]["result"]["status"] == "failed"
    healing = by_name["Healing"]
    assert healing["tags"][0]["name"] == "@task-1"
    statuses = {e["name"]: [s["result"]["status"] for s in e["steps"]] for e in healing["elements"]}
    assert statuses == {
        "Failed node": ["passed", "passed", "passed"],
        "Wrong count": ["passed", "passed", "failed", "skipped"],
        "Later": ["skipped", "skipped"],
    }
    failed = healing["elements"][1]["steps"][2]["result"]
    assert isinstance(failed["duration"], int) and "rerun: kubeloop run" in failed["error_message"]
    assert len(by_name["Outline"]["elements"]) == 2


@pytest.mark.slow
def test_messages_validate_against_the_published_schema(reports: Path) -> None:
    validator = Draft202012Validator(json.loads(MESSAGES_SCHEMA.read_text()))
    envelopes = [
        json.loads(line) for line in (reports / "messages.ndjson").read_text().splitlines()
    ]
    for envelope in envelopes:
        errors = [e.message for e in validator.iter_errors(envelope)]
        assert not errors, (envelope, errors)
    kinds = [next(iter(e)) for e in envelopes]
    for kind in (
        "meta",
        "source",
        "gherkinDocument",
        "pickle",
        "stepDefinition",
        "testRunStarted",
        "testCase",
        "testCaseStarted",
        "testStepStarted",
        "testStepFinished",
        "testCaseFinished",
        "testRunFinished",
        "parseError",
    ):
        assert kind in kinds, kind
    assert kinds.count("testCase") == kinds.count("pickle") == 5
    finished = [
        e["testStepFinished"]["testStepResult"]["status"]
        for e in envelopes
        if "testStepFinished" in e
    ]
    assert finished.count("FAILED") == 1 and "SKIPPED" in finished
    assert envelopes[-1]["testRunFinished"]["success"] is False
    arguments = [
        a["stepMatchArguments"]
        for e in envelopes
        if "testCase" in e
        for step in e["testCase"]["testSteps"]
        for a in step["stepMatchArgumentsLists"]
    ]
    assert {"group": {"start": 0, "value": "2"}, "parameterTypeName": "n"} in arguments[0]


def test_summary_and_results(reports: Path) -> None:
    summary = (reports / "summary.md").read_text()
    assert "3 passed, 2 failed, 1 skipped" in summary
    assert "rerun: `kubeloop run" in summary and "healing.feature:9`" in summary
    results = json.loads((reports / "results.json").read_text())
    assert results["version"] == 3 and results["status"] == "fail"
    names = [t["name"] for t in results["tests"]]
    assert names.index("Healing › Failed node") < names.index("Healing › Wrong count")
    wrong = next(t for t in results["tests"] if t["name"] == "Healing › Wrong count")
    assert wrong["status"] == "fail" and wrong["task_id"] == 1 and "rerun:" in wrong["message"]


def test_html_is_self_contained_with_pictures(reports: Path) -> None:
    pages = [reports / "report.html", *sorted((reports / "features").glob("*.html"))]
    page = "".join(p.read_text() for p in pages)
    assert page.count("<svg") >= 5 and 'class="rollout"' in page
    assert 'href="#failed"' in page and "kubeloop run" in page
    without_namespace = page.replace("http://www.w3.org/2000/svg", "")
    assert "http://" not in without_namespace and "https://" not in without_namespace


@pytest.mark.slow
def test_parallel_runs_report_the_same(reports: Path, tmp_path: Path) -> None:
    project = reports.parent
    assert main(["run", str(project), "-n", "2", "--report", str(tmp_path)]) == 1

    def outcomes(path: Path) -> list[tuple[str, str, list[str]]]:
        features = json.loads((path / "cucumber.json").read_text())
        return [
            (f["uri"], e["name"], [s["result"]["status"] for s in e["steps"]])
            for f in features
            for e in f["elements"]
        ]

    assert outcomes(tmp_path) == outcomes(reports)
