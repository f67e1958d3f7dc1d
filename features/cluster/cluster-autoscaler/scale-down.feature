Feature: The cluster autoscaler removes nodes that stay unneeded
  A node of a node group is unneeded when the requests of its pods are under half of its
  allocatable cpu and memory (the larger of the two counts) and its pods would fit on the
  other nodes. Once it has stayed unneeded for 10 minutes it is drained through the
  eviction API — a disruption budget can stop that — and deleted. A group never shrinks
  below its min size, and nothing is removed for 10 minutes after a scale-up. A node found
  unremovable in simulation is looked at again only after 5 minutes.

  Background:
    Given a node node-1 with 4 cpu and 8Gi memory
    And a node group pool of 0 to 3 nodes with 4 cpu and 8Gi memory, starting with 1 node

  Scenario: An idle node is removed after 10 minutes
    Given a deployment "web" with 3 replicas requesting 1 cpu and 1Gi memory
    When 20 seconds pass
    Then node pool-1 is unneeded
    And node pool-1 has been unneeded for 20 seconds
    When 580 seconds pass
    Then node group pool has 1 node
    When 10 seconds pass
    Then node pool-1 was removed by the cluster autoscaler
    And an event ScaleDownEmpty was recorded saying "Scale-down: empty node pool-1 removed"
    And node group pool has 0 nodes

  Scenario: A node whose pods fit elsewhere is drained and removed after 10 minutes
    Given a deployment "web" with 5 replicas requesting 1 cpu and 1Gi memory
    When I scale "web" to 4
    And 10 minutes pass
    Then node pool-1 is unneeded
    And node group pool has 1 node
    When 10 seconds pass
    Then node pool-1 was removed by the cluster autoscaler
    And an event ScaleDown was recorded for pool-1 saying "marked the node as toBeDeleted/unschedulable"
    And an event ScaleDown was recorded saying "Scale-down: removing node pool-1, utilization: {0.25 0.125 0 0 cpu 0.25}, pods to reschedule: web-5"
    And an event ScaleDown was recorded for web-5 saying "deleting pod for node scale down"
    And an event ScaleDown was recorded for pool-1 saying "nodes removed by cluster autoscaler"
    And all 4 pods of "web" are running
    And node group pool has 0 nodes

  Scenario: A disruption budget with nothing to give blocks the scale-down
    Given a deployment "web" with 5 replicas requesting 1 cpu and 1Gi memory
    And a disruption budget for "web" with minAvailable 4
    When I scale "web" to 4
    And 30 minutes pass
    Then node group pool has 1 node
    And node pool-1 is kept because "BlockedByPod: NotEnoughPdb (web-5)"
    And the cluster autoscaler removed 0 nodes

  Scenario: The group's min size is kept
    Given a node group base of 1 to 3 nodes with 4 cpu and 8Gi memory
    And a deployment "web" with 1 replica requesting 100m cpu and 128Mi memory
    When 30 minutes pass
    Then node group base has 1 node
    And node base-1 is kept because "NodeGroupMinSizeReached"

  Scenario: A busy node is not unneeded
    Given a deployment "web" with 4 replicas requesting 1500m cpu and 1Gi memory
    When 1 minute passes
    Then node pool-1 is not unneeded
    And node pool-1 is kept because "cpu requested (75% of allocatable) is above the scale-down utilization threshold"

  Scenario: Nothing is removed within 10 minutes of a scale-up
    Given a deployment "web" with 3 replicas requesting 3 cpu and 1Gi memory
    And new nodes take 1 minute to become Ready
    When 2 minutes pass
    Then node group pool has 2 nodes
    When I scale "web" to 1
    And 9 minutes pass
    Then node group pool has 2 nodes
    When 2 minutes pass
    Then the cluster autoscaler removed 2 nodes
