Feature: Taints, tolerations, node selectors and affinity
  Pods land only on nodes whose taints they tolerate and whose labels they select,
  and anti-affinity spreads replicas across hosts and zones.

  Scenario: A NoSchedule taint keeps ordinary pods off a node
    Given 3 nodes
    And node-3 is tainted with "dedicated=gpu:NoSchedule"
    And a deployment of 6
    When I reconcile
    Then 6 pods are running
    And no pod is on node-3

  Scenario: A pod that tolerates the taint may use the tainted node
    Given the cluster:
      """
      apiVersion: v1
      kind: List
      items:
        - apiVersion: v1
          kind: Node
          metadata:
            name: gpu-1
            labels: {accelerator: nvidia}
          spec:
            taints:
              - {key: dedicated, value: gpu, effect: NoSchedule}
          status:
            allocatable: {cpu: "8", memory: 32Gi}
        - apiVersion: apps/v1
          kind: Deployment
          metadata: {name: trainer}
          spec:
            replicas: 2
            selector:
              matchLabels: {app: trainer}
            template:
              metadata:
                labels: {app: trainer}
              spec:
                nodeSelector: {accelerator: nvidia}
                tolerations:
                  - {key: dedicated, operator: Equal, value: gpu, effect: NoSchedule}
                containers:
                  - name: trainer
                    image: trainer:1.0
                    resources:
                      requests: {cpu: "2", memory: 4Gi}
      """
    When I reconcile
    Then 2 pods of "trainer" are Running
    And all "trainer" pods are on gpu-1

  Scenario: A nodeSelector that no node matches leaves pods Pending
    Given the nodes:
      | name   | cpu | memory | labels          |
      | node-1 | 4   | 8Gi    | disktype=hdd    |
      | node-2 | 4   | 8Gi    | disktype=hdd    |
    And a deployment "db" with 2 replicas and nodeSelector disktype=ssd
    When I reconcile
    Then 2 "db" pods are Pending with "didn't match Pod's node affinity/selector"

  Scenario: Required pod anti-affinity puts one replica per host
    Given 3 nodes
    And a deployment "etcd" with 4 replicas and required pod anti-affinity on kubernetes.io/hostname
    When I reconcile
    Then 3 pods of "etcd" are Running
    And each node runs exactly 1 "etcd" pod
    And 1 "etcd" pod is Pending

  Scenario: Topology spread keeps zones balanced
    Given the nodes:
      | name   | cpu | memory | labels                             |
      | node-a | 8   | 16Gi   | topology.kubernetes.io/zone=zone-a |
      | node-b | 8   | 16Gi   | topology.kubernetes.io/zone=zone-b |
      | node-c | 8   | 16Gi   | topology.kubernetes.io/zone=zone-c |
    And a deployment "web" with 6 replicas spread across topology.kubernetes.io/zone with maxSkew 1
    When I reconcile
    Then 2 "web" pods are on node-a
    And 2 "web" pods are on node-b
    And 2 "web" pods are on node-c

  Scenario: Removing a taint lets Pending pods schedule
    Given 2 nodes
    And node-1 is tainted with "maintenance=true:NoSchedule"
    And node-2 is tainted with "maintenance=true:NoSchedule"
    And a deployment of 2
    When I reconcile
    Then 2 pods are Pending
    When I remove the taint "maintenance" from node-2
    And I reconcile
    Then 2 pods are running on node-2
