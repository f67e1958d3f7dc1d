Feature: Readiness takes time
  A pod is Ready only once its readiness probe passes (a startup delay per deployment),
  and it counts as available only after being Ready for longer than minReadySeconds.
  So a rollout takes logical time, can stall with half its pods ready, and runs into
  its progress deadline.

  Scenario: Pods become ready after their startup delay
    Given 2 nodes and a deployment of 3
    And deployment "web" takes 30 seconds to become ready
    When I reconcile until stable
    Then 3 pods are running
    And 0 pods are ready
    When 30 seconds pass
    Then 3 pods are ready

  Scenario: minReadySeconds makes Available lag Ready
    Given 2 nodes and a deployment of 2
    And deployment "web" has minReadySeconds 20
    When I reconcile until stable
    Then 2 pods are ready
    And "web" counts 0 pods as available
    And the Available condition of "web" is False because MinimumReplicasUnavailable
    When 30 seconds pass
    Then "web" counts 2 pods as available
    And the Available condition of "web" is True

  Scenario: A rollout waits for each new pod to become ready
    Given 3 nodes and a deployment of 4
    And deployment "web" takes 20 seconds to become ready
    And deployment "web" rolls out with maxSurge 1 and maxUnavailable 0
    When 1 minute passes
    And I roll out version v2 of "web"
    Then throughout the rollout at least 4 pods were ready
    And throughout the rollout at most 5 pods existed
    And every pod of "web" runs version v2

  Scenario: Stuck at 2/4 ready, then past the progress deadline
    Given 3 nodes and a deployment of 4
    And deployment "web" rolls out with maxSurge 0 and maxUnavailable 2
    When I roll out version v2 of "web" that never becomes ready
    Then the rollout stalls
    And the stall reason contains "never becomes ready"
    And 2 pods are ready
    When 11 minutes pass
    Then the Progressing condition of "web" is False because ProgressDeadlineExceeded
    And an event ProgressDeadlineExceeded was recorded for "deployment/web"
