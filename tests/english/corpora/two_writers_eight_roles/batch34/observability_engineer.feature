Feature: Alerts and SLOs that page for the right reasons
  I own our Prometheus rules and the SLO definitions for every service.
  These scenarios are how I convince myself an alert fires when it should,
  stays quiet when it should, and that the burn-rate math holds up.

  @telemetry
  Scenario: A short blip does not make the error alert fire
    Given web is taking 300 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 10% of its requests come back with HTTP 503
    And 3 minutes pass
    And web goes back to failing 0% of requests
    And 10 minutes pass
    Then "WebErrors" never went to firing

  @telemetry
  Scenario: A sustained error rate goes pending first and then fires
    Given web is taking 300 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 8% of its requests come back with HTTP 503
    And 2 minutes pass
    Then "WebErrors" is pending
    When 5 minutes pass
    Then "WebErrors" is firing

  @telemetry
  Scenario: Latency percentiles come out of the histogram the way I expect
    Given the service "checkout" serves 150 requests per second
    And checkout responds with a median of 40ms and a p99 of 180ms
    When 10 minutes pass
    Then checkout's p99 is 180ms
    And checkout's median is 40ms

  @telemetry
  Scenario: A ten-minute full outage burns budget fast enough to page
    Given services are scraped every 15 seconds
    And the service "search" serves 100 requests per second with 0% errors
    And search has a 99.5% availability SLO "search-avail" over 28 days
    When the service "search" starts failing 100% of requests
    And 10 minutes pass
    Then the burn-rate alert for search pages the on-call

  @telemetry
  Scenario Outline: Low-level error rates burn budget without paging
    Given the service "api" serves 500 requests per second with 0% errors
    And an SLO "api-avail" of 99.9% over 30 days for the service "api"
    When the service "api" starts failing <error rate> of requests
    And <duration> pass
    Then the SLO "api-avail" does not page

    Examples:
      | error rate | duration   |
      | 0.05%      | 6 hours    |
      | 0.08%      | 2 days     |

  @telemetry
  Scenario: A whole month of steady failure uses the budget up
    Given the service "web" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When the service "web" starts failing 1% of requests
    And 30 days pass
    Then the error budget for "availability" is fully spent

  @story
  Scenario: A bad node shows up in the error rate and the page clears after healing
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And the service "web" serves 100 requests per second
    And each pod of "web" serves at most 50 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When node-1 and node-2 fail
    And 5 minutes pass
    And I reconcile
    Then 4 pods are running
    And no pod is on node-1
    When 30 minutes pass
    Then the SLO "availability" does not page

  @story
  Scenario: The page I get after a bad deploy is the one that triggers the rollback
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And services are scraped every 15 seconds
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And web rolls back on its own when "availability" pages
    And prod runs version v1 of "web" on 3 nodes with 4 replicas
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 20% of requests
    When 15 minutes pass
    Then the burn-rate alert for web pages the on-call
    And an alert rolled prod back 1 time
