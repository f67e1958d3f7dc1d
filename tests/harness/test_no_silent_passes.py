"""Mistakes that used to pass quietly now fail, each saying what exists instead."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")

MISTAKES = """
Feature: Mistakes
  Scenario: A node that does not exist
    Given 3 nodes and a deployment of 4
    Then no pod is on node-9

  Scenario: A node list with a node that does not exist
    Given 3 nodes and a deployment of 4
    Then no pod is on node-3 or nod-4

  Scenario: Counting the pods of a node that does not exist
    Given 3 nodes and a deployment of 4
    Then node-9 has 0 pods

  Scenario: A misspelt deployment
    Given 3 nodes and a deployment of 4
    Then no "wbe" pod is pending

  Scenario: A misspelt column
    Given the nodes:
      | name   | cpu | memroy |
      | node-1 | 4   | 1Gi    |

  Scenario: A second deployment without a name
    Given 3 nodes
    And a deployment of 4
    And a deployment of 2

  Scenario: A pod that never existed
    Given 3 nodes and a deployment of 2
    Then pod "wbe-1" no longer exists

  Scenario: A condition type that is not True
    Given 3 nodes and a deployment of 4
    And an HPA for "web" from 1 to 10 replicas targeting 50% cpu
    When the cpu utilization of "web" is 60%
    And I reconcile
    Then the HPA for "web" reports ScalingLimited
"""


def test_every_former_silent_pass_fails_with_what_exists(pytester: pytest.Pytester) -> None:
    pytester.makefile(".feature", mistakes=MISTAKES)
    result = pytester.runpytest("-p", "no:hypothesispytest", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=8)
    out = result.stdout.str()
    assert 'a node named "node-9"' in out and "nodes: node-1, node-2, node-3" in out
    assert 'a node named "nod-4"' in out
    assert 'a node or a deployment named "node-9"' in out
    assert 'a deployment named "wbe"' in out and 'did you mean "web"?' in out
    assert 'a column "memroy" (did you mean "memory"?)' in out
    assert 'a second declaration of "web"; name the new one' in out
    assert 'a pod "wbe-1" that existed earlier' in out
    assert "a True condition ScalingLimited or a condition with reason ScalingLimited" in out


def test_a_taints_column_taints_the_node(pytester: pytest.Pytester) -> None:
    pytester.makefile(
        ".feature",
        taints="""
Feature: Taints in a table
  Scenario: The tainted node gets no pod
    Given the nodes:
      | name   | taints                       |
      | node-1 | dedicated=infra:NoSchedule   |
      | node-2 |                              |
    And a deployment of 2
    Then no pod is on node-1
    And node-1 is Ready
""",
    )
    result = pytester.runpytest("-p", "no:hypothesispytest", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)


def test_another_engine_is_graded_on_the_kind_of_error_not_kubeloop_s_words(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(
        other="""
from kubeloop import *  # noqa: F403
from kubeloop import Cluster as _Cluster
from kubeloop.errors import NotFoundError


class Cluster(_Cluster):
    def delete_pod(self, name):
        raise NotFoundError("Pod", name + " (gone missing)", [])
"""
    )
    pytester.makefile(
        ".feature",
        words="""
Feature: Words
  Scenario: Deleting an unknown pod
    Given 3 nodes and a deployment of 2
    When I delete pod "web-9"
    Then the operation fails with "pod \\"web-9\\" not found"
""",
    )
    args = ("-p", "no:hypothesispytest", "-p", "no:cacheprovider")
    pytester.runpytest(*args, "--engine", "other").assert_outcomes(passed=1)
    pytester.runpytest(*args).assert_outcomes(passed=1)
