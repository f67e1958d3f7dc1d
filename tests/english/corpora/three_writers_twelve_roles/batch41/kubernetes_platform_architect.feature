Feature: Platform guarantees we promise to the product teams
  As the person who designs our shared clusters
  I want the scheduling, healing and rollout rules written down as runnable checks
  So that nobody has to take my word for how the platform behaves

  @cluster
  Scenario: Losing a worker node does not lose capacity for web
    Given three nodes running web at v1 with 6 replicas
    When node-2 goes down
    And I reconcile
    Then nothing is scheduled on node-2
    And 6 pods are running
    But no pod is on node-2

  @cluster
  Scenario: Two nodes failing together still leaves the service up on the last one
    Given 3 nodes with a 4-replica deployment of web
    When node-1 and node-2 fail and I reconcile
    Then no pod is on node-1
    And no pod is on node-2
    And 4 pods are running

  @cluster
  Scenario: A node maintenance drain respects the disruption budget
    Given 4 nodes
    And a deployment "api" with 6 replicas requesting 1 CPU per pod
    And a pod disruption budget for "api" allowing at most 1 unavailable pod
    When I cordon node-1
    And I drain node-1
    Then nothing is scheduled on node-1
    And no more than 1 api pod was unavailable during the drain
    And 6 pods of "api" are running

  @cluster
  Scenario: Zone spreading keeps checkout alive when a whole zone disappears
    Given 4 nodes
    And node-1 and node-2 sit in zone-a while node-3 and node-4 sit in zone-b
    And a deployment "checkout" with 4 replicas spread across zones
    When node-1 and node-2 fail
    And I reconcile
    Then 4 pods of "checkout" are running
    And every pod of "checkout" is in zone-b

  @cluster
  Scenario Outline: Rolling out a new version never goes outside the surge and unavailability limits
    Given 4 nodes
    And a deployment "api" with <replicas> replicas at version v1 with maxSurge <surge> and maxUnavailable <unavailable>
    When I roll out version v2 of api with maxSurge <surge> and maxUnavailable <unavailable>
    Then every pod of "api" runs v2
    And the rollout never exceeded <ceiling> pods
    And at its lowest the rollout had <floor> ready pods

    Examples:
      | replicas | surge | unavailable | ceiling | floor |
      | 4        | 1     | 0           | 5       | 4     |
      | 6        | 2     | 1           | 8       | 5     |
      | 6        | 0     | 2           | 6       | 4     |

  @cluster
  Scenario: Batch jobs land only on the batch node pool
    Given a "batch" pool of 3 nodes with 8 CPU and 32Gi each, labeled tier=batch
    And 2 nodes
    And a deployment "reports" with 6 replicas requesting 2 CPU per pod that only runs on tier=batch
    When I reconcile
    Then 6 pods of "reports" are running
    And every pod of "reports" is on a node labeled tier=batch
    And nothing is scheduled on node-1

  @story
  Scenario: A bad release rolls out cleanly, starts burning budget and the platform takes it back on its own
    Given web is live in prod at v1, 6 replicas across 3 nodes
    And services are scraped every 15 seconds
    And web handles about 200 requests a second with almost no errors
    And web has a 99.9% availability SLO "availability" over 30 days
    And web is set to roll itself back if "availability" pages
    And v2 has been signed, approved and pushed through to prod
    And pods running v2 fail 25% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 20 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "web" runs v1
    And at least 6 web pods were ready the whole time

  @story
  Scenario: A node dies in the middle of a rollout and the SLO never notices
    Given a 3-node cluster running 4 replicas of web at v1
    And the service "web" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When I roll out version v2 of web with maxSurge 1 and maxUnavailable 0
    And node-3 fails and I reconcile
    And 30 minutes pass
    Then every pod of "web" runs v2
    And no pod is on node-3
    And the SLO "availability" does not page
