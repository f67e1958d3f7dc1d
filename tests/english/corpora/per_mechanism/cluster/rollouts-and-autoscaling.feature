Feature: Rolling updates, rollbacks and the HorizontalPodAutoscaler

  Scenario: A rolling update with maxUnavailable 0 never drops below the desired count
    Given a cluster of 3 nodes with 8 CPU and 16Gi memory each
    And a deployment "api" with 6 replicas at version v1 with maxSurge 1 and maxUnavailable 0
    When I update "api" to version v2
    Then all 6 "api" pods run v2
    And at every step at least 6 pods are ready
    And at every step at most 7 pods exist

  Scenario Outline: Surge and unavailability bounds during a rollout
    Given a cluster of 4 nodes with 8 CPU and 16Gi memory each
    And a deployment "web" with 8 replicas and maxSurge <surge> and maxUnavailable <unavailable>
    When I roll out version v2 of "web"
    Then all 8 web pods run v2
    And at every step at least <min ready> pods are ready
    And at every step at most <max total> pods exist

    Examples:
      | surge | unavailable | min ready | max total |
      | 1     | 0           | 8         | 9         |
      | 0     | 1           | 7         | 8         |
      | 25%   | 25%         | 6         | 10        |
      | 2     | 2           | 6         | 10        |

  Scenario: maxSurge 0 and maxUnavailable 0 is rejected
    Given 3 nodes and a deployment of 4
    When I update web to version v2 with maxSurge 0 and maxUnavailable 0
    Then the operation fails with "may not be 0 when maxSurge is 0"
    And all 4 pods run v1

  Scenario: A version that never becomes Ready stalls the rollout
    Given 3 nodes
    And a deployment "web" with 4 replicas with maxSurge 1 and maxUnavailable 0
    When I update "web" to version v2 that never becomes ready
    Then the rollout stalls
    And 4 pods of version v1 are Running
    And the web deployment has condition Progressing with reason "ProgressDeadlineExceeded"

  Scenario: Rolling back returns the previous version
    Given 3 nodes and a deployment of 4
    When I update web to version v2
    And I roll back web
    Then all 4 web pods run v1
    And the deployment web is at revision 3

  Scenario: The HPA scales out when CPU is above target
    Given 4 nodes and a deployment of 2
    And an HPA for "web" with min 1, max 10 and target 50% CPU
    When the CPU utilization of "web" is 100%
    And 1 minute passes
    Then "web" has 4 replicas
    And 4 pods of "web" are Running

  Scenario Outline: The HPA's desired replica count
    Given 6 nodes and a deployment of <current>
    And an HPA for web with minReplicas 2, maxReplicas 10 and a 50% CPU target
    When web's CPU utilization is <utilization>%
    And 1 minute passes
    Then web should have <desired> replicas

    Examples:
      | current | utilization | desired |
      | 4       | 90          | 8       |
      | 4       | 52          | 4       |
      | 4       | 200         | 10      |
      | 2       | 10          | 2       |

  Scenario: The HPA waits out its stabilization window before scaling down
    Given 4 nodes and a deployment of 8
    And an HPA for "web" with min 1, max 10 and target 50% CPU
    When the CPU utilization of "web" is 10%
    And 2 minutes pass
    Then "web" still has 8 replicas
    When 4 more minutes pass
    Then "web" has fewer than 8 replicas
