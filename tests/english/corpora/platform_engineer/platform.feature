Feature: A platform engineer's phrasing, written after the second round, not yet matched

  Scenario: Headroom
    Given 3 worker nodes with 8 CPUs and 32Gi RAM
    And a "frontend" deployment with 12 replicas, each requesting 2 CPUs and 1Gi
    When everything has been scheduled
    Then 12 frontend pods are running
    And node-1 has 4 frontend pods

  Scenario: Overcommit
    Given 1 node with 4 cores and 4Gi of memory
    And the deployment "worker" has 6 replicas requesting 1 core each
    When the scheduler has run
    Then only 4 worker pods are running
    And 2 worker pods are stuck in Pending
    And the pending pods say "Insufficient cpu"

  Scenario: Eviction on failure
    Given 3 nodes and a deployment "api" of 6 replicas
    When node-1 dies
    And the controllers have reconciled
    Then node-1 has no api pods
    And all 6 api pods are running on node-2 and node-3

  Scenario: Rollout respects budget
    Given 4 nodes
    And a deployment "web" with 8 replicas using maxSurge 25% and maxUnavailable 25%
    When I roll out web to version 2.0
    Then the rollout completes
    And all 8 pods run version 2.0
    And at no point were fewer than 6 pods of "web" ready

  Scenario: Rollback after a bad release
    Given 3 nodes and a deployment of 3
    When I roll out version v2
    And I roll back
    Then every pod is on v1

  Scenario: Autoscale
    Given 3 nodes and a deployment "web" with 3 replicas
    And an HPA on web with min 2 and max 9 targeting 50% cpu
    When CPU usage hits 100%
    And the HPA reconciles
    Then the deployment is scaled to 6 replicas

  Scenario: Cordon
    Given 2 nodes
    When I cordon node-1 and node-2
    And I create a deployment of 1
    Then the pod is pending
