Feature: Keeping the payments API inside its error budget
  I carry the pager for payments. These are the situations I want
  pinned down before they happen at 3am.

  @telemetry
  Scenario: A short blip that recovered on its own should not wake anyone
    Given the service "payments" serves 150 requests per second with 0% errors
    And an SLO "payments-availability" of 99.9% over 30 days for the service "payments"
    When the service "payments" starts failing 100% of requests
    And 5 minutes pass
    And the service "payments" starts failing 0% of requests
    And 45 minutes pass
    Then the SLO "payments-availability" does not page

  @telemetry
  Scenario: A sustained error spike pages the on-call through the burn-rate alert
    Given payments is taking 300 requests per second with hardly any errors
    And an SLO for payments of 99.9% availability over 30 days
    When 10% of its requests come back with HTTP 503
    And 30 minutes pass
    Then the burn-rate alert for payments pages the on-call

  @telemetry
  Scenario: The errors alert has to hold for five minutes before it fires
    Given the service "payments" serves 100 requests per second with 0% errors
    And an alert "PaymentsErrors" fires if over 5% of payments's requests fail for 5 minutes
    When the service "payments" starts failing 8% of requests
    And 3 minutes pass
    Then "PaymentsErrors" is pending
    When 5 minutes pass
    Then "PaymentsErrors" is firing

  @telemetry
  Scenario: Latency numbers I read off the dashboard
    Given the service "checkout" serves 80 requests per second
    And checkout responds with a median of 40ms and a p99 of 180ms
    When 10 minutes pass
    Then checkout's p99 is 180ms
    And checkout's median is 40ms

  @telemetry
  Scenario Outline: How long a full outage takes to eat the monthly budget
    Given the service "ledger" serves 100 requests per second with 0% errors
    And an SLO "ledger-avail" of <target> over 30 days for the service "ledger"
    When the service "ledger" starts failing 100% of requests
    And <outage> pass
    Then the error budget for "ledger-avail" is fully spent

    Examples:
      | target | outage     |
      | 99.9%  | 50 minutes |
      | 99%    | 8 hours    |

  @cluster
  Scenario: Losing a node during peak keeps enough pods serving
    Given a 3-node cluster running 6 replicas of payments at v1
    When node-2 fails and I reconcile
    Then no pod is on node-2
    And 6 pods are running
    And nothing is Pending

  @story
  Scenario: A bad deploy burns the budget, pages, and the auto-rollback saves us
    Given 3 nodes
    And a deployment "payments" with 4 replicas requesting 500m CPU per pod
    And services are scraped every 15 seconds
    And the service "payments" serves 100 requests per second
    And an SLO "payments-availability" of 99.9% over 30 days for the service "payments"
    And "payments" rolls back when the SLO "payments-availability" pages
    And prod runs version v1 of "payments" on 3 nodes with 4 replicas
    And pods running v2 fail 20% of requests
    When v2 is signed, approved and promoted all the way to prod
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "payments" runs v1

  @story
  Scenario: I roll back by hand when the auto-rollback isn't wired up
    Given prod runs version v3 of "payments" on 3 nodes with 6 replicas
    And the service "payments" serves 200 requests per second
    And an SLO "payments-availability" of 99.9% over 30 days for the service "payments"
    And pods running v4 fail 30% of requests
    When v4 is signed, approved and promoted all the way to prod
    And 15 minutes pass
    Then the burn-rate alert for payments pages the on-call
    When on-call rolls prod back to v3
    Then prod runs v3
    And every pod of "payments" runs v3
