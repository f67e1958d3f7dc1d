Feature: Counters, rate(), histograms and alert rules
  Synthetic traffic is scraped on the logical clock, PromQL is evaluated over it,
  and alert rules go pending and then firing according to their for: duration.

  Background:
    Given the service "web" serves 50 requests per second with 0% errors

  Scenario: rate() of the request counter matches the traffic
    When 10 minutes pass
    Then the query 'sum(rate(http_requests_total{service="web"}[5m]))' returns 50

  Scenario: increase() over a window counts the requests in it
    When 10 minutes pass
    Then the query 'sum(increase(http_requests_total{service="web"}[1m]))' returns 3000

  Scenario: The error ratio follows the failure rate
    When the service "web" starts failing 10% of requests
    And 10 minutes pass
    Then the query 'sum(rate(http_requests_total{service="web",code=~"5.."}[5m])) / sum(rate(http_requests_total{service="web"}[5m]))' returns 0.1

  Scenario: p99 latency comes from the histogram buckets
    Given requests to "web" take 80ms at the median and 400ms at the 99th percentile
    When 10 minutes pass
    Then the query 'histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{service="web"}[5m])))' is between 0.25 and 0.5

  Scenario: An alert is pending before it fires
    Given the alert rule:
      """
      groups:
        - name: web
          rules:
            - alert: HighErrorRate
              expr: sum(rate(http_requests_total{service="web",code=~"5.."}[5m])) / sum(rate(http_requests_total{service="web"}[5m])) > 0.05
              for: 5m
              labels:
                severity: page
      """
    When the service "web" starts failing 20% of requests
    And 2 minutes pass
    Then the alert "HighErrorRate" is pending
    When 5 minutes pass
    Then the alert "HighErrorRate" is firing

  Scenario: A short error spike never fires an alert with for: 10m
    Given the rules from "rules/web-alerts.yaml"
    When the service "web" starts failing 50% of requests
    And 3 minutes pass
    And the service "web" starts failing 0% of requests
    And 20 minutes pass
    Then the alert "WebErrorsSustained" never fired
