@task-7 @points=3
Feature: Horizontal Pod Autoscaler
  The HPA asks for ceil(current replicas × current utilization / target),
  clamped to its minimum and maximum. Inside a 10% band around the target it
  holds steady, so a metric wobbling near the target does not thrash the fleet.
  Utilization is measured against the pods' cpu requests.

  Scenario: The formula from the lab
    Given 3 nodes and a deployment of 4
    And an HPA for "web" from 1 to 10 replicas targeting 50% cpu
    When the average cpu utilization of "web" is 90%
    Then the HPA wants 8 replicas

  Scenario Outline: Recommendations, from replica_calculator_test.go and the tolerance band
    Given 3 nodes
    And a deployment of <replicas>
    And an HPA for "web" from <min> to <max> replicas targeting <target> cpu
    When the average cpu utilization of "web" is <utilization>
    Then the HPA wants <desired> replicas

    Examples: upstream ReplicaCalc cases
      | replicas | min | max | target | utilization | desired |
      | 3        | 1   | 10  | 30%    | 50%         | 5       |
      | 5        | 1   | 10  | 50%    | 28%         | 3       |
      | 3        | 1   | 10  | 100%   | 102%        | 3       |

    Examples: the tolerance band is inclusive, the clamp is firm
      | replicas | min | max | target | utilization | desired |
      | 4        | 1   | 10  | 50%    | 55%         | 4       |
      | 4        | 1   | 10  | 50%    | 45%         | 4       |
      | 4        | 1   | 10  | 50%    | 56%         | 5       |
      | 4        | 1   | 6   | 50%    | 90%         | 6       |
      | 4        | 3   | 10  | 50%    | 5%          | 3       |

  Scenario: The HPA scales the deployment it watches
    Given 3 nodes and a deployment of 4
    And an HPA for "web" from 1 to 10 replicas targeting 50% cpu
    When the average cpu utilization of "web" is 90% and I reconcile
    Then "web" has 8 replicas
    And "web" has 8 running pods
    And an event SuccessfulRescale was recorded saying "New size: 8"

  Scenario: Scaling down waits out the five-minute stabilization window
    Given 3 nodes and a deployment of 4
    And an HPA for "web" from 1 to 10 replicas targeting 50% cpu
    When the average cpu utilization of "web" is 90% and I reconcile
    And the average cpu utilization of "web" is 10%
    And 2 minutes pass
    Then "web" has 8 replicas
    When 4 minutes pass
    Then "web" has 2 replicas
    And "web" has 2 running pods

  Scenario: Without cpu requests the HPA cannot compute utilization
    Given 2 nodes
    And a deployment "batch" of 2 replicas requesting 0 cpu and 128Mi memory
    And an HPA for "batch" from 1 to 5 replicas targeting 50% cpu
    When the average cpu utilization of "batch" is 90% and I reconcile
    Then the HPA for "batch" reports FailedGetResourceMetric
    And "batch" has 2 replicas
