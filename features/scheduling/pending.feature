Feature: Scheduling by requests
  The scheduler packs pods by what they request, never by what they use.
  A pod that fits on no node stays Pending and says why.

  Scenario: Pods fill the first node that has room
    Given 3 nodes and a deployment of 4
    Then 4 pods are running
    And node "node-1" has 4 pods
    And reconciling again changes nothing

  Scenario: A pod that fits nowhere is Pending, not an error
    Given 1 node with 1 cpu and 4Gi memory
    And a deployment of 3
    Then 2 pods are running
    And 1 pod is pending
    And the pending pod's reason contains "Insufficient cpu"
