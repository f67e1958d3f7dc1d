Feature: Day-one cluster checks beyond the basics

  Scenario: The database only lands on SSD nodes
    Given the nodes:
      | name   | cpu | memory | labels       |
      | node-1 | 4   | 8Gi    | disktype=hdd |
      | node-2 | 4   | 8Gi    | disktype=ssd |
      | node-3 | 4   | 8Gi    | disktype=ssd |
    And a deployment "db" with 3 replicas requesting 1 CPU and 1Gi memory per pod and nodeSelector disktype=ssd
    Then all 3 db pods are running
    And no "db" pod is on node-1
    And all 3 db pods are running on node-2 and node-3

  Scenario: Zone spread keeps the skew at one and a GPU job waits for a GPU node
    Given the cluster from "fixtures/zones.yaml"
    Then 6 "web" pods are running
    And 2 web pods are on c-1
    And 2 web pods are on b-1
    And 2 web pods are on a-1 or a-2
    And the gpu-job pod is pending because of "didn't match Pod's node affinity/selector"
    When I scale web up to 9 replicas and I reconcile
    Then 3 web pods are on c-1
    And 3 web pods are on b-1
    When I add a node "gpu-1" with 8 cpu and 32Gi memory labelled accelerator=nvidia-a100
    And I reconcile
    Then every gpu-job pod is on gpu-1
    And nothing is pending

  Scenario: etcd members never share a node, and a fourth waits for a fourth node
    Given a 3-node cluster
    And a deployment "etcd" with 4 replicas and required pod anti-affinity on kubernetes.io/hostname
    Then 3 etcd pods are running
    And 1 etcd pod is pending with "didn't match pod anti-affinity rules"
    And each node runs exactly 1 "etcd" pod
    When a new node node-4 joins the cluster
    And I reconcile
    Then all 4 etcd pods are running
    And each node runs exactly 1 etcd pod

  Scenario: A cache is co-located with the web pod it serves
    Given 3 nodes
    And the scheduler scores nodes with LeastAllocated
    And a deployment "web" with 1 replica
    And a deployment "cache" with 2 replicas
    And deployment "cache" runs on the same node as "web"
    Then 2 cache pods are running
    And the pod web-1 is running on node-1
    And both cache pods are on the same node as web
    And 2 cache pods are on node-1

  Scenario: Draining a node respects the PodDisruptionBudget, then completes
    Given a cluster of 3 nodes with 4 CPU and 8Gi memory each
    And the scheduler scores nodes with LeastAllocated
    And a deployment of 6
    And a PDB "web-pdb" for web with minAvailable 5
    Then every node runs exactly 2 web pods
    And the disruption budget "web-pdb" allows 1 disruption
    When I drain node-1 with a timeout of 0 seconds
    Then the drain evicted 1 pod
    And the drain is refused because "Cannot evict pod as it would violate the pod's disruption budget."
    And node-1 is cordoned
    When I drain node-1 waiting up to 2 minutes
    And I reconcile until stable
    Then the drain completes
    And node-1 is empty
    And web has 6 running pods
    And node-1 is still unschedulable

  Scenario: A 50% budget of 3 pods allows one disruption
    Given 3 nodes and a deployment of 3
    And a disruption budget for web with minAvailable 50%
    Then the disruption budget "web" allows 1 disruption
    And the disruption budget web has 3 healthy pods

  Scenario: HPA scale-up is rate limited by the default behavior
    Given 3 nodes with 8 cpu and 16Gi memory each
    And a deployment of 2
    And an HPA for web with minReplicas 2, maxReplicas 10 and a 50% CPU target
    When web's CPU utilization spikes to 250%
    And I reconcile
    Then the HPA wants 10 replicas
    And web has 6 replicas
    And the HPA for web reports ScalingLimited
    When 15 seconds pass
    Then web has 10 replicas

  Scenario: HPA scale-down waits out the 5-minute stabilization window
    Given 3 nodes and a deployment of 4
    And an HPA for "web" from 2 to 10 replicas targeting 50% cpu
    When the average cpu utilization of "web" is 90% and I reconcile
    Then "web" has 8 replicas
    When the CPU usage of web drops to 20%
    And I wait 2 minutes
    Then web still has 8 replicas
    When 4 more minutes pass
    Then web is scaled to 4 replicas
    And an event SuccessfulRescale was recorded saying "New size: 4"

  Scenario: A scaleDown policy of one pod a minute from a real HPA manifest
    Given the cluster from "fixtures/hpa-behavior.yaml"
    When the cpu utilization of web falls to 10%
    And I reconcile
    Then web has 5 replicas
    When 1 minute passes
    Then web has 4 replicas

  Scenario: The cluster autoscaler adds nodes for Pending pods and removes them when idle
    Given a single node with 2 CPU and 4Gi memory
    And a node group pool of 0 to 5 nodes with 2 cpu and 4Gi memory
    And a deployment of 6 requesting 1 CPU and 1Gi memory per pod
    Then 4 pods are pending
    When 30 seconds pass
    Then node group pool is provisioning 2 nodes
    And an event TriggeredScaleUp was recorded saying "[{pool 0->2 (max: 5)}]"
    When 2 minutes pass
    Then the node group pool has grown to 2 nodes
    And 6 pods are running
    When I scale web down to 2
    And 20 minutes pass
    Then node group pool has shrunk back to 0 nodes
    And the cluster autoscaler removed 2 nodes
    And 2 pods run on node-1

  Scenario: A high-priority API preempts batch work
    Given the cluster from "fixtures/priorities.yaml"
    Then 4 batch pods are running
    When I deploy a deployment "api" with 2 replicas requesting 1 CPU per pod with priority class online-high
    And I reconcile
    Then 2 api pods are running
    And every "api" pod has priority 100000
    And each batch pod has priority 100
    And 2 pods were preempted
    And 2 batch pods are pending because of "Insufficient cpu"

  Scenario: A priority class that never preempts just waits
    Given a single node with 2 CPU and 4Gi memory
    And a priority class "low" of 10
    And a priority class "polite" of 5000 that never preempts
    And a deployment "filler" with 2 replicas requesting 1 CPU per pod with priority class low
    When I create a deployment "report" with 1 replica requesting 1 CPU per pod with priority class polite
    And I reconcile
    Then the report pod is pending
    And 2 filler pods are running
    And no pods were preempted
    And the pending pod's reason contains "preemption: not eligible due to preemptionPolicy=Never."

  Scenario Outline: Rolling update arithmetic with percentages
    Given 4 nodes with 4 cpu and 8Gi memory each
    And a deployment of <replicas> with maxSurge <surge> and maxUnavailable <unavailable>
    When I roll out v2
    Then all <replicas> web pods run v2
    And the rollout peaked at <peak> pods
    And at its lowest the rollout had <lowest> ready pods

    Examples:
      | replicas | surge | unavailable | peak | lowest |
      | 10       | 25%   | 25%         | 13   | 8      |
      | 4        | 30%   | 0           | 6    | 4      |
      | 4        | 10%   | 10%         | 5    | 4      |
      | 3        | 0     | 10%         | 3    | 2      |
