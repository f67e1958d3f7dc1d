Feature: Keeping the model-serving fleet fast and boring
  I run the SRE rotation for our inference endpoints.
  Models are heavy, latency is what customers notice, and
  a new model version is a deploy like any other.

  @cluster
  Scenario: Inference pods only land on the big-memory pool
    Given a node pool "inference" with 2 nodes of 8 CPU and 32Gi memory labeled tier=inference
    And a node pool "general" with 3 nodes of 4 CPU and 8Gi memory labeled tier=general
    And a deployment "ranker" with 4 replicas requesting 2 CPU and 12Gi memory per pod that needs tier=inference
    When I reconcile
    Then every ranker pod is on a node labeled tier=inference
    And 4 pods of "ranker" are running
    And nothing of "ranker" is scheduled on the general pool

  @cluster
  Scenario: When the model does not fit, pods wait instead of squeezing in
    Given 2 nodes with 4 CPU and 8Gi memory each
    And a deployment "embedder" with 3 replicas requesting 3 CPU and 6Gi memory per pod
    When I reconcile
    Then 2 pods of "embedder" are running
    And 1 pod of "embedder" is pending because no node has enough cpu

  @cluster
  Scenario: Spreading replicas across zones so one zone outage is survivable
    Given 4 nodes
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "ranker" with 4 replicas spread across zones
    When node-1 and node-2 fail and I reconcile
    Then at least 2 ranker pods stayed ready the whole time
    And no ranker pod is on node-1 or node-2
    And 4 pods of "ranker" are running

  @cluster
  Scenario: A traffic spike scales the model servers out and back
    Given 4 nodes
    And a deployment "ranker" with 2 replicas requesting 1 CPU per pod
    And an autoscaler for "ranker" between 2 and 8 replicas targeting 60% cpu
    When "ranker" runs at 180% cpu utilization
    And I reconcile
    Then "ranker" has 6 replicas
    When "ranker" drops to 20% cpu utilization
    And 5 minutes pass and I reconcile
    Then "ranker" has 2 replicas

  @telemetry
  Scenario: A latency regression trips the p99 alert, not the median
    Given ranker is taking 300 requests per second with hardly any errors
    And ranker responds with a median of 35ms and a p99 of 120ms
    And an alert "RankerSlow" fires if ranker's p99 stays above 250ms for 10 minutes
    When ranker's p99 climbs to 400ms while the median stays at 40ms
    And 5 minutes pass
    Then "RankerSlow" is pending
    When another 6 minutes pass
    Then "RankerSlow" is firing

  @telemetry
  Scenario: A brief blip from a model reload does not wake anybody up
    Given the service "ranker" serves 500 requests per second
    And an alert "RankerErrors" fires if over 2% of ranker's requests fail for 5 minutes
    When 10% of ranker's requests come back with HTTP 503
    And 2 minutes pass
    And ranker goes back to no errors
    And 30 minutes pass
    Then "RankerErrors" never went to firing

  @story
  Scenario: A new model version that returns errors is rolled back by the burn alert
    Given 3 nodes
    And a deployment "ranker" with 4 replicas requesting 500m CPU per pod
    And services are scraped every 15 seconds
    And the service "ranker" serves 120 requests per second
    And an SLO "ranker-avail" of 99.9% over 30 days for the service "ranker"
    And "ranker" rolls back when the SLO "ranker-avail" pages
    And model build M1 is live in prod and M2 passed every gate and was promoted to staging
    And pods running M2 fail 15% of requests
    When I approve M2 for prod and roll it out to "ranker" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "ranker" runs M1

  @story
  Scenario: A node dying mid-rollout of a new model still keeps us within the budget
    Given a 3-node cluster running 6 replicas of ranker at v1
    And ranker serves 200 requests per second
    And an SLO for ranker of 99.5% availability over 28 days
    When I roll out version v2 of ranker with maxSurge 1 and maxUnavailable 1
    And node-3 fails halfway through and I reconcile
    And 30 minutes pass
    Then every pod of "ranker" runs v2
    And 6 pods of "ranker" are running
    And the burn-rate alert for ranker does not page the on-call
