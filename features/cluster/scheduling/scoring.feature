@task-6 @points=2
Feature: Choosing among nodes that fit
  Every node that passes the filters is scored; the highest total wins and
  ties go to the first node by name. kubeloop's default is first-fit by name;
  LeastAllocated spreads pods out and MostAllocated packs them together,
  with kube-scheduler's formulas.

  Scenario Outline: Each strategy places three pods its own way
    Given the scheduler scores nodes with <strategy>
    And 3 nodes
    And a deployment of 3
    Then the pods of "web" are spread over <nodes used> nodes

    Examples:
      | strategy       | nodes used |
      | first-fit      | 1          |
      | LeastAllocated | 3          |
      | MostAllocated  | 1          |

  Scenario: LeastAllocated prefers the emptier node
    Given the scheduler scores nodes with LeastAllocated
    And a node "small" with 2 cpu and 4Gi memory
    And a node "large" with 8 cpu and 16Gi memory
    And a deployment of 1
    Then pod "web-1" is on large

  Scenario: MostAllocated packs onto the fuller node
    Given the scheduler scores nodes with MostAllocated
    And a node "small" with 2 cpu and 4Gi memory
    And a node "large" with 8 cpu and 16Gi memory
    And a deployment of 1
    Then pod "web-1" is on small
