Feature: Watching the web service and its error budget
  I'm on call. I want to know the numbers add up before I trust the pages.

  Scenario: Request rate and error ratio from a steady stream of traffic
    Given web is getting 100 requests per second
    And 2% of those requests fail with a 500
    When 10 minutes go by
    Then the query 'sum(rate(http_requests_total{job="web"}[5m]))' returns 100
    And the error rate of web is 2%
    And the query 'sum(rate(http_requests_total{job="web",code="500"}[5m])) / sum(rate(http_requests_total{job="web"}[5m]))' is between 0.019 and 0.021
    And http_requests_total for web has gone up by about 60000
    When traffic doubles to 200 requests per second
    And another 10 minutes pass
    Then the request rate of web is 200 per second

  Scenario: Latency percentiles look right
    Given web serves 50 requests a second
    And 90% of them finish in under 100ms and the slowest 1% take around 2 seconds
    When 5 minutes pass
    Then the p50 latency of web is below 100 ms
    And the p99 latency of web is above 1 second
    And the query 'histogram_quantile(0.9, sum(rate(http_request_duration_seconds_bucket{job="web"}[5m])) by (le))' is below 0.1
    And the p99.9 latency of web is no more than 2.5 seconds
    And the 5xx error rate of web is 0%
    And the median latency of web has stayed under 100 milliseconds the whole time

  Scenario: An alert waits out its for: before it fires, then resolves
    Given an alert rule HighErrorRate on 'sum(rate(http_requests_total{job="web",code=~"5.."}[5m])) / sum(rate(http_requests_total{job="web"}[5m])) > 0.05' for 10m
    And web is serving 200 rps with no errors
    When 5 minutes pass
    Then HighErrorRate has never fired
    When web starts failing 20% of its requests
    And 3 more minutes pass
    Then HighErrorRate is pending
    When another 10 minutes go by
    Then HighErrorRate is firing
    When the errors stop
    And 15 minutes pass
    Then HighErrorRate is resolved

  Scenario: A short blip doesn't page anyone
    Given the alert HighLatency fires when the p99 latency of web stays above 500ms for 5 minutes
    And web is handling 100 requests per second at around 80ms
    When for 2 minutes requests to web take 1 second
    And then latency goes back to normal for 10 minutes
    Then HighLatency never fired
    And HighLatency was never even pending longer than 2 minutes
    And nobody was paged

  Scenario: Budget burns fast on a big outage and it pages
    Given an SLO "checkout" of 99.9% availability over 30 days
    And the SLO has burn-rate alerts: 14.4x over 1h and 5m pages, 1x over 3d and 6h opens a ticket
    And checkout gets 100 requests a second
    When half of all checkout requests fail for 10 minutes
    Then the 1h burn rate of checkout is above 14.4
    And the fast burn alert is firing
    And someone gets paged for checkout
    And checkout has spent more than 10% of its error budget
    When checkout recovers and 2 hours pass
    Then the fast burn alert is no longer firing

  Scenario: A slow leak opens a ticket instead of a page
    Given the SLO "checkout" targets 99.5% success over 30 days
    And it pages on a fast burn and opens a ticket on a slow burn
    And checkout is serving 50 rps
    When 1% of checkout requests fail for the next 2 days
    Then the slow burn alert on checkout is firing
    And a ticket was opened for checkout
    But nobody got paged
    And the error budget remaining for checkout is below 100%
    And checkout has at least 50% of its budget left
