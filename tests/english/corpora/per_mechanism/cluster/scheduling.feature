Feature: Scheduling pods onto nodes by their resource requests
  As a platform engineer I want pods placed only where their requests fit,
  and I want pods that cannot be placed to stay Pending with a clear reason.

  Background:
    Given a cluster of 3 nodes with 4 CPU and 8Gi memory each

  Scenario: A small deployment fits and every pod runs
    Given a deployment "api" with 6 replicas requesting 1 CPU per pod
    When the scheduler has placed everything it can
    Then 6 pods of "api" are Running
    And no pod is Pending

  Scenario: Pods that do not fit stay Pending with Insufficient cpu
    Given a deployment "batch" with 5 replicas requesting 3 CPU per pod
    When I reconcile
    Then 3 "batch" pods are Running
    And 2 "batch" pods are Pending with "Insufficient cpu"

  Scenario: The FailedScheduling message counts every node
    Given a deployment "huge" with 1 replica requesting 8 CPU per pod
    When I reconcile
    Then the "huge" pod should be Pending with "0/3 nodes are available: 3 Insufficient cpu."

  Scenario: Memory is a limit as much as CPU
    Given a deployment "cache" with 4 replicas requesting 500m CPU and 6Gi memory per pod
    When I reconcile
    Then 3 pods of "cache" are Running
    And 1 pod of "cache" is Pending with "Insufficient memory"

  Scenario Outline: How many replicas of a given size fit on the cluster
    Given a deployment "worker" with <replicas> replicas requesting <cpu> CPU per pod
    When I reconcile
    Then <running> "worker" pods are Running
    And <pending> "worker" pods are Pending

    Examples:
      | replicas | cpu  | running | pending |
      | 12       | 1    | 12      | 0       |
      | 13       | 1    | 12      | 1       |
      | 8        | 2    | 6       | 2       |
      | 24       | 500m | 24      | 0       |

  Scenario: Adding a node lets Pending pods schedule
    Given a deployment "batch" with 4 replicas requesting 4 CPU per pod
    When I reconcile
    Then 1 "batch" pod is Pending
    When I add a node "node-4" with 4 CPU and 8Gi memory
    And I reconcile
    Then all 4 "batch" pods are Running
    And a "batch" pod is on node-4

  Scenario: A cluster loaded from a fixture schedules its deployments
    Given the cluster from "fixtures/mixed-pool.yaml"
    When I reconcile
    Then 4 pods of "web" are Running
    And no "web" pod is on "gpu-1"
