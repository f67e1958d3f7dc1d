@task-4 @points=1
Feature: A service with synthetic traffic needs no hand-written series
  A service serves requests at a steady rate, fails a share of them, and exposes
  http_requests_total{job, code} counters, a latency histogram and up{job}, scraped
  every minute (Prometheus' default scrape interval) on the scenario's clock.

  Scenario: 100 requests a second, 2% of them failing
    Given the service "web" serves 100 requests per second with 2% errors
    When 10 minutes pass
    Then the service "web" has served 60000 requests and 1200 errors
    When I evaluate "sum by (code) (rate(http_requests_total{job='web'}[5m]))"
    Then the result is:
      | series        | value |
      | {code="200"}  | 98    |
      | {code="500"}  | 2     |

  Scenario: The error ratio changes when the service starts failing
    Given the service "web" serves 100 requests per second with 2% errors
    When 30 minutes pass
    And the service "web" starts failing 10% of requests
    And 10 minutes pass
    And I evaluate "sum(rate(http_requests_total{code=~'5..'}[5m])) / sum(rate(http_requests_total[5m]))"
    Then the result is 0.1

  Scenario: The latency histogram gives the service's percentiles
    # Half the requests take 50 ms, 40% 100 ms, 9% 250 ms and 1% one second: p99 lands on
    # the 0.25 bound, p99.9 is interpolated inside the (0.5, 1] bucket.
    Given the service "web" serves 100 requests per second
    When 10 minutes pass
    And I evaluate "histogram_quantile(0.5, sum by (le) (rate(http_request_duration_seconds_bucket{job='web'}[5m])))"
    Then the result is 0.05
    When I evaluate "histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{job='web'}[5m])))"
    Then the result is 0.25
    When I evaluate "histogram_quantile(0.999, sum by (le) (rate(http_request_duration_seconds_bucket{job='web'}[5m])))"
    Then the result is 0.95

  Scenario: Scraped every 15 seconds, a 1-minute window has four samples
    Given the service "web" serves 10 requests per second
    And services are scraped every 15 seconds
    When 5 minutes pass
    And I evaluate "count_over_time(http_requests_total{code='200'}[1m])"
    Then the result is 4

  Scenario: A service that goes down is seen by up, and an alert on it fires
    Given the service "db" serves 10 requests per second
    And an alert "InstanceDown" when "up == 0" for 2 minutes
    When 5 minutes pass
    And the service "db" goes down
    And 1 minute passes
    Then alert "InstanceDown" is pending
    When 2 minutes pass
    Then alert "InstanceDown" is firing
    When I evaluate "http_requests_total{job='db'}"
    Then the result is empty
    When the service "db" recovers
    And 1 minute passes
    Then alert "InstanceDown" is inactive
    And alert "InstanceDown" went through "inactive, pending, firing, inactive"

  Scenario: An error counter that does not exist yet makes the ratio empty, not zero
    Given the series:
      | series                                      | values   |
      | http_requests_total{job="new", code="200"}  | 0+600x10 |
    When I evaluate "sum(rate(http_requests_total{code='500'}[5m])) / sum(rate(http_requests_total[5m]))" at 10 minutes
    Then the result is empty
