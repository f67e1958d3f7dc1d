@task-1 @points=1
Feature: The reconciliation loop
  A controller compares what is declared with what exists and closes the gap.
  It acts on the current state, not on events, so running it twice is harmless:
  the second pass finds nothing to do.

  Scenario: A deployment converges in one pass
    Given 3 nodes
    And a deployment of 4
    When I reconcile
    Then 4 pods are running
    And "web" has 4 running pods

  Scenario: Reconciling a converged cluster changes nothing
    Given 3 nodes and a deployment of 4
    Then reconciling again changes nothing

  Scenario: A deleted pod is recreated on the next pass
    Given 3 nodes and a deployment of 4
    When I delete pod "web-2"
    Then 3 pods are running
    When I reconcile
    Then 4 pods are running
    And pod "web-5" is running
    And an event SuccessfulCreate was recorded saying "Created pod: web-5"

  Scenario: Deleting any running pod self-heals
    Given 3 nodes and a deployment of 4
    When I delete a running pod of "web" and I reconcile
    Then "web" has 4 running pods
    And reconciling again changes nothing

  Scenario: Scaling up and down is the same loop with a new number
    Given 3 nodes and a deployment of 4
    When I scale "web" to 6 and I reconcile
    Then 6 pods are running
    When I scale "web" to 2 and I reconcile
    Then 2 pods are running
    And an event SuccessfulDelete was recorded saying "Deleted pod: web-6"

  Scenario: Scaling down removes pending pods before running ones
    Given 1 node with 2 cpu and 8Gi memory
    And a deployment of 6
    Then 4 pods are running
    And 2 pods are pending
    When I scale "web" to 4 and I reconcile
    Then 4 pods are running
    And 0 pods are pending

  Scenario: Several deployments share the nodes
    # Controllers and the scheduler visit objects in name order: "api" first.
    Given 2 nodes
    And a deployment "web" of 3 replicas requesting 1 cpu and 1Gi memory
    And a deployment "api" of 2 replicas requesting 2 cpu and 1Gi memory
    Then "web" has 3 running pods
    And "api" has 2 running pods
    And node "node-1" has 2 pods
    And node "node-2" has 3 pods

  Scenario: Reconciling until stable settles a change made step by step
    Given 3 nodes and a deployment of 4
    When I apply version "v2" of "web"
    And I reconcile until stable within 20 passes
    Then every pod of "web" runs version "v2"
    And reconciling again changes nothing
