"""Phrases a README-only user wrote on day one (the sixth batch), each failing when it should,
with the value it saw; the passing side is in features/."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.cli import main

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")

RULES = """groups:
  - name: node
    rules:
      - alert: InstanceDown
        expr: up == 0
        for: 5m
"""
TEST = """rule_files: [node.rules.yml]
evaluation_interval: 1m
tests:
  - interval: 1m
    input_series:
      - series: 'up{job="node"}'
        values: '0x10'
    alert_rule_test:
      - eval_time: 8m
        alertname: InstanceDown
        exp_alerts: [{exp_labels: {job: node}}]
"""

FEATURE = """Feature: day one
  Scenario: chained checks see one rejection
    Given 3 nodes and a deployment of 3
    When I scale web to -1 replicas
    Then the operation fails with "replicas"
    And the operation fails with "between 0 and 2147483647"

  Scenario: a chained check that does not hold
    Given 3 nodes and a deployment of 3
    When I scale web to -1 replicas
    Then the operation fails with "replicas"
    And the operation fails with "no such words"

  Scenario: a check after another step sees no rejection
    Given 3 nodes and a deployment of 3
    When I scale web to -1 replicas
    Then the operation fails with "replicas"
    And 3 pods are running
    And the operation fails with "replicas"

  Scenario: a negative node count
    Given -3 nodes

  Scenario: a rejected SLO can be checked
    Given the service "web" serves 10 requests per second
    And an SLO "availability" of 100.5% over 30 days for the service "web"
    Then the operation fails with "at most 100%"

  Scenario: a budget range that does not hold
    Given the service "web" serves 10 requests per second with 0.05% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When 1 hour passes
    Then the SLO "availability" has spent between 10% and 20% of its error budget

  Scenario: a latency that does not hold
    Given the service "web" serves 100 requests per second
    When 10 minutes pass
    Then the p99 latency of web is 80 ms

  Scenario: pods that are not together
    Given 3 nodes
    And a deployment "web" with 1 replica
    And a deployment "batch" with 2 replicas
    And deployment "batch" never runs on the same node as "web"
    Then every batch pod is on the same node as web

  Scenario: an unknown other side
    Given 3 nodes and a deployment of 2
    Then every web pod is on the same node as wbe

  Scenario: a passing rule test expected to fail
    When I run kubeloop test rules on "node_test.yml"
    Then the rule tests fail

  Scenario: output that is not there
    When I run kubeloop test rules on "node_test.yml"
    Then the output contains "FAILED"

  Scenario: a check with nothing run
    Then the exit code is 0
"""


def test_each_day_one_phrase_fails_saying_what_it_saw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "node.rules.yml").write_text(RULES)
    (tmp_path / "node_test.yml").write_text(TEST)
    (tmp_path / "day-one.feature").write_text(FEATURE)
    monkeypatch.chdir(tmp_path)
    assert main(["run", "-q", "day-one.feature"]) == 1
    out = capsys.readouterr().out
    assert "2 passed, 10 failed" in out
    assert "Scenario: chained checks see one rejection" not in out
    assert "expected: an error containing 'no such words'" in out
    assert "expected: the previous step to fail" in out
    assert "-3 nodes: a step adds 0 to 100,000 nodes" in out
    assert "Scenario: a rejected SLO can be checked" not in out
    assert 'the error budget spent of "availability" between 10% and 20%' in out
    assert "saw: 50%" in out
    assert 'the p99 latency of "web" = 80 ms' in out and "saw: 250 ms (0.25 s)" in out
    assert 'expected: every pod of "batch" on a node of "web"' in out
    assert 'a deployment or pod named "wbe"' in out
    assert "kubeloop test rules node_test.yml to fail" in out and "SUCCESS" in out
    assert "kubeloop test rules node_test.yml to print 'FAILED'" in out
    assert 'an earlier "When I run kubeloop test rules on …" step' in out
