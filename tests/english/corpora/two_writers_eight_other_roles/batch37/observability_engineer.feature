Feature: Alerts and SLOs that page for the right reasons
  As the person who owns our alert rules and SLO definitions
  I want to prove that alerts fire on real trouble and stay quiet on noise
  So that on-call trusts a page when it comes

  @telemetry
  Scenario: The error alert goes pending first, then fires once the for: window is up
    Given web is taking 300 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 8% of its requests come back with HTTP 503
    And 3 minutes pass
    Then "WebErrors" is pending
    When 3 more minutes pass
    Then "WebErrors" is firing

  @telemetry
  Scenario Outline: Error rates under the threshold never leave inactive
    Given the service "web" serves 400 requests per second with 0% errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When the service "web" starts failing <error rate> of requests
    And 1 hour passes
    Then "WebErrors" never went to firing

    Examples:
      | error rate |
      | 1%         |
      | 3%         |
      | 4.5%       |

  @telemetry
  Scenario: A short outage that is already over does not page the on-call
    Given the service "web" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When the service "web" starts failing 100% of requests
    And 8 minutes pass
    And the service "web" starts failing 0% of requests
    And 45 minutes pass
    Then the SLO "availability" does not page

  @telemetry
  Scenario: A sustained hard failure burns fast enough to page
    Given services are scraped every 15 seconds
    And the service "checkout" serves 250 requests per second with 0% errors
    And an SLO "checkout-avail" of 99.9% over 30 days for the service "checkout"
    When the service "checkout" starts failing 20% of requests
    And 15 minutes pass
    Then the burn-rate alert for checkout pages the on-call

  @telemetry
  Scenario: A month of slow leakage eats the whole error budget
    Given the service "search" serves 50 requests per second with 0% errors
    And search has a 99.5% availability SLO "search-avail" over 28 days
    When the service "search" starts failing 1% of requests
    And 28 days pass
    Then the error budget for "search-avail" is fully spent

  @telemetry
  Scenario: Latency percentiles read back the way the dashboard shows them
    Given the service "checkout" serves 120 requests per second with hardly any errors
    And checkout responds with a median of 45ms and a p99 of 180ms
    When 10 minutes pass
    Then checkout's p99 is 180ms
    And checkout's median is 45ms

  @story
  Scenario: A bad rollout burns the budget, pages, and the automatic rollback stops the burn
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And services are scraped every 15 seconds
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And web rolls back on its own when "availability" pages
    And prod runs D1 and v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 20% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "web" runs D1

  @story
  Scenario: Losing a node overloads the survivors and the errors show up on the alert
    Given 3 nodes
    And a deployment "web" with 3 replicas requesting 1 CPU per pod
    And the service "web" serves 150 requests per second
    And each pod of "web" serves at most 50 requests per second
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When node-1 and node-2 fail
    And 10 minutes pass
    Then "WebErrors" is firing
    And nothing is scheduled on node-1
