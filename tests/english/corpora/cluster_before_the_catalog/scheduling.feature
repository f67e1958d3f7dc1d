Feature: Scheduling, written before reading the catalog

  Scenario: Pods spread over a small cluster
    Given a cluster with 3 nodes
    And a deployment "web" with 3 replicas
    When the scheduler runs
    Then all 3 pods of "web" are running
    And there are no pending pods

  Scenario: Not enough cpu
    Given 2 nodes with 2 CPU and 4Gi memory each
    And a deployment "batch" with 5 replicas requesting 1 CPU per pod
    When the scheduler runs
    Then 4 pods of "batch" are running
    And 1 pod of "batch" is pending
    And the pending pod's reason contains "Insufficient cpu"

  Scenario: Memory is the limit
    Given a node "mem-1" with 8 cpu and 2Gi memory
    And a deployment "cache" with 3 replicas requesting 100m cpu and 1Gi memory
    When the scheduler has placed everything it can
    Then 2 "cache" pods are Running
    And 1 "cache" pod is Pending because of "Insufficient memory"

  Scenario: Bin packing with first fit
    Given 3 nodes with 4 cpu and 8Gi memory
    And a deployment "api" with 4 replicas requesting 2 cpu and 1Gi memory
    When I reconcile
    Then node-1 has 2 pods
    And node-2 has 2 pods
    And node-3 has no pods

  Scenario: Least allocated spreads the load
    Given 3 nodes
    And the scheduler scores nodes with LeastAllocated
    And a deployment of 3
    Then the pods of "web" are spread over 3 nodes

  Scenario: A tainted node repels pods
    Given 2 nodes
    And node-1 is tainted dedicated=infra:NoSchedule
    And a deployment "web" with 2 replicas
    Then no pod is on node-1
    And node-2 is running 2 "web" pods

  Scenario: Tolerations let pods in
    Given a node "gpu-1" with 8 CPU and 32Gi memory
    And gpu-1 is tainted nvidia.com/gpu=true:NoSchedule
    And a deployment "trainer" with 2 replicas
    And deployment "trainer" tolerates nvidia.com/gpu=true:NoSchedule
    Then every "trainer" pod is on gpu-1

  Scenario: Node selectors
    Given the nodes:
      | name   | cpu | memory | labels    |
      | ssd-1  | 4   | 8Gi    | disk=ssd  |
      | hdd-1  | 4   | 8Gi    | disk=hdd  |
    And a deployment "db" with 2 replicas
    And deployment "db" runs only on nodes labelled disk=ssd
    Then all pods of "db" are on ssd-1
    And no pod is on hdd-1

  Scenario: Cordoned nodes get nothing new
    Given 2 nodes
    And node-2 is cordoned
    And a deployment of 4
    Then node-2 has 0 pods
    And 4 pods are running on node-1

  Scenario: Uncordon lets pods back
    Given 2 nodes
    And node-1 is unschedulable
    And a deployment of 2
    When I uncordon node-1
    And I scale "web" to 4
    And I reconcile
    Then 4 pods are running

  Scenario: Table with taints
    Given the nodes:
      | name   | cpu | memory | taints                 |
      | edge-1 | 2   | 4Gi    | edge=true:NoSchedule   |
      | core-1 | 8   | 16Gi   |                        |
    And a deployment "web" with 3 replicas
    Then no "web" pod is on edge-1
    And every "web" pod is on core-1

  Scenario: Max pods per node
    Given the nodes:
      | name   | cpu | memory | pods |
      | tiny-1 | 16  | 64Gi   | 2    |
    And a deployment of 3
    Then 2 pods are running
    And 1 pod is pending
