@task-8 @points=1
Feature: Setting up a cluster from YAML
  A cluster can be described in YAML instead of in steps: kubeloop's compact
  Cluster kind for quick setups, or real Kubernetes manifests as kubectl prints
  them. Every file is validated against a JSON Schema and Kubernetes' own rules
  before use; fixture paths are relative to the feature file.

  Scenario: The compact Cluster kind
    Given the cluster from "../fixtures/three-nodes.yaml"
    Then 4 pods are running
    And node "node-1" has 4 pods
    And reconciling again changes nothing

  Scenario: Real manifests: allocatable, taints, init containers and an HPA
    # shop pods request max(500m + 100m, 1 init) = 1 cpu; worker-b's taint keeps them off.
    Given the cluster from "../fixtures/manifests.yaml"
    Then "shop" has 3 running pods
    And 2 pods are pending
    And no pod is on worker-b
    And every pending pod's reason is "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {dedicated: batch}. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling."

  Scenario: A v1 List of nodes, one of them cordoned
    Given the cluster from "../fixtures/node-list.yaml"
    And a deployment of 3
    Then node "node-a" has 3 pods
    And no pod is on node-b

  Scenario: A cluster written inline as a doc string
    Given the cluster:
      """yaml
      apiVersion: kubeloop.dev/v1alpha1
      kind: Cluster
      scoring: LeastAllocated
      nodes:
        - {name: zone-a, cpu: 2, memory: 4Gi}
        - {name: zone-b, cpu: 2, memory: 4Gi}
      deployments:
        - {name: api, replicas: 2, cpu: 250m, memory: 128Mi}
      """
    Then the pods of "api" are spread over 2 nodes

  Scenario: Nodes from a table
    Given the nodes:
      | name   | cpu | memory |
      | east-1 | 2   | 4Gi    |
      | west-1 | 8   | 16Gi   |
    And a deployment of 6
    Then node "east-1" has 4 pods
    And node "west-1" has 2 pods
