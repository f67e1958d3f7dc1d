Feature: Mistakes people make, and what they are told
  A rejected operation changes nothing and says what was wrong; a broken
  fixture names the file, line and field and how to fix it.

  Scenario: Deleting a pod that does not exist
    Given 3 nodes and a deployment of 4
    When I delete pod "web-9"
    Then the operation fails with "pod \"web-9\" not found"
    And 4 pods are running

  @kubeloop-exact
  Scenario: Failing a node that does not exist
    Given 3 nodes
    When node-7 fails
    Then the operation fails with "node \"node-7\" not found; known: node-1, node-2, node-3"

  Scenario: Scaling a deployment that does not exist
    Given 3 nodes and a deployment of 4
    When I scale "api" to 3
    Then the operation fails with "deployment \"api\" not found"
    And reconciling again changes nothing

  Scenario: An invalid fixture is rejected with every problem located
    Given 3 nodes
    When I load the cluster from "../fixtures/bad-deployment.yaml"
    Then the operation fails with "bad-deployment.yaml:13:9: spec.template.metadata.labels: Invalid value: `selector` does not match template `labels`"

  Scenario: Every problem in a fixture is reported, each with its line
    Given 3 nodes
    When I load the cluster from "../fixtures/bad-deployment.yaml"
    Then the operation fails with "bad-deployment.yaml:19:20: spec.template.spec.containers[0].resources.requests.cpu: '12x' is not a valid Quantity"

  Scenario: Rolling back with no history
    Given 3 nodes and a deployment of 4
    When I roll back "web"
    Then the operation fails with "rollout history"
