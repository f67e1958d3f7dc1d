Feature: Lab 03 — counters, quantiles, alerts and budgets

  Scenario: rate() of a steady counter is its per-second growth and increase() is over the window
    Given the counter jobs_total{queue="emails"} grows by 10 per second
    When 10 minutes pass
    Then rate(jobs_total{queue="emails"}[5m]) is 10
    And increase(jobs_total{queue="emails"}[5m]) is 3000
    And the query 'sum(rate(jobs_total[5m]))' returns 10

  Scenario: A counter reset at a scrape boundary does not dent the rate
    Given the counter jobs_total{queue="emails"} grows by 10 per second
    When 10 minutes pass
    And the counter jobs_total{queue="emails"} is reset to 0
    And 2 minutes pass
    Then rate(jobs_total{queue="emails"}[5m]) is 10
    And resets(jobs_total{queue="emails"}[10m]) is 1

  Scenario: histogram_quantile interpolates linearly inside the bucket
    Given the histogram http_request_duration_seconds observes per second:
      | le   | count |
      | 0.1  | 50    |
      | 0.25 | 80    |
      | 0.5  | 95    |
      | 1    | 100   |
      | +Inf | 100   |
    When 10 minutes pass
    Then histogram_quantile(0.5, sum by (le) (rate(http_request_duration_seconds_bucket[5m]))) is 0.1
    And histogram_quantile(0.9, sum by (le) (rate(http_request_duration_seconds_bucket[5m]))) is between 0.416 and 0.417
    And histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket[5m]))) is 0.9
    And the query 'histogram_quantile(1.5, sum by (le) (rate(http_request_duration_seconds_bucket[5m])))' returns +Inf
    And sum(rate(http_request_duration_seconds_count[5m])) is 100

  Scenario: The error-ratio alert waits out its for: before firing
    Given the alert rules from "rules/error-ratio.rules.yaml"
    And the counter http_requests_total{code="200"} grows by 180 per second
    And the counter http_requests_total{code="500"} grows by 20 per second
    When 2 minutes pass
    Then the alert HighErrorRate is pending
    And job:errors:ratio5m is 0.1
    When 8 more minutes pass
    Then the alert HighErrorRate is firing
    And ALERTS{alertname="HighErrorRate",alertstate="firing"} is 1

  Scenario: The alert resolves once errors stop and the 5m window has emptied
    Given the alert rules from "rules/error-ratio.rules.yaml"
    And the counter http_requests_total{code="200"} grows by 180 per second
    And the counter http_requests_total{code="500"} grows by 20 per second
    When 10 minutes pass
    Then the alert HighErrorRate fires
    When the counter http_requests_total{code="500"} stops growing
    And 7 minutes pass
    Then the alert HighErrorRate is resolved
    And ALERTS{alertname="HighErrorRate"} returns nothing

  Scenario: The error budget of a 99.9% / 30 day SLO is 43.2 minutes
    Given the service "checkout" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "checkout"
    Then the error budget of availability is 43.2 minutes
    When 10 minutes pass
    Then the error budget remaining for availability is 100%

  Scenario: A 1% error rate burns a 99.9% budget at 10x, which pages on the 6h/30m pair
    Given the service "checkout" serves 100 requests per second with 1% errors
    And an SLO "availability" of 99.9% over 30 days for the service "checkout"
    When 1 hour passes
    Then the burn rate of availability over the last 1h is 10
    And the SLO availability pages

  Scenario: 2% errors page only once the 1h window has burnt past 14.4
    Given the service "checkout" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "checkout"
    When 2 hours pass
    And the service "checkout" starts failing 2% of requests
    And 30 minutes pass
    Then the SLO availability does not page
    When 20 more minutes pass
    Then the SLO availability pages
    And the SLO availability alerts when the burn rate over 1h and 5m exceeds 14.4

  Scenario: A slow burn opens a ticket but does not page
    Given the service "checkout" serves 1000 requests per second with 0.2% errors
    And an SLO "availability" of 99.9% over 30 days for the service "checkout"
    When 7 hours pass
    Then the SLO availability opens a ticket
    And the SLO availability does not page

  @kubeloop-tool
  Scenario: My promtool unit tests pass
    When I run promtool test rules on "rules/error-ratio.test.yaml"
    Then the rule tests pass
    And the exit code is 0
    And the output contains "SUCCESS"

  @kubeloop-tool
  Scenario: Counter-reset arithmetic in a promtool test
    When I run kubeloop test rules on "rules/counter-reset.test.yaml"
    Then the exit code is 0

  @kubeloop-tool
  Scenario: A wrong alert expectation fails the way promtool reports it
    When I run promtool test rules on "rules/wrong-expectation.test.yaml"
    Then the rule tests fail
    And the exit code is 1
    And the output contains "FAILED"
    And the output contains "alertname: HighErrorRate, time: 5m"
