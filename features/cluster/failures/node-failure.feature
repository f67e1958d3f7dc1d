@task-3 @points=2
Feature: Node failure and recovery
  When a node stops responding it becomes NotReady and is tainted unreachable.
  Its pods are evicted, their ReplicaSet recreates them, and the scheduler
  places the replacements on the nodes that are left — never on the failed one.

  Scenario: Pods on a failed node are rescheduled onto survivors
    Given 3 nodes and a deployment of 4
    When node-1 fails and I reconcile
    Then no pod is on node-1
    And 4 pods are running
    And "web" has 4 running pods
    And an event NodeNotReady was recorded for "node-1"

  Scenario: Nothing lands on a failed node until it recovers
    Given 3 nodes and a deployment of 4
    When node "node-1" fails and I reconcile
    And I scale "web" to 16 and I reconcile
    Then no pod is on node-1
    And 16 pods are running
    And no pod was ever bound to node-1 after it failed

  Scenario: A recovered node takes pods again
    Given 2 nodes and a deployment of 4
    When node-1 fails and I reconcile
    And node-1 recovers
    And I scale "web" to 12 and I reconcile
    Then node "node-2" has 4 pods
    And node "node-1" has 8 pods

  Scenario: Losing too much capacity leaves pods Pending with the reason
    Given 2 nodes with 1 cpu and 4Gi memory
    And a deployment of 4
    When node-2 fails and I reconcile
    Then 2 pods are running
    And 2 pods are pending
    And every pending pod's reason is "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling."

  Scenario: A toleration with seconds keeps pods on a failed node for that long
    Given 2 nodes and a deployment of 2
    And deployment "web" tolerates node.kubernetes.io/unreachable:NoExecute for 5 minutes
    When node-1 fails
    And 4 minutes pass
    Then node "node-1" has 2 pods
    And 0 pods are ready
    When 1 minute passes
    Then no pod is on node-1
    And "web" has 2 ready pods

  Scenario: A cordoned node keeps its pods but takes no new ones
    Given 2 nodes and a deployment of 2
    When I cordon node-1
    And I scale "web" to 4 and I reconcile
    Then node "node-1" has 2 pods
    And node "node-2" has 2 pods
    When I uncordon node-1
    And I scale "web" to 6 and I reconcile
    Then node "node-1" has 4 pods

  Scenario: Pods already Pending when a node fails say what the replacements say
    # Upstream retries every pod NodeResourcesFit rejected when a bound pod is deleted, so
    # the pods that waited before the failure take the new message too.
    Given 3 nodes with 4 cpu
    And a deployment "web" of 14 replicas requesting 1 CPU
    When I reconcile
    Then 2 pods are pending
    When node-2 fails and I reconcile
    Then 6 pods are pending
    And every pending pod's reason is "0/3 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }, 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod."

  Scenario: Pods kept one per node and already Pending when a node fails say what the replacement says
    Given 3 nodes with 4 cpu
    And a deployment "web" of 5 replicas requesting 1 CPU
    And deployment "web" never puts two pods on one node
    When I reconcile
    Then 2 pods are pending
    When node-2 fails and I reconcile
    Then 3 pods are pending
    And every pending pod's reason is "0/3 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }, 2 node(s) didn't match pod anti-affinity rules. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod."
