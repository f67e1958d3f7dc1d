Feature: Rollouts, written before reading the catalog

  Scenario: Simple rolling update
    Given 3 nodes
    And a deployment "web" with 4 replicas
    When I update "web" to v2
    Then every pod runs v2
    And "web" is at revision 2

  Scenario: Surge only
    Given 3 nodes
    And a deployment "web" with 4 replicas
    And its rolling update strategy is maxSurge 1 and maxUnavailable 0
    When I roll out version v2 of "web"
    Then at every step there are at most 5 pods
    And at every step at least 4 pods are ready
    And all 4 "web" pods run v2

  Scenario: Unavailable only
    Given 3 nodes
    And a deployment of 4 with maxSurge 0 and maxUnavailable 1
    When I update "web" to v2
    Then throughout the rollout at least 3 pods were ready
    And the rollout never exceeded 4 pods

  Scenario: Percentages
    Given 4 nodes
    And a deployment "api" with 8 replicas
    When I roll out version v2 of "api" with maxSurge 25% and maxUnavailable 25%
    Then every pod of "api" runs version v2
    And the rollout peaked at 10 pods

  Scenario: Rollout stalls when nothing fits
    Given a node "node-1" with 2 cpu and 8Gi memory
    And a deployment "web" with 2 replicas requesting 1 cpu
    And deployment "web" rolls out with maxSurge 1 and maxUnavailable 0
    When I update "web" to v2
    Then the rollout stalls
    And the stall reason contains "Insufficient cpu"

  Scenario: Rollback
    Given 3 nodes
    And a deployment of 3
    When I update "web" to v2
    And I roll back "web"
    Then all pods run v1
    And "web" is at revision 3

  Scenario: Both zero is rejected
    Given 3 nodes
    And a deployment of 2 with maxSurge 0 and maxUnavailable 0
    When I update "web" to v2
    Then the rollout stalls because "both 0"

  Scenario: Recreate replaces everything
    Given 3 nodes
    And a deployment of 3
    And deployment "web" uses the Recreate strategy
    When I update "web" to v2
    Then every pod runs v2

  Scenario: Mid rollout state
    Given 3 nodes
    And a deployment of 4 with maxSurge 1 and maxUnavailable 0
    When I apply version v2 of "web"
    And I reconcile
    Then 4 pods of version v1 are still running
    When the rollout runs to completion
    Then all 4 pods run v2

  Scenario: Update with more cpu per pod
    Given a cluster of 3 nodes with 4 CPU and 8Gi memory each
    And a deployment "web" with 4 replicas requesting 1 CPU per pod
    When I update "web" to version v2 requesting 2 CPU per pod
    Then all 4 "web" pods run v2
    And the rollout completes

  Scenario: Available condition after the rollout
    Given 3 nodes and a deployment of 3
    When I update "web" to v2
    Then the Available condition of "web" is True

  Scenario: Progress deadline
    Given a node "node-1" with 2 cpu and 8Gi memory
    And a deployment of 2 requesting 1 cpu
    And deployment "web" has a progress deadline of 60 seconds
    And its rolling update strategy is maxSurge 1 and maxUnavailable 0
    When I apply version v2 of "web"
    And 2 minutes pass
    Then the Progressing condition of "web" is False because ProgressDeadlineExceeded
