Feature: Keeping the cluster boring
  I run the shared clusters. Most of my week is node churn, maintenance drains,
  capacity questions and making sure rollouts don't take apps below what they need.

  @cluster
  Scenario: Workloads come back when a node dies
    Given a 3-node cluster running 6 replicas of web at v1
    When node-2 goes down
    And I reconcile
    Then nothing is scheduled on node-2
    And 6 pods are running

  @cluster
  Scenario: Losing two nodes at once still leaves everything placed
    Given 4 nodes and a deployment of 6
    When node-1 and node-2 fail and I reconcile
    Then no pod is on node-1
    And no pod is on node-2
    And 6 pods are running

  @cluster
  Scenario: A big-request deployment can't fit and stays Pending
    Given 2 nodes
    And a deployment "ml-train" with 4 replicas requesting 3 CPU per pod
    When I reconcile
    Then 2 pods of "ml-train" are running
    And 2 pods of "ml-train" are pending

  @cluster
  Scenario: Draining a node for patching respects the disruption budget
    Given 4 nodes
    And a deployment "api" with 6 replicas requesting 500m CPU per pod
    And a pod disruption budget for "api" with minAvailable 5
    When I drain node-3
    Then no more than 1 api pod was unavailable during the drain
    And no fewer than 5 api pods have stayed ready during drain
    And nothing is scheduled on node-3

  @cluster
  Scenario Outline: Rolling update stays inside its surge and unavailability limits
    Given 3 nodes
    And a deployment "api" with 6 replicas requesting 500m CPU per pod at version v1
    When I roll out version v2 of api with maxSurge <surge> and maxUnavailable <unavailable>
    Then every pod of "api" runs v2
    And the rollout never exceeded <max pods> pods
    And at least <min ready> api pods were ready the whole time

    Examples:
      | surge | unavailable | max pods | min ready |
      | 1     | 0           | 7        | 6         |
      | 2     | 1           | 8        | 5         |

  @cluster
  Scenario: Batch jobs land on the batch pool and zones are spread
    Given a node pool "batch" with 3 nodes of 8 CPU and 32Gi memory labeled tier=batch
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "etl" with 3 replicas requesting 2 CPU per pod on nodes labeled tier=batch
    When I reconcile
    Then every pod of "etl" is on a node labeled tier=batch
    And 3 pods of "etl" are running

  @story
  Scenario: A node failure in the middle of a rollout doesn't break the release
    Given 4 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And a manifest "web" version "v3"
    When I build "web" as B1
    Given B1 passed every gate
    And B1 was promoted to dev, staging and prod
    When I approve the promotion of B1 to prod
    And I roll out B1 to "web" with maxSurge 1 and maxUnavailable 0
    And node-4 fails and I reconcile
    Then every pod of "web" runs B1
    And no pod is on node-4
    And 4 pods of "web" are running

  @story
  Scenario: Capacity that's too tight shows up as errors and a page
    Given 2 nodes
    And a deployment "web" with 2 replicas requesting 500m CPU per pod
    And the service "web" serves 200 requests per second
    And each pod of "web" serves at most 50 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When 1 hour passes
    Then the burn-rate alert for web pages the on-call
