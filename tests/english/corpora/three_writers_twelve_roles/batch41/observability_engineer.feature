Feature: Alerts that page for real problems and stay quiet otherwise
  I own the alerting rules and SLOs for the customer-facing services.
  Every rule I ship should have a scenario proving when it fires
  and, just as important, when it keeps its mouth shut.

  @telemetry
  Scenario: A short blip of errors does not wake anyone up
    Given the service "search" handles 250 requests per second with no errors
    And an alert "SearchErrors" fires when more than 5% of search requests fail for 5 minutes
    When search starts failing 30% of requests
    And 2 minutes pass
    And search starts failing 0% of requests
    And 20 minutes pass
    Then "SearchErrors" never went to firing

  @telemetry
  Scenario: A sustained error rate goes pending first and then fires
    Given the service "search" handles 250 requests per second with no errors
    And an alert "SearchErrors" fires when more than 5% of search requests fail for 5 minutes
    When 8% of search requests start returning HTTP 503
    And 3 minutes pass
    Then "SearchErrors" is pending
    When 3 more minutes pass
    Then "SearchErrors" is firing

  @telemetry
  Scenario: Latency percentiles come out of the histogram the way Grafana shows them
    Given the service "checkout" serves 120 requests per second
    And checkout answers with a median of 45ms and a p99 of 220ms
    When 10 minutes pass
    Then checkout's p99 is 220ms
    And checkout's median latency is 45ms
    And the query "histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{service=\"checkout\"}[5m])))" returns about 0.22

  @telemetry
  Scenario: The fast-burn alert pages when the budget is going up in flames
    Given the service "web" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When web starts failing 20% of its requests
    And 10 minutes pass
    Then the burn-rate alert for web pages the on-call
    And the SLO "availability" is burning faster than 14.4 times the allowed rate

  @telemetry
  Scenario: A slow drip of errors eventually eats the whole month's budget
    Given the service "web" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When web starts failing 0.5% of its requests
    And 10 days pass
    Then the error budget for "availability" is fully spent
    But the SLO "availability" did not page in the first hour

  @telemetry
  Scenario: My rule file passes its unit tests without a Prometheus anywhere
    Given a rule file "search-alerts.yml" containing:
      """
      groups:
        - name: search
          rules:
            - alert: SearchErrorsHigh
              expr: sum(rate(http_requests_total{service="search",code=~"5.."}[5m])) / sum(rate(http_requests_total{service="search"}[5m])) > 0.05
              for: 5m
              labels:
                severity: page
      """
    And the service "search" serves 100 requests per second
    When 10% of search requests fail
    And 12 minutes pass
    Then "SearchErrorsHigh" is firing
    And its labels include severity=page

  @story
  Scenario: A bad deploy shows up on my dashboards, pages, and the rollback brings the graphs back down
    Given prod runs v1 of "web" with 6 replicas spread over 3 nodes
    And services are scraped every 15 seconds
    And web is handling roughly 300 requests a second with almost no errors
    And web has an availability SLO "availability" of 99.9% over 30 days
    And web rolls back automatically when "availability" pages
    And v2 got signed, approved and promoted through to prod
    And pods running v2 fail 20% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then the burn-rate alert for web paged the on-call
    And prod runs v1
    And 30 minutes later the error ratio for web is below 0.1%

  @story
  Scenario Outline: How long a bad canary can run before the SLO pages, per error rate
    Given prod runs v1 of "api" with 4 replicas spread over 3 nodes
    And the service "api" serves 200 requests per second with 0% errors
    And an SLO "api-avail" of 99.9% over 30 days for the service "api"
    And v2 got signed, approved and promoted through to prod
    And pods running v2 fail <error_rate> of requests
    When I roll out v2 to "api" with maxSurge 1 and maxUnavailable 0
    And <wait> pass
    Then the SLO "api-avail" <outcome>

    Examples:
      | error_rate | wait       | outcome       |
      | 50%        | 5 minutes  | pages         |
      | 20%        | 15 minutes | pages         |
      | 0.05%      | 2 hours    | does not page |
