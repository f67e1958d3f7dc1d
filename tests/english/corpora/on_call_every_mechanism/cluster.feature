Feature: Lab 01 as an on-call engineer would poke at it

  Scenario: Requests that do not fit leave exactly one pod Pending with the scheduler's reason
    Given a cluster of 2 nodes with 4 CPU and 8Gi memory each
    And a deployment "api" with 5 replicas requesting 2 CPU and 256Mi memory per pod
    When the scheduler has placed everything it can
    Then 4 pods of "api" are Running
    And 1 pod of "api" is Pending with "Insufficient cpu"
    And the pending pod's reason is "0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod."
    And node-1 has 2 pods
    And node-2 has 2 pods

  Scenario: A deleted pod is replaced by the ReplicaSet
    Given 3 nodes and a deployment of 4
    When I delete a running pod of web
    And I reconcile
    Then 4 pods are running
    And reconciling again changes nothing

  Scenario: Pods on a dead node are rescheduled on the survivors
    Given 3 nodes and a deployment of 6
    When node-2 dies and I reconcile
    Then node-2 is NotReady
    And no pod is on node-2
    And all 6 web pods are running
    And no pod was ever bound to node-2 after it failed

  Scenario: HPA scales by ceil(current x utilization / target)
    Given 3 nodes with 4 cpu and 8Gi memory
    And a deployment of 4
    And an HPA for web with minReplicas 2, maxReplicas 10 and a 50% CPU target
    When the CPU usage of web rises to 90%
    Then the HPA wants 8 replicas
    When the HPA acts
    Then web has 8 replicas
    And 8 web pods are running

  Scenario: HPA is capped at maxReplicas and says so
    Given 4 nodes with 8 cpu and 16Gi memory each
    And a deployment of 4
    And an HPA for web with min 1, max 10 and target 50% CPU
    When the cpu utilization of web spikes to 200%
    And 2 minutes pass
    Then web has 10 replicas
    And the HPA for web reports ScalingLimited

  Scenario: HPA scale-down waits out the 5 minute stabilization window
    Given 3 nodes
    And a deployment of 4
    And an HPA for web between 2 and 10 replicas at 50% CPU utilization
    When the average cpu utilization of web is 90%
    And the HPA syncs
    Then web has 8 replicas
    When the load on web drops to 10%
    And 1 minute passes
    Then web still has 8 replicas
    When 6 more minutes pass
    Then web has 2 replicas

  Scenario: Rolling update with 25%/25% on 10 replicas stays inside 13 pods and 8 ready
    Given a cluster of 3 nodes with 4 CPU and 8Gi memory each
    And a deployment "web" with 10 replicas
    And its rolling update strategy is maxSurge 25% and maxUnavailable 25%
    When I roll out version v2 of web
    Then all 10 web pods run v2
    And the rollout never exceeded 13 pods
    And the rollout never dropped below 8 ready pods
    And the most pods web ever had was 13

  Scenario: maxSurge 1 / maxUnavailable 0 never dips below desired
    Given 3 nodes
    And a deployment "api" with 4 replicas at version v1 with maxSurge 1 and maxUnavailable 0
    When I update api to v2
    Then every pod of api runs version v2
    And at every step at least 4 pods of api were ready
    And at no point did api have more than 5 pods

  Scenario: maxSurge 0 and maxUnavailable 0 is refused by validation
    Given 3 nodes and a deployment of 4
    When I roll out version v2 of web with maxSurge 0 and maxUnavailable 0
    Then the operation fails with "may not be 0 when `maxSurge` is 0"
    And all 4 web pods still run v1

  Scenario: Rollback goes to the previous revision under a new revision number
    Given 3 nodes and a deployment of 4
    When I roll out v2
    And I roll out v3
    Then web is at revision 3
    When I roll back web
    And the rollout completes
    Then all 4 web pods run v2
    And web is at revision 4

  Scenario: A version that never becomes ready stalls the rollout and keeps the old pods serving
    Given 3 nodes
    And a deployment "web" with 4 replicas with maxSurge 1 and maxUnavailable 0
    When I roll out version v2 of web that never becomes ready
    Then the rollout stalls
    And 4 ready pods of version v1 exist
    And web has 5 pods

  Scenario: Required anti-affinity by hostname leaves the fourth etcd member Pending
    Given 3 nodes
    And a deployment "etcd" with 4 replicas and required pod anti-affinity on kubernetes.io/hostname
    When the scheduler has placed everything it can
    Then 3 etcd pods are running
    And each node runs exactly 1 "etcd" pod
    And 1 etcd pod is pending because of "didn't match pod anti-affinity rules"

  Scenario: A NoSchedule taint keeps ordinary pods off the GPU node
    Given 2 nodes
    And a node gpu-1 with 8 CPU and 32Gi memory labelled accelerator=nvidia, tainted dedicated=gpu:NoSchedule
    And a deployment "web" with 6 replicas
    And a deployment "trainer" with 2 replicas requesting 4 CPU per pod with nodeSelector accelerator=nvidia
    And trainer tolerates dedicated=gpu:NoSchedule
    When the scheduler places every pod it can
    Then no web pod is on gpu-1
    And every "trainer" pod is on gpu-1
    And 6 web pods are running

  Scenario: Topology spread across three zones with maxSkew 1
    Given the nodes:
      | name   | cpu | memory | labels                           |
      | zone-a | 4   | 8Gi    | topology.kubernetes.io/zone=a    |
      | zone-b | 4   | 8Gi    | topology.kubernetes.io/zone=b    |
      | zone-c | 4   | 8Gi    | topology.kubernetes.io/zone=c    |
    And a deployment "web" with 6 replicas spread across zones with maxSkew 1
    When the cluster settles
    Then every node runs exactly 2 web pods

  Scenario: A drain respects minAvailable and still completes as replacements become ready
    Given 3 nodes and a deployment of 3
    And a PodDisruptionBudget for web with minAvailable 2
    When I drain node-1 with a timeout of 2 minutes
    Then the drain completes
    And node-1 is empty
    And node-1 is cordoned
    And 3 web pods are running
    And at no point were fewer than 2 pods of web ready

  Scenario: A budget with no slack blocks the drain
    Given 3 nodes and a deployment of 3
    And a PDB for web with minAvailable 3
    Then the disruption budget web allows 0 disruptions
    When I drain node-1 with a timeout of 30 seconds
    Then the drain fails with "violate the pod's disruption budget"
    And 3 web pods are running

  Scenario: A high-priority deployment preempts batch work
    Given a single node with 4 CPU and 8Gi memory
    And a priority class "low" of 100
    And a priority class "high" of 1000
    And a deployment "batch" with 4 replicas requesting 1 CPU per pod with priority class low
    When I create a deployment "api" with 2 replicas requesting 1 CPU per pod with priority class high
    And the cluster settles
    Then 2 api pods are running
    And 2 pods were preempted
    And 2 batch pods are running
    And 2 batch pods are pending
    And every "api" pod has priority 1000

  Scenario: The cluster autoscaler adds a node for Pending pods and removes it when idle
    Given a single node with 2 CPU and 4Gi memory
    And a node group pool of 0 to 5 nodes with 4 cpu and 8Gi memory
    And a deployment "web" with 6 replicas requesting 1 CPU and 256Mi memory per pod
    When 2 minutes pass
    Then node group pool has 1 node
    And nothing is pending
    And an event TriggeredScaleUp was recorded
    When I scale web down to 2 replicas
    And 15 minutes pass
    Then the cluster autoscaler removed node pool-1
    And node group pool has 0 nodes
    And 2 web pods are running on node-1
