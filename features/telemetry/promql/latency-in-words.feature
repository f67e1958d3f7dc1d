Feature: Latency percentiles in words
  "the p99 latency of web" is histogram_quantile over the service's request histogram,
  over the last 5 minutes unless the sentence gives a window.

  Background:
    Given the service "web" serves 100 requests per second
    When 10 minutes pass

  Scenario: The service's percentiles, in seconds and in milliseconds
    Then the p99 latency of web is 0.25 seconds
    And the p99.9 latency of "web" is 0.95 s
    And the median latency of web is 50 ms
    And the 90th percentile latency of web over the last 10 minutes is 0.1
    And the p99 latency of web is below 0.5 seconds
    And the p99.9 latency of web is under 1000 ms

  Scenario: The step says the same as the query it stands for
    Then histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{job="web"}[5m]))) is 0.25
    And the p99 latency of web is 0.25

  Scenario: A query too long for the line is the doc string under it
    Then the PromQL query gives 100:
      """
      sum(rate(http_requests_total{job="web"}[5m]))
      """
    And the expression below is under 0.3:
      """
      histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{job="web"}[5m])))
      """
    And this query is between 0.2 and 0.3
      """
      histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{job="web"}[5m])))
      """
