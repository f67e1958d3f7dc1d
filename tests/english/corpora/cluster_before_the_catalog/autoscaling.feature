Feature: Autoscaling, written before reading the catalog

  Scenario: Scale up on load
    Given 3 nodes
    And a deployment "web" with 4 replicas
    And an HPA for "web" from 2 to 10 replicas targeting 50% cpu
    When the cpu utilization of "web" is 100%
    Then the HPA wants 8 replicas

  Scenario: Replicas change after the HPA syncs
    Given 3 nodes and a deployment of 4
    And an HPA for "web" from 1 to 10 replicas targeting 50% cpu
    When the average cpu utilization of "web" is 90%
    And I reconcile
    Then "web" has 8 replicas

  Scenario: Capped at max
    Given 3 nodes and a deployment of 4
    And an HPA for "web" from 1 to 6 replicas targeting 50% cpu
    When the cpu utilization of "web" is 200%
    And I reconcile
    Then "web" has 6 replicas
    And the HPA for "web" reports ScalingLimited

  Scenario: Within tolerance nothing changes
    Given 3 nodes and a deployment of 4
    And an HPA for "web" from 1 to 10 replicas targeting 50% cpu
    When the cpu utilization of "web" is 52%
    And I reconcile
    Then "web" still has 4 replicas

  Scenario: Scale down waits for stabilization
    Given 3 nodes and a deployment of 8
    And an HPA for "web" from 1 to 10 replicas targeting 50% cpu
    When the cpu utilization of "web" is 10%
    And I reconcile
    Then "web" has 8 replicas
    When 6 minutes pass
    Then "web" has 2 replicas

  Scenario: HPA scale up gets pods scheduled
    Given 2 nodes with 4 cpu and 8Gi memory each
    And a deployment "api" with 2 replicas requesting 1 CPU
    And an HPA on "api" between 2 and 8 replicas at 50% CPU utilization
    When the cpu usage of "api" rises to 150%
    And the HPA acts
    And the scheduler runs
    Then 6 pods of "api" are running
