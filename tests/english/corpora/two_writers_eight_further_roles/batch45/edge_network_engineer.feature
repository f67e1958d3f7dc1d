Feature: Keeping the edge proxies up across POPs
  As the engineer who runs our edge proxy fleet
  I want to check how the proxies spread, drain and recover
  So that one bad box or one bad release never blackholes a region

  @cluster
  Scenario: Edge proxies are spread over both zones
    Given 4 nodes
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "edge-proxy" with 4 replicas spread across zones
    When I reconcile
    Then 2 pods of "edge-proxy" are in zone-a
    And 2 pods of "edge-proxy" are in zone-b

  @cluster
  Scenario: Draining a box for a kernel patch respects the disruption budget
    Given a 3-node cluster running 6 replicas of "edge-proxy" at v1
    And a disruption budget for "edge-proxy" allows at most 1 unavailable pod
    When I drain node-1
    Then nothing is scheduled on node-1
    And no more than 1 edge-proxy pod was unavailable during the drain
    And 6 pods of "edge-proxy" are running

  @cluster
  Scenario: A new proxy build rolls out one box at a time without losing capacity
    Given 3 nodes
    And a deployment "edge-proxy" with 6 replicas requesting 1 CPU per pod at version v1 with maxSurge 1 and maxUnavailable 0
    When I roll out version v2 of edge-proxy with maxSurge 1 and maxUnavailable 0
    Then every pod of "edge-proxy" runs v2
    And the rollout never exceeded 7 pods
    And at least 6 edge-proxy pods were ready the whole time

  @cluster
  Scenario: The proxies keep off the batch pool
    Given a node pool "batch" with 2 nodes of 8 CPU and 32Gi memory labeled tier=batch
    And a node pool "edge" with 3 nodes of 4 CPU and 8Gi memory labeled tier=edge
    And a deployment "edge-proxy" with 6 replicas that only runs on tier=edge
    When I reconcile
    Then no edge-proxy pod is on a node labeled tier=batch
    And 6 pods of "edge-proxy" are running

  @telemetry
  Scenario: Tail latency at the edge stays inside what we promised
    Given edge-proxy is taking 2000 requests per second with hardly any errors
    And edge-proxy responds with a median of 12ms and a p99 of 90ms
    When 10 minutes pass
    Then edge-proxy's p99 is 90ms
    And edge-proxy's p99 is below 100ms

  @story
  Scenario: A proxy release that drops connections gets pulled by the burn alert
    Given prod runs version v1 of "edge-proxy" on 4 nodes with 8 replicas
    And services are scraped every 15 seconds
    And edge-proxy serves 1000 requests per second
    And an SLO "edge-avail" of 99.95% over 30 days for the service "edge-proxy"
    And edge-proxy rolls back on its own when "edge-avail" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 15% of requests
    When I roll out v2 to "edge-proxy" with maxSurge 2 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "edge-proxy" runs v1

  @story
  Scenario: A POP losing a node sheds load onto the others without paging
    Given a 3-node cluster running 6 replicas of "edge-proxy" at v1
    And edge-proxy serves 600 requests per second
    And each pod of "edge-proxy" serves at most 200 requests per second
    And an SLO "edge-avail" of 99.9% over 30 days for the service "edge-proxy"
    When node-3 fails and I reconcile
    And 30 minutes pass
    Then no pod is on node-3
    And 6 pods of "edge-proxy" are running
    And the SLO "edge-avail" does not page
