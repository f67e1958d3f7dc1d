Feature: Disruption budgets guard voluntary evictions
  A PodDisruptionBudget is enforced where Kubernetes enforces it: in the eviction API, which
  `kubectl drain` goes through. An eviction that would leave fewer healthy pods than the
  budget needs is refused (429); drain retries it every 5 s while replacements come up, for
  the time given, or until drained (kubeloop gives up after 5 minutes with no eviction). A
  node failure is involuntary and a rollout is paced by maxUnavailable: neither asks it.

  Scenario: Draining a node evicts only what the budget allows
    Given 3 nodes and a deployment of 3
    And a disruption budget for "web" with minAvailable 2
    When I drain node-1 with a timeout of 1 second
    Then the drain evicted 1 pod
    And the drain is refused because "Cannot evict pod as it would violate the pod's disruption budget."
    And the drain is refused because "The disruption budget web needs 2 healthy pods and has 2 currently"

  Scenario: A drain given time completes as replacements become ready elsewhere
    Given 3 nodes and a deployment of 3
    And a disruption budget for "web" with minAvailable 2
    When I drain node-1 waiting up to 1 minute
    And I reconcile until stable
    Then the drain completes
    And the drain evicted 3 pods
    And no pod is on node-1
    And "web" has 3 running pods

  Scenario: A budget of maxUnavailable 0 can never be drained
    Given 3 nodes and a deployment of 3
    And a disruption budget for "web" with maxUnavailable 0
    When I drain node-1 waiting up to 30 seconds
    Then the drain evicted 0 pods
    And the disruption budget "web" allows 0 disruptions
    And node "node-1" has 3 pods

  Scenario: The eviction API refuses a pod the budget protects
    Given 3 nodes and a deployment of 3
    And a disruption budget for "web" with minAvailable 100%
    When I evict pod web-1
    Then the operation fails with "429 Cannot evict pod as it would violate the pod's disruption budget."

  Scenario: A budget from a fixture selects with matchExpressions
    Given the cluster from "../fixtures/budgeted.yaml"
    When I drain node-1 with a timeout of 1 second
    Then the drain evicted 1 pod
    And the disruption budget "web-pdb" allows 0 disruptions

  Scenario: A node failure is involuntary: the budget does not stop it
    Given 3 nodes and a deployment of 3
    And a disruption budget for "web" with minAvailable 3
    When node-1 fails
    Then the disruption budget "web" has 0 healthy pods
    When I reconcile until stable
    Then the disruption budget "web" has 3 healthy pods
    And no pod is on node-1

  Scenario: A rolling update is paced by maxUnavailable, not by the budget
    Given 2 nodes with 2 cpu and 4Gi memory and a deployment of 4
    And deployment "web" rolls out with maxSurge 0 and maxUnavailable 1
    And a disruption budget for "web" with minAvailable 4
    When I roll out version v2 of "web"
    Then at its lowest the rollout had 3 ready pods
    And every pod of "web" runs version v2

  Scenario: A drain said without a timeout waits, as kubectl does, until the node is empty
    Given 3 nodes and a deployment "shop" of 4
    And a PodDisruptionBudget for "shop" with maxUnavailable 1
    When node-1 is drained for maintenance
    Then the drain completes
    And the drain evicted 4 pods
    And no pod is on node-1
    And at least 3 shop pods were ready the whole time

  Scenario: A drain without a timeout gives up after 5 minutes in which nothing was evicted
    Given 3 nodes and a deployment of 3
    And a disruption budget for "web" with maxUnavailable 0
    When I drain node-1
    Then the drain evicted 0 pods
    And the drain is blocked by the PDB
    And node "node-1" has 3 pods

  Scenario: A completed drain has its evicted pods replaced, as kubectl's wait for their deletion lets the controllers do
    Given 3 nodes and a deployment "cart" of 5
    And a PodDisruptionBudget for "cart" with minAvailable 4
    When I take node-1 out of service for a kernel upgrade
    Then the drain completes
    And "cart" has 5 running pods
    And no pod is on node-1
