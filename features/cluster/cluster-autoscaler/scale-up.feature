Feature: The cluster autoscaler adds nodes for pods that do not fit
  Every 10 seconds the cluster autoscaler looks at the pods the scheduler could not place.
  If a new node of some node group would take them, it asks for as many nodes as the
  binpacking estimate says (never past the group's max size) and the pods run once the
  nodes have joined. A pod no group's template could ever fit triggers nothing: the
  autoscaler says why in a NotTriggerScaleUp event.

  Background:
    Given a node node-1 with 2 cpu and 4Gi memory
    And an empty node group pool of up to 10 nodes with 2 cpu and 4Gi memory
    And new nodes take 1 minute to become Ready

  Scenario: Pending pods trigger a scale-up and run once the new nodes are Ready
    Given a deployment "web" with 6 replicas requesting 1 cpu and 1Gi memory
    When 20 seconds pass
    Then 4 pods are pending
    And an event TriggeredScaleUp was recorded for web-3 saying "pod triggered scale-up: [{pool 0->2 (max: 10)}]"
    And node group pool is provisioning 2 nodes
    And node group pool has a target size of 2
    When 1 minute passes
    Then node group pool has 2 nodes
    And all 6 pods of "web" are running

  Scenario: Pods that fit on nodes already on their way do not trigger another scale-up
    Given a deployment "web" with 4 replicas requesting 1 cpu and 1Gi memory
    When 30 seconds pass
    Then node group pool has a target size of 1
    When I scale "web" to 5
    And 10 seconds pass
    Then node group pool has a target size of 2

  Scenario: No scale-up for a pod that no node group's template could fit
    Given a deployment "huge" with 1 replica requesting 8 cpu and 1Gi memory
    When 1 minute passes
    Then node group pool has a target size of 0
    And an event NotTriggerScaleUp was recorded for huge-1 saying "pod didn't trigger scale-up: 1 Insufficient cpu"
    And no event TriggeredScaleUp was recorded

  Scenario: A node group at its max size is skipped, and the pod says so
    Given a node group small of 1 to 1 nodes with 2 cpu and 4Gi memory
    And a deployment "web" with 4 replicas requesting 1500m cpu and 1Gi memory
    And the cluster autoscaler uses the most-pods expander
    When 1 minute passes
    Then node group pool has a target size of 2
    And node group small has 1 node
    When 2 minutes pass
    And I scale "web" to 14
    And 1 minute passes
    Then node group pool has a target size of 10
    And an event NotTriggerScaleUp was recorded for web-13 saying "pod didn't trigger scale-up: 2 max node group size reached"
