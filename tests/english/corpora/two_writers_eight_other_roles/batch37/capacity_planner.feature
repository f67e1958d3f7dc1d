Feature: Knowing how much room we have before we run out
  As the capacity planner for the platform team
  I want to model node counts, requests and headroom ahead of time
  So that rollouts, drains and traffic peaks fit in what we already pay for

  @cluster
  Scenario Outline: How many api pods fit on our standard nodes
    Given <nodes> nodes
    And a deployment "api" with <replicas> replicas requesting 1 CPU per pod
    When I reconcile
    Then <running> pods of "api" are running
    And <pending> pods of "api" are pending

    Examples:
      | nodes | replicas | running | pending |
      | 2     | 8        | 8       | 0       |
      | 2     | 10       | 8       | 2       |
      | 3     | 12       | 12      | 0       |

  @cluster
  Scenario: Batch jobs land only on the big batch pool
    Given a node pool "batch" with 3 nodes of 8 CPU and 32Gi memory labeled tier=batch
    And a node pool "general" with 2 nodes of 4 CPU and 8Gi memory labeled tier=general
    And a deployment "reports" with 6 replicas requesting 2 CPU per pod on nodes labeled tier=batch
    When I reconcile
    Then 6 pods of "reports" are running
    And no reports pod is on a node of pool "general"

  @cluster
  Scenario: Spreading across two zones survives losing a whole zone
    Given 4 nodes
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "api" with 4 replicas spread across zones
    When node-1 and node-2 fail
    And I reconcile
    Then at least 2 api pods were ready the whole time
    And 4 pods of "api" are running

  @cluster
  Scenario: Draining a node for maintenance respects the disruption budget
    Given 4 nodes
    And a deployment "web" with 6 replicas
    And a disruption budget for web allowing at most 1 unavailable pod
    When I cordon node-1
    And I drain node-1
    Then no more than 1 web pod was unavailable during the drain
    And nothing is scheduled on node-1
    And 6 pods of "web" are running

  @cluster
  Scenario: The autoscaler adds replicas when cpu runs hot and stays inside its bounds
    Given 4 nodes
    And a deployment "api" with 3 replicas requesting 500m CPU per pod
    And api autoscales between 3 and 8 replicas at 60% cpu
    When api's cpu utilization rises to 120%
    And I reconcile
    Then api has at most 8 replicas
    And api has more than 3 replicas

  @cluster
  Scenario: A surge rollout needs headroom that a full cluster does not have
    Given 2 nodes
    And a deployment "api" with 8 replicas requesting 1 CPU per pod at version v1 with maxSurge 2 and maxUnavailable 0
    When I roll out version v2 of api with maxSurge 2 and maxUnavailable 0
    Then at least 8 api pods were ready the whole time
    But not every pod of "api" runs v2

  @story
  Scenario: Peak traffic outgrows three pods and the SLO pays for it
    Given 3 nodes
    And a deployment "web" with 3 replicas requesting 500m CPU per pod
    And the service "web" serves 150 requests per second
    And each pod of "web" serves at most 50 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When the service "web" serves 300 requests per second
    And 1 hour passes
    Then the burn-rate alert for web pages the on-call

  @story
  Scenario: A release rolled out at the edge of capacity stays within budget the whole time
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And the service "web" serves 100 requests per second
    And each pod of "web" serves at most 50 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And a manifest "web" version "v2"
    When I build "web" as D2
    Given D2 passed every gate
    When I sign D2, get it approved and deploy it to prod
    And I roll out D2 to "web" with maxSurge 1 and maxUnavailable 0
    Then at its lowest the rollout had 4 ready pods
    And the SLO "availability" does not page
