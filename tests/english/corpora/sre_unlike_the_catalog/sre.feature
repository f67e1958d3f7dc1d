Feature: An SRE's phrasing, written after the vocabulary, deliberately unlike it

  Scenario: Capacity planning
    Given a cluster with three nodes, each with 4 vCPUs and 16GiB of RAM
    And a deployment named "checkout" with 9 replicas, each requesting 1.5 CPU
    When the cluster has reconciled
    Then 6 checkout pods should be running
    And 3 checkout pods should be pending

  Scenario: Node loss
    Given 4 nodes
    And the "payments" deployment has 8 replicas
    When node-4 becomes unavailable
    And the cluster reconciles
    Then node-4 should have no pods
    And all 8 payments pods should be running

  Scenario: Taints
    Given 3 nodes
    And node-3 has a NoSchedule taint dedicated=batch
    And a deployment "web" with 6 replicas
    Then none of the web pods are on node-3

  Scenario: Rolling update budget
    Given 3 nodes
    And a deployment "web" with 6 replicas and maxSurge 2 and maxUnavailable 1
    When I roll out v2
    Then the deployment should have at most 8 pods at any time
    And at least 5 pods should be available at all times
    And all pods should be on v2

  Scenario: Autoscaler
    Given 3 nodes and a deployment "web" with 2 replicas
    And "web" is autoscaled between 2 and 6 replicas at 60% CPU
    When CPU utilization for "web" goes up to 120%
    And the autoscaler runs
    Then "web" should be scaled to 4 replicas

  Scenario: Drain
    Given 2 nodes and a deployment of 4
    When I cordon node-1
    And I evict all pods from node-1
    And I reconcile
    Then node-1 should be empty
    And 4 pods should be running on node-2

  Scenario: Pending reason
    Given a single node with 1 CPU and 1Gi memory
    And a deployment "big" with 1 replica requesting 2 CPUs
    Then the pod of "big" should be Pending
    And its reason should mention "Insufficient cpu"

  Scenario: Scale and check
    Given 2 nodes and a deployment of 2
    When I scale the deployment to 4 replicas
    And I wait for reconciliation
    Then the deployment should have 4 ready replicas

  Scenario: Version check
    Given 3 nodes and a deployment of 3
    When I deploy version v2
    Then no pod should run v1 anymore
    And every pod should be running v2

  Scenario: Stuck rollout
    Given one node with 2 cpu
    And a deployment of 2 requesting 1 cpu with maxSurge 1 and maxUnavailable 0
    When I roll out v2 to web
    Then the rollout should be stuck because "Insufficient cpu"
