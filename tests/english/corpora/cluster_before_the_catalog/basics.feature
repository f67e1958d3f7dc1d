Feature: Basics, written before reading the catalog

  Scenario: Idempotent reconcile
    Given 3 nodes and a deployment of 4
    Then reconciling again changes nothing

  Scenario: Scale up
    Given 3 nodes
    And a deployment "web" with 2 replicas
    When I scale "web" to 5 replicas
    And the controllers reconcile
    Then "web" has 5 running pods

  Scenario: Scale down
    Given 3 nodes
    And a deployment "web" of 5
    When I scale "web" down to 2
    And I reconcile
    Then there are 2 pods
    And an event SuccessfulDelete was recorded

  Scenario: Scale to zero
    Given 2 nodes and a deployment of 3
    When I scale "web" to 0 and I reconcile
    Then there are no pods

  Scenario: Two deployments
    Given 3 nodes
    And a deployment "web" with 3 replicas
    And a deployment "worker" with 2 replicas
    Then "web" has 3 running pods
    And 2 pods of "worker" are running
    And 5 pods are running

  Scenario: Cluster from YAML
    Given the cluster:
      """
      apiVersion: kubeloop.dev/v1alpha1
      kind: Cluster
      nodes:
        - {name: node, count: 2, cpu: "4", memory: 8Gi}
      deployments:
        - {name: web, replicas: 3, cpu: 500m, memory: 256Mi}
      """
    Then 3 pods are running

  Scenario: Ready pods
    Given 3 nodes and a deployment of 3
    Then 3 pods are ready
    And every pod is ready

  Scenario: Unknown pod delete fails
    Given 3 nodes and a deployment of 2
    When I delete pod "nope-1"
    Then the operation fails with "not found"

  Scenario: Events
    Given 2 nodes and a deployment of 2
    Then an event ScalingReplicaSet was recorded
    And an event Scheduled was recorded for "web-1"
