Feature: Pods placed relative to each other
  Pod anti-affinity keeps replicas apart, pod affinity keeps pods together, and topology
  spread constraints bound how unevenly pods may be spread over nodes or zones. Each
  refusal reads as kube-scheduler's FailedScheduling message. Every node carries
  kubernetes.io/hostname=<its name>.

  Scenario: One replica per node, with fewer nodes than replicas
    Given 2 nodes and a deployment of 3
    And deployment "web" never puts two pods on one node
    When I reconcile until stable
    Then 2 pods are running
    And 1 pod is pending
    And every pending pod's reason is "0/2 nodes are available: 2 node(s) didn't match pod anti-affinity rules. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod."
    And the pods of "web" are spread over 2 nodes

  Scenario: A new node takes the replica that had nowhere to go
    Given 2 nodes and a deployment of 3
    And deployment "web" never puts two pods on one node
    When I add a node "node-3" with 4 cpu and 8Gi memory
    And I reconcile until stable
    Then 3 pods are running
    And the pods of "web" are spread over 3 nodes

  Scenario: Scaling past the node count leaves the extra replicas Pending
    Given 3 nodes and a deployment of 3
    And deployment "web" never puts two pods on one node
    When I scale "web" to 5 and I reconcile until stable
    Then 3 pods are running
    And 2 pods are pending

  Scenario: Preferred anti-affinity spreads when it can and doubles up when it must
    Given 2 nodes and a deployment of 3
    And deployment "web" prefers one pod per node
    When I reconcile until stable
    Then 3 pods are running
    And the pods of "web" are spread over 2 nodes

  Scenario: A cache follows the pods it serves
    Given 3 nodes and a deployment of 1
    And a deployment "cache" of 2
    And deployment "cache" runs on the same node as "web"
    When I reconcile until stable
    Then 3 pods are running
    And node "node-1" has 3 pods

  Scenario: Spreading over zones with maxSkew 1
    Given the nodes:
      | name   | cpu | memory | labels                        |
      | a-1    | 4   | 8Gi    | topology.kubernetes.io/zone=a |
      | a-2    | 4   | 8Gi    | topology.kubernetes.io/zone=a |
      | b-1    | 4   | 8Gi    | topology.kubernetes.io/zone=b |
      | nozone | 4   | 8Gi    |                               |
    And a deployment of 4
    And deployment "web" spreads over zones with maxSkew 1
    When I reconcile until stable
    Then 4 pods are running
    And no pod is on nozone
    And node "b-1" has 2 pods

  Scenario: A manifest's affinity and spread constraints are read
    Given the cluster from "../fixtures/anti-affine.yaml"
    When I reconcile until stable
    Then 2 pods are running
    And 1 pod is pending
    And every pending pod's reason is "0/2 nodes are available: 2 node(s) didn't match pod anti-affinity rules. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod."
    And pod web-1 is on node-2
