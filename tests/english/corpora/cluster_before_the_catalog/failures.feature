Feature: Node failures, written before reading the catalog

  Scenario: Pods move off a failed node
    Given a cluster of 3 nodes
    And a deployment "web" with 6 replicas
    When node-2 fails
    And the controllers reconcile
    Then no pod is on node-2
    And 6 pods of "web" are running

  Scenario: The node is reported NotReady
    Given 3 nodes
    When node-3 goes NotReady
    Then node-3 is NotReady
    And node-1 is Ready

  Scenario: A node comes back
    Given 2 nodes and a deployment of 2
    When node-1 fails and I reconcile
    Then node-2 has 2 pods
    When node-1 recovers
    And I scale "web" to 6
    And I reconcile
    Then 6 pods are running

  Scenario: Losing capacity leaves pods pending
    Given 2 nodes with 2 cpu and 4Gi memory each
    And a deployment "api" with 4 replicas requesting 1 cpu
    When node-1 goes down
    And I reconcile
    Then 2 pods of "api" are running
    And 2 pods of "api" are pending

  Scenario: Nothing is scheduled to a dead node
    Given 3 nodes and a deployment of 3
    When node-1 fails and I reconcile
    And I scale "web" to 9 and I reconcile
    Then no pod was ever bound to node-1 after it failed
    And no pod is on node-1

  Scenario: A failed node from the start
    Given 3 nodes
    And node-2 is NotReady
    And a deployment of 4
    Then node-2 has no pods
    And 4 pods are running

  Scenario: Cordon then drain by deleting
    Given 2 nodes and a deployment of 2
    When I cordon node-1
    Then node-1 is cordoned
    And 2 pods are running

  Scenario: Deleting a pod brings a new one
    Given 3 nodes
    And a deployment "web" with 3 replicas
    When I delete pod "web-1"
    And I reconcile
    Then pod "web-1" no longer exists
    And "web" has 3 running pods
    And an event SuccessfulCreate was recorded

  Scenario: Killing a pod of a deployment
    Given 3 nodes and a deployment of 3
    When I kill a pod of "web"
    Then there are 2 pods
    When I reconcile
    Then there are 3 pods

  Scenario: Time passes and the cluster heals
    Given 3 nodes and a deployment of 6
    When node-3 fails
    And 1 minute passes
    Then no pod is on node-3
    And all 6 pods are running
