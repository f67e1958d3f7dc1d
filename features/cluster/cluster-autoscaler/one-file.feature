Feature: One cluster file holds the node groups too
  `Given the cluster from` and `kubeloop validate` read NodeGroup and ClusterAutoscaler
  documents beside Nodes and Deployments, with the same checks as a node groups file.

  Scenario: One cluster file declares the nodes, the workloads and the node groups
    Given the cluster from "fixtures/whole-cluster.yaml"
    When 30 seconds pass
    Then node group pool has a target size of 1
    When 90 seconds pass
    Then all 3 pods of "web" are running
    And node group pool has 1 node

  Scenario: A cluster file's node groups and flags are checked as a node groups file's are
    Given 1 node
    When I load the cluster from "fixtures/two-autoscalers.yaml"
    Then the operation fails with "two-autoscalers.yaml:13:17: spec.scanInterval: '200h' is not a duration of at most 7 days"
