Feature: Alerting and SLO behaviour our platform promises to every team
  My team owns the Prometheus setup and the SLO tooling. Teams keep asking "will this page
  me at 3am?" so these scenarios spell out when alerts fire, when they stay quiet, and
  what happens when a deploy goes bad.

  @telemetry
  Scenario: A two-minute blip stays pending and never fires
    Given web is taking 300 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 10% of its requests come back with HTTP 503
    And 2 minutes pass
    And web is back to hardly any errors
    And 10 minutes pass
    Then "WebErrors" never went to firing

  @telemetry
  Scenario: Errors that keep going past the for: window do fire
    Given the service "web" serves 300 requests per second
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 8% of its requests come back with HTTP 503
    And 4 minutes pass
    Then "WebErrors" is pending
    When 2 more minutes pass
    Then "WebErrors" is firing

  @telemetry
  Scenario: Latency quantiles come out of the histogram the way PromQL computes them
    Given the service "checkout" serves 150 requests per second
    And checkout responds with a median of 40ms and a p99 of 180ms
    And services are scraped every 15 seconds
    When 10 minutes pass
    Then checkout's p99 is 180ms
    And checkout's median is 40ms

  @telemetry
  Scenario: A small but steady error rate eats the whole month's budget
    Given the service "search" serves 100 requests per second
    And search has a 99.5% availability SLO "search-avail" over 28 days
    When 1% of search's requests fail
    And 28 days pass
    Then the error budget for "search-avail" is fully spent

  @telemetry
  Scenario Outline: Which error rates wake somebody up
    Given the service "web" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When the service "web" starts failing <error rate>% of requests
    And <duration> pass
    Then the SLO "availability" <verdict>

    Examples:
      | error rate | duration   | verdict        |
      | 100        | 5 minutes  | pages          |
      | 2          | 1 hour     | pages          |
      | 0.05       | 6 hours    | does not page  |

  @telemetry
  Scenario: The rule file a team sends us passes its unit tests before it goes in
    Given a rule file "web-rules.yml":
      """
      groups:
        - name: web
          rules:
            - alert: WebErrors
              expr: sum(rate(http_requests_total{job="web",code=~"5.."}[5m])) / sum(rate(http_requests_total{job="web"}[5m])) > 0.05
              for: 5m
              labels:
                severity: page
      """
    And the service "web" serves 200 requests per second
    When 10% of web's requests come back with HTTP 500
    And 7 minutes pass
    Then "WebErrors" is firing
    And the alert "WebErrors" has label severity=page

  @story
  Scenario: A bad deploy burns budget, the burn-rate alert pages, and the release is reverted
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And services are scraped every 15 seconds
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And "web" rolls back when the SLO "availability" pages
    And D1 is running in prod and D2 passed every gate and is approved for prod
    And pods running D2 fail 20% of requests
    When I roll out D2 to "web" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then the burn-rate alert for web pages the on-call
    And prod runs D1

  @story
  Scenario: Losing a node leaves too few pods for the traffic and the error alert follows
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 2 CPU per pod
    And the service "web" serves 180 requests per second
    And each pod of "web" serves at most 50 requests per second
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When node-1 and node-2 fail
    And I reconcile
    And 10 minutes pass
    Then 2 pods of "web" are pending
    And "WebErrors" is firing
