Feature: Payments platform keeps its promises under failure
  We run the card authorisation and ledger services. Regulators and merchants
  care about availability and latency numbers, so every guarantee we quote in
  a review lives here as an executable scenario.

  @cluster
  Scenario: Losing a whole zone does not take authorisations offline
    Given 4 nodes
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "auth" with 6 replicas requesting 1 CPU per pod
    When node-1 and node-2 fail
    And I reconcile
    Then no pod is on node-1
    And no pod is on node-2
    And 6 pods are running

  @cluster
  Scenario: Draining a node for patching respects the ledger's disruption budget
    Given a 3-node cluster running 6 replicas of ledger at v1
    And a disruption budget for ledger allowing at most 1 unavailable pod
    When I drain node-2
    Then nothing is scheduled on node-2
    And no more than 1 ledger pod was unavailable during the drain
    And no fewer than 5 ledger pods have stayed ready during drain

  @cluster
  Scenario: Batch reconciliation jobs stay off the card path nodes
    Given a node pool "batch" with 3 nodes of 8 CPU and 32Gi memory labeled tier=batch
    And a node pool "online" with 3 nodes of 4 CPU and 8Gi memory labeled tier=online
    And a deployment "recon" with 4 replicas requesting 2 CPU per pod that needs tier=batch
    When I reconcile
    Then every pod of "recon" is in the node pool "batch"
    And 4 pods of "recon" are running

  @telemetry
  Scenario: The authorisation latency target holds at peak traffic
    Given the service "auth" serves 800 requests per second with 0% errors
    And auth responds with a median of 25ms and a p99 of 180ms
    When 30 minutes pass
    Then auth's p99 is 180ms
    And auth's p99 is below 250ms

  @telemetry
  Scenario: A sustained trickle of 503s pages before the month's budget is gone
    Given auth is taking 500 requests per second with hardly any errors
    And an SLO for auth of 99.95% availability over 30 days
    When 2% of its requests come back with HTTP 503
    And 1 hour passes
    Then the burn-rate alert for auth pages the on-call
    But the error budget for "availability" is not fully spent

  @telemetry
  Scenario Outline: Our error alert only fires once the failure rate has held long enough
    Given the service "ledger" serves 200 requests per second with 0% errors
    And an alert "LedgerErrors" fires if over 1% of ledger's requests fail for 5 minutes
    When the service "ledger" starts failing <rate>% of requests
    And <minutes> minutes pass
    Then the alert "LedgerErrors" is <state>

    Examples:
      | rate | minutes | state    |
      | 3    | 2       | pending  |
      | 3    | 8       | firing   |
      | 0.5  | 30      | inactive |

  @story
  Scenario: A signed ledger release with a hidden regression is rolled back by the SLO
    Given prod runs version v1 of "ledger" on 3 nodes with 6 replicas
    And services are scraped every 15 seconds
    And the service "ledger" serves 300 requests per second
    And ledger has a 99.95% availability SLO "ledger-avail" over 30 days
    And ledger rolls back on its own when "ledger-avail" pages
    And pods running v2 fail 10% of requests
    When v2 is signed, approved and promoted all the way to prod
    And I roll out v2 to "ledger" with maxSurge 1 and maxUnavailable 0
    And 20 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "ledger" runs v1
    And the history of prod is v1, v2 and v1

  @story
  Scenario: On-call rolls back by hand when the page comes in mid-rollout
    Given prod runs version v4 of "auth" on 4 nodes with 8 replicas
    And auth has a 99.9% availability SLO "auth-avail" over 28 days
    And pods running v5 fail 15% of requests
    When v5 is signed, approved and promoted all the way to prod
    And I roll out v5 to "auth" with maxSurge 2 and maxUnavailable 0
    And 15 minutes pass
    Then the burn-rate alert for auth pages the on-call
    When on-call rolls prod back to v4
    Then prod runs v4
    And every pod of "auth" runs v4
