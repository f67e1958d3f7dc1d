"""A small suite with three scenarios broken on purpose, run once with every report, and what
kubeloop's own terminal says failed: the yardstick every report consumer is held to.

The features are chosen to trip the consumers' known traps: two files whose scenarios share a
name and a shape (Messages ids must not collide across files), a feature name with a dot
(Jenkins splits a classname at its last dot), an outline row that fails, a skipped scenario,
a step left unreached, a failure whose "saw" starts on the next line, and a doc string and
a data table (which the HTML report must show).
"""

from __future__ import annotations

import contextlib
import io
import re
from dataclasses import dataclass
from pathlib import Path

from kubeloop.cli import main

FEATURES = {
    "inline.feature": '''Feature: Inline fixtures
  Scenario: A cluster written inline as a doc string
    Given the cluster:
      """yaml
      apiVersion: kubeloop.dev/v1alpha1
      kind: Cluster
      scoring: LeastAllocated
      nodes:
        - {name: zone-a, cpu: 2, memory: 4Gi}
        - {name: zone-b, cpu: 2, memory: 4Gi}
      deployments:
        - {name: api, replicas: 2, cpu: 250m, memory: 128Mi}
      """
    Then the pods of "api" are spread over 2 nodes

  Scenario: Nodes from a table
    Given the nodes:
      | name   | cpu | memory |
      | east-1 | 2   | 4Gi    |
      | west-1 | 8   | 16Gi   |
    And a deployment of 6
    Then node "east-1" has 4 pods
''',
    "coverage.feature": """Feature: The unit gate uses coverage.py's fail_under
  Scenario: Failed node
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1
    And the coverage threshold is 43% with precision 0
    And the unit tests of D1 pass with 42.1% coverage
    And the scan of D1 finds nothing
    And the integration tests of D1 pass
    When I run the pipeline for D1
    Then gate unit says "is below"

  Scenario: The gate names the wrong words
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1
    And the coverage threshold is 43% with precision 0
    And the unit tests of D1 pass with 42.1% coverage
    And the scan of D1 finds nothing
    And the integration tests of D1 pass
    When I run the pipeline for D1
    Then gate unit says "is above"
""",
    "healing.feature": """@task-1
Feature: Healing
  Scenario: Failed node
    Given 2 nodes and a deployment of 2
    When node-1 fails and I reconcile
    Then no pod is on node-1

  Scenario: Wrong count
    Given 2 nodes and a deployment of 2
    When I roll out version "v2" of "web" with maxSurge 1 and maxUnavailable 0
    Then 3 pods are running
    And 2 pods are ready

  @skip
  Scenario: Later
    Given 1 node
    Then 0 pods are running

  Scenario Outline: Scaling
    Given 2 nodes and a deployment of 1
    When I scale "web" to <n> and I reconcile
    Then <want> pods are running

    Examples:
      | n | want |
      | 2 | 2    |
      | 3 | 4    |
""",
}


@dataclass(frozen=True)
class Failure:
    """One failed scenario as the terminal names it: feature, title, and for an outline the
    scenario's own name and the row's number among the outline's rows (1-based)."""

    feature: str
    title: str
    scenario: str
    row: int | None


@dataclass(frozen=True)
class BrokenRun:
    reports: Path
    terminal: str
    failures: frozenset[Failure]


_FEATURE = re.compile(r"^Feature: (?P<name>.+?)  \(")
_SCENARIO = re.compile(r"^  Scenario(?P<outline> Outline)?: (?P<title>.+?)(?:  \(skipped.*)?$")


def terminal_failures(text: str) -> frozenset[Failure]:
    """The scenarios kubeloop's terminal marks with a failed step (✗ at step depth)."""
    found: set[Failure] = set()
    feature = title = ""
    outline_rows: dict[tuple[str, str], int] = {}
    current: Failure | None = None
    for line in text.splitlines():
        if match := _FEATURE.match(line):
            feature = match.group("name")
        elif match := _SCENARIO.match(line):
            title = match.group("title")
            base, row = title, None
            if match.group("outline"):
                base = title.split(" [", 1)[0]
                row = outline_rows[(feature, base)] = outline_rows.get((feature, base), 0) + 1
            current = Failure(feature, title, base, row)
        elif line.startswith("    ✗ ") and current is not None:
            found.add(current)
    return frozenset(found)


def run_broken(root: Path, *options: str) -> BrokenRun:
    """Write the suite into ROOT, run it with --report ROOT/out, return what it reported."""
    for name, text in FEATURES.items():
        (root / name).write_text(text, encoding="utf-8")
    out = root / "out"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        code = main(["run", str(root), "--report", str(out), "--color", "never", *options])
    assert code == 1, printed.getvalue()
    terminal = printed.getvalue()
    failures = terminal_failures(terminal)
    assert len(failures) == 3, terminal
    return BrokenRun(out, terminal, failures)
