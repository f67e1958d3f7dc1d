"""Hostile feature files and the fixtures they load, run once through ``kubeloop run``.

Each case must end in its own clear message (FILE:LINE, the author blamed), never a
traceback or an INTERNALERROR; the run goes on, exits 1 and still writes every report.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

OK = "  Scenario: fine\n    Given 1 node\n    Then 0 pods are pending\n"
C = "apiVersion: kubeloop.dev/v1alpha1\nkind: Cluster\n"

# name → (feature text, a piece of the message that must be printed for it)
FEATURES: dict[str, tuple[str, str]] = {
    "bom": ("\ufeffFeature: starts with a BOM\n" + OK, "__passes__"),
    "typo-when": (
        "Feature: t\n  Scenario: s\n    Given 1 node\n    Whn I reconcile\n",
        'typo-when.feature:4: "Whn I reconcile" is not a step or a keyword here; '
        'did you mean "When"?',
    ),
    "typo-then": (
        "Feature: t\n  Scenario: s\n    Given 1 node\n    Thn 1 pod is pending\n",
        'did you mean "Then"?',
    ),
    "typo-given": ("Feature: t\n  Scenario: s\n    Gven 1 node\n", 'did you mean "Given"?'),
    "typo-and": (
        "Feature: t\n  Scenario: s\n    Given 1 node\n    Adn 1 node\n",
        'did you mean "And"?',
    ),
    "typo-scenario": (
        "Feature: t\n  Scenaro: s\n    Given 1 node\n" + OK,
        'typo-scenario.feature:2: "Scenaro: s" is not a keyword; did you mean "Scenario:"?',
    ),
    "typo-background": (
        "Feature: t\n  Backgrund:\n    Given 1 node\n" + OK,
        'did you mean "Background:"?',
    ),
    "typo-examples": (
        "Feature: t\n  Scenario Outline: s\n    Given <n> nodes\n  Exampels:\n"
        "    | n |\n    | 1 |\n",
        'did you mean "Examples"?',
    ),
    "typo-feature": ("Featur: t\n" + OK, 'did you mean "Feature"?'),
    "no-feature": ("# nothing here\n", "no Feature: line"),
    "empty-file": ("", "no Feature: line"),
    "no-scenarios": (
        "Feature: nothing to run\n  Just a description.\n",
        'no-scenarios.feature:1: the feature "nothing to run" has no scenarios',
    ),
    "unterminated-doc": (
        'Feature: d\n  Scenario: s\n    Given the cluster:\n      """\n'
        "      nodes: []\n    Then 0 pods are pending\n",
        "unterminated-doc.feature:4: the doc string opened here is never closed",
    ),
    "unterminated-backticks": (
        "Feature: d\n  Scenario: s\n    Given the cluster:\n      ```\n      x: 1\n",
        "unterminated-backticks.feature:4: the doc string",
    ),
    "nul": (
        "Feature: n\n  Scenario: s\n    Given 1 node\x00\n",
        "nul.feature:3: the file contains a NUL byte",
    ),
    "not-utf8": ("\udcff", "not UTF-8"),  # written as the byte 0xff
    "step-outside": ("Feature: o\n  Given 1 node\n" + OK, "step outside a scenario"),
    "no-steps": ("Feature: e\n  Scenario: empty\n" + OK, 'scenario "empty" has no steps'),
    "duplicate-name": ("Feature: d\n" + OK + OK, "a second scenario named"),
    "table-without-step": (
        "Feature: t\n  Scenario: s\n    | a |\n",
        "a table row must follow a step",
    ),
    "bad-cell": (
        "Feature: c\n  Scenario: s\n    Given the nodes:\n      | name | pods |\n"
        "      | n1   | many |\n    Then 0 pods are pending\n",
        'bad-cell.feature:3: "Given the nodes:" cannot use what the scenario wrote',
    ),
    "unknown-name": (
        "Feature: u\n  Scenario: s\n    Given 1 node and a deployment of 1\n"
        '    Then "api" has 1 running pods\n',
        'named "api"',  # the step says what exists; never "engine kubeloop raised"
    ),
    "unchecked": (
        'Feature: u\n  Scenario: s\n    Given 1 node\n    When I delete pod "ghost"\n',
        "no Then step checked it",
    ),
    "fixture-tag": (
        'Feature: f\n  Scenario: s\n    Given the cluster from "fixtures/tag.yaml"\n',
        'the fixture loaded by "Given the cluster from "fixtures/tag.yaml"" is invalid',
    ),
    "fixture-device": (
        'Feature: f\n  Scenario: s\n    Given the cluster from "fixtures/zero.yaml"\n',
        "it resolves to /dev/zero, outside",
    ),
    "fixture-nul": (
        'Feature: f\n  Scenario: s\n    Given the cluster from "fixtures/nul.yaml"\n',
        "nul.yaml:3:6: $: the file contains a NUL byte",
    ),
    "fixture-escape": (
        'Feature: f\n  Scenario: s\n    Given the cluster from "../../../../../../../etc/passwd"\n',
        'the fixture path "../../../../../../../etc/passwd" leaves the project',
    ),
    "fixture-absolute": (
        'Feature: f\n  Scenario: s\n    Given the cluster from "/etc/hostname"\n',
        'the fixture path "/etc/hostname" leaves the project',
    ),
    "fixture-missing": (
        'Feature: f\n  Scenario: s\n    Given the cluster from "fixtures/no.yaml"\n',
        "no.yaml:1:1: $: cannot read the file: No such file or directory",
    ),
    "fixture-folder": (
        'Feature: f\n  Scenario: s\n    Given the cluster from "fixtures"\n',
        "cannot read the file: it is a folder",
    ),
    "doc-string-fixture": (
        'Feature: f\n  Scenario: s\n    Given the cluster:\n      """\n'
        f"      {C.splitlines()[0]}\n      {C.splitlines()[1]}\n"
        "      nodes: [{name: n, count: 100000000}]\n"
        '      """\n',
        "must be less than or equal to 100000",
    ),
    "deep-table": (
        "Feature: t\n  Scenario: s\n    Given the nodes:\n" + "      | name |\n" * 2000,
        'node "name" already exists',
    ),
    "rules-fifo": (
        'Feature: f\n  Scenario: s\n    Given the rules from "fixtures/pipe.yml"\n',
        "pipe.yml:1:1: $: cannot read the file: it is not a regular file",
    ),
    "slos-oversized": (
        'Feature: f\n  Scenario: s\n    Given the SLOs from "fixtures/big.yml"\n',
        "big.yml:1:1: $: the file is larger than 1000000 bytes",
    ),
    "openslo-device": (
        'Feature: f\n  Scenario: s\n    Given the OpenSLO SLOs from "fixtures/zero.yaml"\n',
        "it resolves to /dev/zero, outside",
    ),
    "rules-missing": (
        'Feature: f\n  Scenario: s\n    Given the rules from "fixtures/none.yml"\n',
        "a rule file at fixtures/none.yml (relative to the feature)",
    ),
    "junit-fifo": (
        'Feature: f\n  Scenario: s\n    Given a manifest "web" version "1.0.0"\n'
        '    And I built "web" as D1\n    And the unit tests of D1 report "fixtures/pipe.xml"\n'
        "    When I run the pipeline for D1\n    Then the pipeline is blocked at unit\n",
        "pipe.xml:1:1: $: cannot read the file: it is not a regular file",
    ),
    "coverage-oversized": (
        'Feature: f\n  Scenario: s\n    Given a manifest "web" version "1.0.0"\n'
        '    And I built "web" as D1\n    And the coverage report of D1 is "fixtures/big.yml"\n'
        "    When I run the pipeline for D1\n    Then the pipeline is blocked at unit\n",
        "big.yml:1:1: $: the file is larger than 1000000 bytes",
    ),
}
FIXTURES = {
    "tag.yaml": C + "nodes:\n- {name: n, pods: !!int abc}\n",
    "nul.yaml": C + "nodes\x00: []\n",
}


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, Path]:
    root = tmp_path_factory.mktemp("project")
    features = root / "features"
    (features / "fixtures").mkdir(parents=True)
    for name, (text, _) in FEATURES.items():
        path = features / f"{name}.feature"
        if name == "not-utf8":
            path.write_bytes(b"Feature: x\n  Scenario: \xff\n    Given 1 node\n")
        else:
            path.write_text(text, encoding="utf-8")
    for name, text in FIXTURES.items():
        (features / "fixtures" / name).write_text(text, encoding="utf-8")
    os.symlink("/dev/zero", features / "fixtures" / "zero.yaml")
    os.mkfifo(features / "fixtures" / "pipe.yml")  # opening a FIFO to read would hang
    os.mkfifo(features / "fixtures" / "pipe.xml")
    with (features / "fixtures" / "big.yml").open("wb") as handle:
        handle.truncate(5_000_000)  # sparse: stat says 5 MB
    (features / "conftest.py").write_text("import pytest  # a normal setup must not crash\n")
    result = subprocess.run(
        [sys.executable, "-m", "kubeloop.cli", "run", "features", "--report", "reports"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return result.returncode, result.stdout + result.stderr, root


@pytest.mark.slow
def test_the_run_fails_cleanly_and_writes_every_report(run: tuple[int, str, Path]) -> None:
    code, output, root = run
    assert code == 1, output
    assert "Traceback" not in output and "INTERNALERROR" not in output, output
    written = sorted(p.name for p in (root / "reports").iterdir())
    assert {"cucumber.json", "junit.xml"} <= set(written), written


def blocks(output: str) -> dict[str, str]:
    """What the run printed about each feature file, by file stem."""
    found: dict[str, str] = {}
    current = ""
    for line in output.splitlines():
        match = re.search(r"(?:cannot run |\()features/([\w-]+)\.feature", line)
        if match and (line.startswith(("✗ cannot run", "Feature:"))):
            current = match.group(1)
        if line.startswith(("0 passed", "1 passed")) or re.match(r"^\d+ passed", line):
            current = ""
        if current:
            found[current] = found.get(current, "") + line + "\n"
    return found


@pytest.mark.parametrize("name", sorted(FEATURES))
def test_each_hostile_feature_says_what_is_wrong(name: str, run: tuple[int, str, Path]) -> None:
    _, output, _ = run
    block = blocks(output).get(name, "")
    expected = FEATURES[name][1]
    if expected == "__passes__":
        assert "✓ Then 0 pods are pending" in block and "✗" not in block, block
        return
    assert expected in block, f"{name}: {expected!r} not in\n{block or output}"
    assert "engine kubeloop raised" not in block, block


@pytest.mark.slow
def test_fixtures_anywhere_lifts_the_project_rule(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text(C + "nodes: [{name: n}]\n")
    project = tmp_path / "project"
    (project / "features").mkdir(parents=True)
    (project / "features" / "f.feature").write_text(
        f'Feature: f\n  Scenario: s\n    Given the cluster from "{outside}"\n'
        "    Then 0 pods are pending\n"
    )
    command = [sys.executable, "-m", "kubeloop.cli", "run", "features"]
    refused = subprocess.run(command, cwd=project, capture_output=True, text=True, check=False)
    assert refused.returncode == 1 and "leaves the project" in refused.stdout, refused.stdout
    allowed = subprocess.run(
        [*command, "--fixtures-anywhere"], cwd=project, capture_output=True, text=True, check=False
    )
    assert allowed.returncode == 0, allowed.stdout
