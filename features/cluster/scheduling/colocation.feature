Feature: Where pods sit relative to other pods
  "on the same node as web" means on a node one of web's pods is bound to; a single pod can
  be named too.

  Scenario: A cache placed with the web pod it serves
    Given 3 nodes
    And the scheduler scores nodes with LeastAllocated
    And a deployment "web" with 1 replica
    And a deployment "cache" with 2 replicas
    And deployment "cache" runs on the same node as "web"
    Then both cache pods are on the same node as web
    And every "cache" pod shares a node with web-1
    And no cache pod is on a different node than web

  Scenario: Anti-affinity keeps a batch job off the web nodes
    Given 3 nodes
    And a deployment "web" with 1 replica
    And a deployment "batch" with 2 replicas
    And deployment "batch" never runs on the same node as "web"
    Then every batch pod is on a different node from web
    And no batch pod is on the same node as web
