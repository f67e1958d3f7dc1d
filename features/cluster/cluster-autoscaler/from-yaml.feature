Feature: Node groups and the autoscaler's flags from YAML
  A NodeGroup declares a template node (labels, taints, capacity and allocatable) and its
  min and max size; a ClusterAutoscaler document sets the flags with upstream's names and
  Go durations. Mistakes are reported with the file, the line and the field.

  Background:
    Given a node node-1 with 1 cpu and 1Gi memory

  Scenario: The priority expander prefers the spot pool the fixture ranks higher
    Given the node groups from "fixtures/node-groups.yaml"
    And a deployment "web" with 3 replicas requesting 1 cpu and 1Gi memory
    When 30 seconds pass
    Then node group spot-pool has a target size of 1
    And node group ondemand has a target size of 0
    When 90 seconds pass
    Then all 3 pods of "web" are running
    And node group spot-pool has 1 node

  Scenario: A node group file with mistakes is refused, naming each one
    When I load the node groups from "fixtures/bad-node-groups.yaml"
    Then the operation fails with "bad-node-groups.yaml:10:31: spec.template.status.allocatable.memroy: unknown field \"memroy\"; did you mean \"memory\"?"

  Scenario: A min size above the max size is refused
    When I add a node group pool of 3 to 2 nodes
    Then the operation fails with "min size 3 is above max size 2"

