Feature: Where a deployment's pods go, said in its declaration
  A nodeSelector, pod anti-affinity and topology spread may be said with the deployment
  itself, in any order with its other details. Each scenario checks where the pods land.

  Scenario: A nodeSelector no node matches leaves the pods Pending
    Given the nodes:
      | name   | labels       |
      | node-1 | disktype=hdd |
      | node-2 | disktype=ssd |
    And a deployment "db" with 3 replicas and nodeSelector disktype=ssd
    When I reconcile
    Then all 3 "db" pods are on node-2

  Scenario: Required pod anti-affinity puts one replica per host
    Given 3 nodes
    And a deployment "etcd" with 4 replicas and required pod anti-affinity on kubernetes.io/hostname
    When I reconcile
    Then each node runs exactly 1 "etcd" pod
    And 1 "etcd" pod is Pending

  Scenario: Preferred anti-affinity spreads when it can and still places the rest
    Given 2 nodes
    And a deployment "web" with 3 replicas with preferred pod anti-affinity on nodes
    When I reconcile
    Then every node has at least 1 pod
    And 3 pods are Running

  Scenario: Topology spread keeps the zones balanced
    Given the nodes:
      | name   | cpu | labels                             |
      | node-a | 8   | topology.kubernetes.io/zone=zone-a |
      | node-b | 8   | topology.kubernetes.io/zone=zone-b |
    And a deployment "web" with 4 replicas spread across zones with maxSkew 1 requesting 1 CPU
    When I reconcile
    Then 2 "web" pods are on node-a
    And 2 "web" pods are on node-b

  Scenario: A deployment said to be on nodes with a label keeps off every other node
    Given a node pool "fast" with 2 nodes of 4 CPU and 8Gi memory labeled disk=nvme
    And a node pool "slow" with 2 nodes of 16 CPU and 32Gi memory labeled disk=sata
    And a deployment "index" with 3 replicas requesting 1 CPU each on nodes labelled disk=nvme
    When I reconcile
    Then nothing of "index" runs on the "slow" pool
    And nothing of the deployment index is on slow-1
    And every pod of "index" is on the "fast" pool
    And no index pod is on a node of pool "slow"
    And all index pods are on nodes in pool "fast"

  Scenario: Pods said to only run on labelled nodes stay out of the other pool
    Given a node pool "ssd" with 2 nodes of 4 CPU and 8Gi memory labeled disk=ssd
    And a node pool "hdd" with 2 nodes of 4 CPU and 8Gi memory labeled disk=hdd
    And a deployment "db" with 3 replicas requesting 1 CPU per pod
    And "db" pods only run on nodes labelled disk=ssd
    When I reconcile
    Then 3 pods of "db" are running
    And no pod of "db" is on any node of the "hdd" pool

  Scenario: A cluster said with its node count runs the pods on those nodes
    Given a cluster with 2 nodes running 4 copies of "cache"
    Then 4 pods of "cache" are running
    And every pod of "cache" is on node-1 or node-2
