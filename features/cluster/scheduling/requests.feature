@task-2 @points=1
Feature: Scheduling by resource requests
  The scheduler packs pods by what they request, never by what they use.
  It filters out nodes that cannot take a pod, scores the rest, and binds.
  A pod that fits on no node stays Pending and says exactly why, in the
  words kube-scheduler uses.

  Scenario: Pods fill the first node that has room
    Given 3 nodes and a deployment of 4
    Then node "node-1" has 4 pods
    And no pod is on node-2

  Scenario: A pod that fits nowhere is Pending, not an error
    Given 1 node with 1 cpu and 4Gi memory
    And a deployment of 3
    Then 2 pods are running
    And 1 pod is pending
    And the pending pod's reason contains "Insufficient cpu"
    And an event FailedScheduling was recorded for "web-3"

  Scenario: With nothing refused or blocked, "the reason" is what the Pending pods wait for
    Given 1 node with 2 cpu and 4Gi memory
    And a deployment "encoder" of 1 replica requesting 3 cpu
    When I reconcile
    Then the explanation names insufficient cpu
    And the message mentions "0/1 nodes are available"

  Scenario: The message counts every node's reason
    Given 3 nodes with 1 cpu and 8Gi memory
    And a deployment "big" of 1 replica requesting 2 cpu and 16Gi memory
    Then every pending pod's reason is "0/3 nodes are available: 3 Insufficient cpu, 3 Insufficient memory. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod."

  Scenario: A request exactly equal to the free room fits
    Given 1 node with 2 cpu and 1Gi memory
    And a deployment of 4 replicas requesting 500m cpu and 256Mi memory
    Then 4 pods are running
    And 0 pods are pending

  Scenario: Nodes hold at most their pod count
    Given the nodes:
      | name   | cpu | memory | pods |
      | tiny-1 | 64  | 64Gi   | 2    |
    And a deployment of 3
    Then 2 pods are running
    And every pending pod's reason is "0/1 nodes are available: 1 Too many pods. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."

  Scenario: New room lets a pending pod in on the next pass
    Given 1 node with 1 cpu and 4Gi memory
    And a deployment of 3
    When I add a node "node-2" with 4 cpu and 8Gi memory and I reconcile
    Then 3 pods are running
    And pod "web-3" is on node-2

  Scenario: A cordoned node takes no new pods
    Given 2 nodes with 1 cpu and 4Gi memory
    And node-2 is cordoned
    And a deployment of 3
    Then 2 pods are running
    And every pending pod's reason is "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) were unschedulable. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling."

  Scenario: What the pods on each node request adds up to no more than the node has
    Given 3 nodes
    And a deployment "batch" with 7 replicas requesting 2 CPU and 1Gi memory per pod
    When I reconcile
    Then 6 pods of "batch" are running
    And no node has more than 4 cpu reserved
    And node-3 has 4 CPU requested
    And node "node-2" has 2Gi of memory allocated
    And each node has at most 2Gi of memory requested
    And no node is overcommitted
