@kubeloop-tool
Feature: promtool's rule unit tests, run from a scenario
  `kubeloop test rules` is a drop-in for `promtool test rules`; a scenario can run it on a
  unit-test file and check the verdict and what it printed, as CI would see them.

  Scenario: A test file whose alert fires when it should
    When I run kubeloop test rules on "rule-tests/node_test.yml"
    Then the exit code is 0
    And the rule tests pass
    And the output contains "SUCCESS"
    And the output does not contain "FAILED"

  Scenario: A test that expects the alert before its for: has passed fails, saying why
    When I run promtool test rules on "rule-tests/too_early_test.yml"
    Then the rule tests fail
    And the exit code is 1
    And the output contains "alertname: InstanceDown, time: 3m"
    And the output contains "got:[]"
    And the output contains "pending since 0s (for: 5m, fires at 5m if it holds)"

  Scenario: --run selects the groups to test, as promtool's does
    When I run kubeloop test rules on "rule-tests/too_early_test.yml" with --run "no such group"
    Then the rule tests pass
