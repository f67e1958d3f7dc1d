Feature: Self-healing, node failure, cordon and drain
  The control plane replaces lost pods, moves work off failed nodes,
  and respects PodDisruptionBudgets during voluntary evictions.

  Background:
    Given a cluster of 3 nodes with 4 CPU and 8Gi memory each
    And a deployment "web" with 6 replicas

  Scenario: A deleted pod is replaced
    When I delete the pod "web-1"
    And I reconcile
    Then 6 pods of "web" are Running
    And pod "web-1" does not exist

  Scenario: Pods on a failed node are rescheduled elsewhere
    When node-1 fails
    And I reconcile
    Then no pod is on node-1
    And all 6 web pods are Running
    And node-1 is NotReady

  Scenario: A node that recovers takes new pods again
    When node-1 fails and I reconcile
    And node-1 recovers
    And I scale "web" to 9 replicas
    And I reconcile
    Then 9 pods of "web" are Running
    And at least 1 "web" pod is on node-1

  Scenario: Losing too much capacity leaves pods Pending
    Given the deployment "web" requests 2 CPU per pod
    When node-1 fails
    And node-2 fails
    And I reconcile
    Then 2 "web" pods are Running on node-3
    And 4 "web" pods are Pending with "Insufficient cpu"

  Scenario: A cordoned node keeps its pods but gets no new ones
    When I cordon node-1
    And I scale web to 12 replicas
    And I reconcile
    Then node-1 is unschedulable
    And 12 pods of "web" are Running
    And node-1 still runs 6 "web" pods
    And 6 "web" pods are on node-2

  Scenario: Draining a node moves its pods and leaves it cordoned
    When I drain node-1
    And I reconcile
    Then no pod is on node-1
    And node-1 is unschedulable
    And 6 "web" pods are Running

  Scenario: A disruption budget blocks a drain that would break it
    Given a PodDisruptionBudget "web-pdb" for "web" with minAvailable 6
    When I drain node-1 with a timeout of 30 seconds
    Then the drain fails with "Cannot evict pod as it would violate the pod's disruption budget."
    And 6 pods of "web" are Running
    And node-1 is cordoned

  Scenario: A node failure is not stopped by a disruption budget
    Given a PodDisruptionBudget "web-pdb" for "web" with minAvailable 6
    When node-1 fails and I reconcile
    Then no pod is on node-1
    And 6 "web" pods are running
