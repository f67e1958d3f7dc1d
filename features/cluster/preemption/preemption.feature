Feature: Pod priority and preemption
  A PriorityClass gives the pods that name it a priority when they are created. The
  scheduler's queue takes higher priorities first, and a pod that fits nowhere may
  preempt: the scheduler deletes pods of lower priority from one node to make room,
  choosing them as kube-scheduler's DefaultPreemption does, and the FailedScheduling
  message says what preemption found. Pods of equal or higher priority are never victims.

  Scenario: A high-priority pod preempts a lower-priority one and the Pending math shifts
    Given 2 nodes with 2 cpu and 4Gi memory each
    And a priority class "high" of 1000
    And a deployment "batch" of 4 requesting 1 CPU
    When I create a deployment "api" of 1 requesting 1 CPU with priority class "high"
    And I reconcile until stable
    Then every "api" pod has priority 1000
    And every "batch" pod has priority 0
    And pod "batch-2" was preempted by "api-1" on node-1
    And pod "api-1" is nominated to "node-1"
    And "api" has 1 running pod
    And "batch" has 3 running pods
    And 1 pod of "batch" is pending because of "Insufficient cpu"
    And every pending pod's reason is "0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod."
    And an event Preempted was recorded for "batch-2" saying "on node node-1"
    And an event FailedScheduling was recorded for "api-1" saying "0/2 nodes are available: 2 Insufficient cpu."

  Scenario: Pods of equal priority never preempt each other
    Given 2 nodes with 2 cpu and 4Gi memory each
    And a deployment "batch" of 4 requesting 1 CPU
    When I create a deployment "api" of 1 requesting 1 CPU
    And I reconcile until stable
    Then no pods were preempted
    And every pending pod's reason is "0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod."

  Scenario: A pod whose class never preempts waits instead
    Given 1 node with 2 cpu and 4Gi memory
    And a priority class "patient" of 1000 that never preempts
    And a deployment "batch" of 2 requesting 1 CPU
    When I create a deployment "api" of 1 requesting 1 CPU with priority class "patient"
    And I reconcile until stable
    Then no pods were preempted
    And pod "api-1" is not nominated to any node
    And every pending pod's reason is "0/1 nodes are available: 1 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never."

  Scenario: The queue takes the higher priority first when room appears
    Given 1 node with 1 cpu and 4Gi memory
    And a priority class "patient" of 1000 that never preempts
    And a deployment "filler" of 1 requesting 1 CPU
    And a deployment "batch" of 1 requesting 1 CPU
    And a deployment "api" of 1 requesting 1 CPU with priority class "patient"
    When I scale "filler" to 0
    And I reconcile until stable
    Then "api" has 1 running pod
    And "batch" has 0 running pods

  Scenario: Preemption prefers the node where no disruption budget breaks
    Given 2 nodes with 2 cpu and 4Gi memory each
    And a priority class "high" of 1000
    And a deployment "auth" of 2 requesting 1 CPU
    And a deployment "batch" of 2 requesting 1 CPU
    And a disruption budget for "auth" with minAvailable 2
    When I reconcile until stable
    Then node "node-1" has 2 pods
    And no "batch" pod is on node-1
    When I create a deployment "urgent" of 1 requesting 1 CPU with priority class "high"
    And I reconcile until stable
    Then pod "batch-2" was preempted by "urgent-1" on node-2
    And 1 pod was preempted
    And "auth" has 2 running pods
    And the disruption budget "auth" allows 0 disruptions

  Scenario: Nodes preemption cannot help are named as such
    Given a node "gpu-1" with 8 cpu and 16Gi memory
    And gpu-1 is tainted nvidia.com/gpu=true:NoSchedule
    And a node "node-1" with 2 cpu and 4Gi memory
    And a priority class "high" of 1000
    And a deployment "batch" of 2 requesting 1 CPU
    When I create a deployment "big" of 1 requesting 4 CPU with priority class "high"
    And I reconcile until stable
    Then no pods were preempted
    And every pending pod's reason is "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {nvidia.com/gpu: true}. preemption: 0/2 nodes are available: 1 Insufficient cpu, 1 Preemption is not helpful for scheduling."

  Scenario: A template naming an unknown class cannot create pods until the class exists
    Given 1 node with 2 cpu and 4Gi memory
    When I create a deployment "api" of 1 requesting 1 CPU with priority class "missing"
    And I reconcile until stable
    Then "api" has 0 running pods
    And an event FailedCreate was recorded saying "is forbidden: no PriorityClass with name missing was found"
    When I create a priority class "missing" of 10
    And I reconcile until stable
    Then "api" has 1 running pod
    And every "api" pod has priority 10

  Scenario: PriorityClasses from manifests: a value, a global default that never preempts
    Given the cluster from "fixtures/priorities.yaml"
    When I reconcile until stable
    Then "reports" has 2 running pods
    When I scale "checkout" to 1
    And I reconcile until stable
    Then every "checkout" pod has priority 100000
    And every "reports" pod has priority -10
    And pod "reports-2" was preempted by "checkout-1" on node-1
    And every pending pod's reason is "0/1 nodes are available: 1 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never."
    And the priority class "system-node-critical" has value 2000001000

  Scenario: The API server's rules for PriorityClasses
    Given 1 node with 2 cpu and 4Gi memory
    When I create a priority class "urgent" of 2000000000
    Then the operation fails with "maximum allowed value of a user defined priority is 1000000000"
    When I create a priority class "system-mine" of 5
    Then the operation fails with "priority class names with 'system-' prefix are reserved for system use only"
    Given a priority class "standard" of 100 as the global default
    When I create a priority class "second" of 5 as the global default
    Then the operation fails with "PriorityClass standard is already marked as default. Only one default can exist"
    When I delete the priority class "system-node-critical"
    Then the operation fails with "this is a system priority class and cannot be deleted"

  Scenario: A bad PriorityClass manifest names the file, line and field
    Given 1 node with 2 cpu and 4Gi memory
    When I load the cluster from "fixtures/bad-priorities.yaml"
    Then the operation fails with "bad-priorities.yaml:5:8: value: Forbidden: maximum allowed value of a user defined priority is 1000000000"
    When I load the cluster from "fixtures/bad-priorities.yaml"
    Then the operation fails with "bad-priorities.yaml:12:19: preemptionPolicy: 'Sometimes' is not allowed; use one of 'PreemptLowerPriority', 'Never'"
    When I load the cluster from "fixtures/two-defaults.yaml"
    Then the operation fails with "two-defaults.yaml:13:16: globalDefault: PriorityClass first-default is already marked as default. Only one default can exist"
