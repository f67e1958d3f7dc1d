Feature: Traffic, errors and latency in an SRE's own words
  Changes said as moves that last a while and end, "back to normal", a latency mix said
  with "most" and "1 in 100", and checks now, the whole time and at some point.

  Scenario: A blip, then everything goes back to normal
    Given web gets steady traffic of 100 requests per second
    When 20% of requests fail for 3 minutes
    And then everything goes back to normal for 15 minutes
    Then the error rate for web is back to 0
    And the error rate of web never went above 25%
    And the error rate of web rose above 10%
    And the availability of web is 100%
    And the request counter for web keeps going up
    And web is serving 100 requests per second

  Scenario: Traffic moves from one rate to another
    Given web gets steady traffic of 50 requests per second
    When traffic to web goes from 50 to 500 requests a second
    And 10 minutes pass
    Then the request rate of web is 500 per second
    When the failures jump to 2% of requests
    And 5 minutes pass
    Then the error percentage of web climbs above 1%
    And web's success rate is 98%

  Scenario: Most requests are fast, one in a hundred is slow
    Given the api service handles 50 requests a second
    And most requests finish in 40ms but 1 in 100 take 800ms
    When 15 minutes pass
    Then p50 latency for api is under 100 ms
    And the p99.5 latency of api is between 500ms and 1s
    And histogram_quantile(0.5, sum by (le) (rate(http_request_duration_seconds_bucket{job="api"}[5m]))) is under 100ms
    When 3% of requests to "api" take 2 seconds
    And 10 minutes pass
    Then the p99 latency of api is between 1s and 2.5s

  Scenario: Latency given as a table of shares
    Given the service "payments" serves 200 requests per second
    And requests to "payments" take:
      | share | duration |
      | 90%   | 80ms     |
      | 9%    | 250ms    |
      | 1%    | 1.2s     |
    When 10 minutes pass
    Then the p95 latency of payments is below 300ms
    And the p99 latency of "payments" is between 250ms and 1.2s
