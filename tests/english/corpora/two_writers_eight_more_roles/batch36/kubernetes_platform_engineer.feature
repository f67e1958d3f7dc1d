Feature: Platform behaviour our tenants rely on
  As the platform engineer running the shared Kubernetes clusters
  I want scheduling, rollouts, drains and autoscaling pinned down in tests
  So that upgrades to the platform don't surprise the teams on it

  @cluster
  Scenario: Pods that don't fit stay Pending instead of overcommitting a node
    Given 2 nodes
    And a deployment "api" with 10 replicas requesting 1 CPU per pod
    When I reconcile
    Then 8 pods are running
    And 2 pods of "api" are pending
    And no node has more than 4 CPU requested

  @cluster
  Scenario: A rolling update never goes above the surge limit or drops capacity
    Given a 3-node cluster running 4 replicas of web at v1
    When I roll out version v2 of web with maxSurge 1 and maxUnavailable 0
    Then every pod of "web" runs v2
    And the rollout never exceeded 5 pods
    And at least 4 web pods were ready the whole time

  @cluster
  Scenario: Draining a node for kernel patching respects the disruption budget
    Given 4 nodes
    And a deployment "web" with 6 replicas requesting 500m CPU per pod
    And a pod disruption budget for web with minAvailable 5
    When I drain node-1
    Then nothing is scheduled on node-1
    And no fewer than 5 web pods have stayed ready during drain
    And 6 pods are running

  @cluster
  Scenario: Zone anti-affinity keeps replicas split across zones
    Given 4 nodes
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "api" with 4 replicas spread across zones
    When I reconcile
    Then 2 pods of "api" are in zone-a
    And 2 pods of "api" are in zone-b

  @cluster
  Scenario: The batch pool only takes work that asks for it
    Given 2 nodes
    And a node pool "batch" with 3 nodes of 8 CPU and 32Gi memory labeled tier=batch
    And a deployment "etl" with 3 replicas requesting 4 CPU per pod selecting tier=batch
    When I reconcile
    Then every pod of "etl" is on a node labeled tier=batch
    And nothing is scheduled on node-1

  @cluster
  Scenario Outline: The HPA scales web with CPU load within its bounds
    Given a 3-node cluster running 2 replicas of web at v1
    And web autoscales between 2 and 8 replicas at 60% CPU
    When web's CPU utilization goes to <utilization>
    And I reconcile
    Then web has <replicas> replicas

    Examples:
      | utilization | replicas |
      | 30%         | 2        |
      | 120%        | 4        |
      | 400%        | 8        |

  @story
  Scenario: A tenant's release rolls out cleanly across the cluster after passing the gates
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And a manifest "web" version "v2"
    When I build "web" as D2
    Given D2 passed every gate
    And D2 was promoted to dev, staging and prod
    When I approve the promotion of D2 to prod
    And I roll out D2 to "web" with maxSurge 1 and maxUnavailable 0
    Then every pod of "web" runs D2
    And at its lowest the rollout had 4 ready pods

  @story
  Scenario: Capacity lost to a node failure shows up as errors and pages
    Given 3 nodes
    And a deployment "web" with 3 replicas requesting 500m CPU per pod
    And the service "web" serves 150 requests per second
    And each pod of "web" serves at most 50 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When node-1 and node-2 fail
    And 1 hour passes
    Then the SLO "availability" pages
    And the error budget for "availability" is not fully spent
