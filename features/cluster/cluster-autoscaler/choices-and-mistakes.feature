Feature: Choosing a node group, and the mistakes the autoscaler refuses
  With several node groups that could take the pods, the expander decides: least-waste by
  default (the group that leaves the least of its new nodes' cpu and memory unused), or
  most-pods, least-nodes, priority or random. Taints and labels on a group's template
  decide which pods it could ever take.

  Background:
    Given a node node-1 with 1 cpu and 1Gi memory
    And new nodes take 0 seconds to join

  Scenario: Least-waste picks the group whose nodes the pods fill best
    Given an empty node group big of up to 5 nodes with 16 cpu and 64Gi memory
    And an empty node group small of up to 5 nodes with 2 cpu and 4Gi memory
    And a deployment "web" with 2 replicas requesting 1500m cpu and 3Gi memory
    When 20 seconds pass
    Then node group small has 2 nodes
    And node group big has 0 nodes

  Scenario: Least-nodes picks the group that needs the fewest nodes
    Given an empty node group big of up to 5 nodes with 16 cpu and 64Gi memory
    And an empty node group small of up to 5 nodes with 2 cpu and 4Gi memory
    And the cluster autoscaler uses the least-nodes expander
    And a deployment "web" with 2 replicas requesting 1500m cpu and 3Gi memory
    When 20 seconds pass
    Then node group big has 1 node
    And node group small has 0 nodes

  Scenario: The priority expander prefers the group it is told to
    Given an empty node group ondemand of up to 5 nodes with 2 cpu and 4Gi memory
    And an empty node group spot of up to 5 nodes with 8 cpu and 32Gi memory
    And the priority expander prefers spot over ondemand
    And a deployment "web" with 2 replicas requesting 1500m cpu and 3Gi memory
    When 20 seconds pass
    Then node group spot has 1 node
    And node group ondemand has 0 nodes

  Scenario: Only pods that tolerate a group's taint make it grow
    Given an empty node group gpu of up to 2 nodes with 8 cpu and 32Gi memory tainted nvidia.com/gpu=true:NoSchedule
    And a deployment "web" with 1 replica requesting 2 cpu and 1Gi memory
    When 30 seconds pass
    Then node group gpu has 0 nodes
    And an event NotTriggerScaleUp was recorded for web-1 saying "1 node(s) had untolerated taint {nvidia.com/gpu: true}"

  Scenario: Flags with upstream's names and Go durations
    Given a node group pool of 0 to 3 nodes with 4 cpu and 8Gi memory, starting with 1 node
    And the cluster autoscaler runs with "--scale-down-unneeded-time=2m --scale-down-utilization-threshold=0.6"
    When 130 seconds pass
    Then the cluster autoscaler removed node pool-1

  Scenario: A node group declared twice is refused
    Given an empty node group pool of up to 3 nodes
    When I add a node group pool of 1 to 2 nodes
    Then the operation fails with "node group \"pool\" already exists"
