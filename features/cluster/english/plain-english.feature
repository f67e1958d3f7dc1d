Feature: Plain English
  The sentences people write without reading the catalog: the same facts said the ways
  Kubernetes people say them. Each scenario here checks real behaviour, not only matching.

  Scenario: More pods than the nodes' cpu
    Given a cluster of 2 nodes with 3 CPU and 8Gi memory each
    And a deployment "api" with 10 replicas requesting 1 CPU and 256Mi memory per pod
    When the scheduler has placed everything it can
    Then 6 pods of "api" are Running
    And 4 "api" pods are Pending with "Insufficient cpu"
    And node-1 is running 3 "api" pods
    And node-2 has 3 pods

  Scenario: A rolling update that also changes the requests
    Given a cluster of 3 nodes with 8 CPU and 16Gi memory each
    And a deployment "web" with 10 replicas requesting 1 CPU per pod
    And its rolling update strategy is maxSurge 1 and maxUnavailable 0
    Then all pods still run v1
    When I update "web" to version v2 requesting 2 CPU per pod
    Then all 10 "web" pods run v2
    And at every step there are at most 11 pods
    And at every step at least 10 pods are ready
    And the rollout completes

  Scenario: Mid-rollout, the old version is still running
    Given 3 nodes
    And a deployment of 4 with maxSurge 1 and maxUnavailable 0
    When I apply version v2 of "web"
    And the controllers reconcile
    Then 4 pods of version v1 are still running
    And 1 pod of version v2 is running
    When the rollout runs to completion
    Then every pod runs v2

  Scenario: A node goes NotReady and its pods move
    Given 3 nodes and a deployment of 6
    When node-2 goes NotReady
    Then node-2 is NotReady
    And node-1 is Ready
    When the scheduler runs
    Then no pod is on node-2
    And node-2 has no pods
    And 6 pods are Running

  Scenario: Cordoned and unschedulable are the same thing
    Given 2 nodes
    And node-1 is cordoned
    And a deployment of 2
    Then node-1 is unschedulable
    And every "web" pod is on node-2
    And node node-1 has 0 pods

  Scenario: Pods by name
    Given 2 nodes with 2 cpu and 4Gi memory each
    Then there are no pods
    Given a deployment of 3
    When I delete pod "web-1"
    Then pod "web-1" no longer exists
    When I reconcile
    Then there are 3 pods of "web"
    And pod "web-4" is Running

  Scenario: Two deployments, each named
    Given 3 nodes
    And a deployment "web" of 4
    And a deployment "cache" with 2 replicas
    Then 2 pods of "cache" are running
    And "web" has 4 running pods

  Scenario: Scaling up and down, as people say it
    Given 3 nodes and a deployment of 4
    When I scale "web" to 6 replicas
    And I reconcile
    Then 6 pods are running
    When I scale "web" down to 2
    And I reconcile
    Then "web" has 2 replicas
    And 2 pods are running

  Scenario: A pinned deployment and a tainted node
    Given the nodes:
      | name  | cpu | memory | labels   | taints               |
      | gpu-1 | 8   | 32Gi   | gpu=true | gpu=true:NoSchedule  |
      | cpu-1 | 4   | 8Gi    |          |                      |
    And a deployment "trainer" of 2
    And its pods need nodes labelled gpu=true
    And its pods tolerate gpu=true:NoSchedule
    And a deployment "web" of 2
    Then every "trainer" pod is on gpu-1
    And no "web" pod is on gpu-1

  Scenario: A pending pod says why
    Given a node "small-1" with 2 cpu and 1Gi memory
    And a deployment "cache" of 2 requesting 100m CPU and 600Mi memory
    Then 1 pod of "cache" is pending because of "Insufficient memory"
    And the pending pod's reason starts with "0/1 nodes are available: 1 Insufficient memory."

  Scenario: A stalled rollout, and why
    Given a node "node-1" with 2 cpu and 8Gi memory
    And a deployment of 2 requesting 1 CPU
    And its rolling update strategy is maxSurge 1 and maxUnavailable 0
    When I update "web" to v2
    Then the rollout stalls because "Insufficient cpu"

  Scenario: The HPA acts on the next sync
    Given 3 nodes and a deployment of 4
    And an HPA for "web" from 1 to 10 replicas targeting 50% cpu
    When the cpu utilization of "web" is 90%
    Then the HPA wants 8 replicas
    And "web" still has 4 replicas
    When the HPA acts
    Then "web" has 8 replicas

  Scenario: The README's example
    Given a cluster of 3 nodes with 8 CPU and 16Gi memory each
    And a deployment "api" with 6 replicas requesting 1 CPU and 256Mi memory per pod
    And its rolling update strategy is maxSurge 1 and maxUnavailable 0
    When the scheduler has placed everything it can
    Then 6 pods of "api" are Running
    When node-2 goes NotReady
    When I update "api" to version v2 requesting 2 CPU per pod
    Then all 6 "api" pods run v2
    And at every step at least 6 pods are ready

  Scenario: Counting nodes and saying nothing is pending
    Given a cluster with 3 nodes
    And node-3 is NotReady
    And deployment web has 3 replicas
    Then there are 3 nodes
    And 2 nodes are Ready
    And the cluster has 3 nodes
    And nothing is pending
    And the web pods are all running
    And no pod runs on node-3
    And the pod web-1 is Running
