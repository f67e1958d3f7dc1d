@task-4 @points=2
Feature: Rolling updates
  A new version does not change pods in place: a new ReplicaSet grows while the
  old one shrinks. maxSurge bounds how many pods may exist above the desired
  count, maxUnavailable how many may be missing below it — at every step.
  Percentages round the safe way: surge up, unavailable down.

  @kubeloop-exact
  Scenario: A rollout converges to the new version within its budget
    Given 3 nodes and a deployment of 4
    When I roll out version "v2" of "web" with maxSurge 1 and maxUnavailable 0
    Then every pod of "web" runs version "v2"
    And throughout the rollout at least 4 pods were ready
    And throughout the rollout at most 5 pods existed
    And the rollout took 8 steps

  Scenario: Some unavailability lets the rollout move faster
    Given 3 nodes and a deployment of 4
    When I roll out version "v2" of "web" with maxSurge 1 and maxUnavailable 1
    Then every pod of "web" runs version "v2"
    And throughout the rollout at least 3 pods were ready
    And throughout the rollout at most 5 pods existed

  @kubeloop-exact
  Scenario Outline: Percentages resolve as ResolveFenceposts does (surge up, unavailable down)
    Given 3 nodes
    And a deployment of 10
    When I roll out version "v2" of "web" with maxSurge <surge> and maxUnavailable <unavailable>
    Then every pod of "web" runs version "v2"
    And the rollout peaked at <peak> pods
    And at its lowest the rollout had <lowest ready> ready pods

    Examples: deployment_util_test.go TestResolveFenceposts, 10 replicas
      | surge | unavailable | peak | lowest ready |
      | 39%   | 39%         | 14   | 7            |
      | 0%    | 39%         | 10   | 7            |
      | 39%   | 0%          | 14   | 10           |
      | 25%   | 25%         | 13   | 8            |

  Scenario: maxSurge 0 and maxUnavailable 0 leave no way to make progress
    Given 3 nodes and a deployment of 4
    When I roll out version "v2" of "web" with maxSurge 0 and maxUnavailable 0
    Then the rollout stalls
    And the stall reason contains "both 0"
    And every pod of "web" runs version "v1"

  Scenario: The API server's own words for a 0/0 rollout
    Given 3 nodes and a deployment of 4
    When I roll out version v2 of web with maxSurge 0 and maxUnavailable 0
    Then the operation fails with "may not be 0 when `maxSurge` is 0"
    And all 4 web pods still run v1

  Scenario: A surge pod with nowhere to go stalls the rollout
    Given 1 node with 2 cpu and 8Gi memory
    And a deployment of 4
    When I roll out version "v2" of "web" with maxSurge 1 and maxUnavailable 0
    Then the rollout stalls
    And the stall reason contains "0/1 nodes are available: 1 Insufficient cpu."
    And throughout the rollout at least 4 pods were ready

  Scenario: Rolling back restores the previous version
    Given 3 nodes and a deployment of 4
    When I roll out version "v2" of "web" with maxSurge 1 and maxUnavailable 0
    And I roll back "web"
    Then every pod of "web" runs version "v1"
    And throughout the rollout at least 4 pods were ready
    And "web" is at revision 3

  Scenario: Rolling back is how a stalled rollout is undone
    Given 1 node with 2 cpu and 8Gi memory
    And a deployment of 4
    When I roll out version "v2" of "web" with maxSurge 1 and maxUnavailable 0
    Then the rollout stalls
    When I roll back "web"
    Then every pod of "web" runs version "v1"
    And "web" has 4 running pods

  Scenario: Recreate stops every old pod before starting new ones
    Given 3 nodes and a deployment of 3
    And deployment "web" uses the Recreate strategy
    When I apply version "v2" of "web"
    And I reconcile
    Then 0 pods are running
    When I reconcile
    Then every pod of "web" runs version "v2"
    And at no point did "web" have more than 3 pods

  Scenario: A stuck rollout exceeds its progress deadline on the logical clock
    Given 1 node with 2 cpu and 8Gi memory
    And a deployment of 4
    And deployment "web" rolls out with maxSurge 1 and maxUnavailable 0
    And deployment "web" has a progress deadline of 60 seconds
    When I apply version "v2" of "web"
    And 30 seconds pass
    Then the Progressing condition of "web" is True
    When 1 minute passes
    Then the Progressing condition of "web" is False because ProgressDeadlineExceeded
    And an event ProgressDeadlineExceeded was recorded for "web"
