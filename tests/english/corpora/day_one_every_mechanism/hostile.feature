Feature: Things that should be refused clearly

  Scenario: A fixture with a tab in its indentation
    When I load the cluster from "fixtures/broken-indent.yaml"
    Then the operation fails with "broken-indent.yaml:7"

  Scenario: A deployment manifest with negative replicas, a 0/0 strategy and a nonsense CPU
    When I load the cluster from "fixtures/bad-deployment.yaml"
    Then the operation fails with "bad-deployment.yaml:12"
    And the operation fails with "spec.replicas"
    And the operation fails with "'lots' is not a valid Quantity"
    And the operation fails with "maxUnavailable"

  Scenario: A misspelt field in the compact kind
    When I load the cluster from "fixtures/typo-compact.yaml"
    Then the operation fails with "typo-compact.yaml:4"
    And the operation fails with "did you mean"

  Scenario: Nonsense numbers in steps
    Given 3 nodes and a deployment of 3
    When I scale web to 99999999999 replicas
    Then the operation fails with "2147483647"
    And 3 pods are running

  Scenario: A node that is not there
    Given 3 nodes and a deployment of 3
    When I drain node-9
    Then the operation fails with "node \"node-9\" not found"
    When I cordon node-7
    Then the operation fails with "node-7"
    And no pod is on node-9

  Scenario: An SLO above 100%
    Given the service "web" serves 10 requests per second
    And an SLO "availability" of 100.5% over 30 days for the service "web"
    # expected: this Given is refused, naming the objective (Sloth: objective in (0, 100])
    Then the error budget of "availability" is 0 minutes

  Scenario: A rule file whose expression does not parse
    When I load the rules from "rules/broken.rules.yml"
    Then the operation fails with "broken.rules.yml:5"
    And the operation fails with "for"

  Scenario: A node with negative CPU
    Given 1 node
    When I add a node "weird-1" with -4 cpu and 8Gi memory
    Then the operation fails with "cpu"
    And there is 1 node
