Feature: What my on-call rotation relies on
  As the SRE lead I care that pages mean something, that maintenance
  doesn't take us below what we promised, and that a bad release gets
  undone before it eats the whole error budget.

  @cluster
  Scenario: Draining a node for patching respects the disruption budget
    Given 4 nodes and a deployment "api" with 6 replicas
    And a disruption budget for "api" that allows 1 unavailable pod
    When I cordon node-1
    And I drain node-1
    Then nothing is scheduled on node-1
    And no more than 1 api pod was unavailable during the drain
    And 6 pods of "api" are running

  @cluster
  Scenario: Losing a whole zone still leaves the service up
    Given 4 nodes
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "api" with 4 replicas spread across zones
    When node-1 and node-2 fail and I reconcile
    Then no pod is on node-1
    And no pod is on node-2
    And 4 pods of "api" are running

  @cluster
  Scenario: The autoscaler adds pods under a traffic spike and stays in bounds
    Given 3 nodes and a deployment "api" with 2 replicas
    And "api" autoscales between 2 and 8 replicas targeting 60% cpu
    When cpu utilization of "api" reaches 120%
    And I reconcile
    Then "api" has 4 replicas
    And "api" never had more than 8 replicas

  @telemetry
  Scenario: The error alert goes pending before it fires
    Given the service "payments" serves 300 requests per second with 0% errors
    And an alert "PaymentsErrors" fires if over 5% of payments' requests fail for 5 minutes
    When 8% of its requests come back with HTTP 503
    And 2 minutes pass
    Then "PaymentsErrors" is pending
    When 4 minutes pass
    Then "PaymentsErrors" is firing

  @telemetry
  Scenario: A slow bleed burns the budget without a page storm
    Given the service "search" serves 50 requests per second
    And search has a 99.5% availability SLO "search-avail" over 28 days
    When the service "search" starts failing 1% of requests
    And 3 days pass
    Then the SLO "search-avail" raises a ticket
    But the SLO "search-avail" does not page
    And the error budget for "search-avail" is not fully spent

  @telemetry
  Scenario: Latency stays under what we promised checkout
    Given the service "checkout" serves 150 requests per second
    And checkout responds with a median of 40ms and a p99 of 180ms
    When 30 minutes pass
    Then checkout's p99 is 180ms
    And checkout's median is 40ms

  @story
  Scenario: A bad rollout burns the budget, pages, and rolls itself back
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And services are scraped every 15 seconds
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And "web" rolls back when the SLO "availability" pages
    And v1 and v2 are signed, approved and promoted all the way to prod
    And pods running v2 fail 20% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "web" runs v1

  @story
  Scenario: On-call pulls a release by hand after a node loss during rollout
    Given prod runs version v1 of "web" on 3 nodes with 6 replicas
    And the service "web" serves 200 requests per second
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    And pods running v2 fail 10% of requests
    When v2 is signed, approved and promoted all the way to prod
    And node-3 fails and I reconcile
    And 10 minutes pass
    Then "WebErrors" is firing
    When on-call rolls prod back to v1
    Then prod runs v1
    And at least 4 web pods were ready the whole time
