Feature: Telemetry and SLO alerting, the way I'd check it in Prometheus

  Scenario: rate() of a steady counter, and increase() over five minutes
    Given the counter orders_total{job="checkout"} grows by 10 per second
    When 10 minutes pass
    Then rate(orders_total{job="checkout"}[5m]) is 10
    And increase(orders_total{job="checkout"}[5m]) is 3000
    And the increase of orders_total over the last 5 minutes is 3000
    And the per-second rate of orders_total over 5 minutes should be 10

  Scenario: A counter reset does not show up as a negative rate
    Given the counter jobs_total{queue="emails"} increases by 600 every minute
    When 10 minutes pass
    And jobs_total{queue="emails"} resets
    And 2 minutes pass
    Then rate(jobs_total{queue="emails"}[5m]) is 10
    And resets(jobs_total{queue="emails"}[5m]) is 1

  Scenario: Latency quantiles of a synthetic service from its histogram
    Given the service "web" serves 100 requests per second
    When 10 minutes pass
    Then histogram_quantile(0.5, sum by (le) (rate(http_request_duration_seconds_bucket{job="web"}[5m]))) is 0.05
    And histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{job="web"}[5m]))) is 0.25
    And histogram_quantile(0.95, sum by (le) (rate(http_request_duration_seconds_bucket{job="web"}[5m]))) is 0.1833
    And the p99.9 latency of web is 0.95 seconds

  Scenario: A quantile in the +Inf bucket is the highest finite bound
    Given the histogram rpc_duration_seconds{job="rpc"} observes per second:
      | le   | count |
      | 0.1  | 80    |
      | 0.5  | 95    |
      | 1    | 99    |
      | +Inf | 100   |
    When 10 minutes pass
    Then histogram_quantile(0.9, rate(rpc_duration_seconds_bucket[5m])) is 0.3667
    And histogram_quantile(0.995, rate(rpc_duration_seconds_bucket[5m])) is 1

  Scenario: Error ratio alert waits out its for: and then resolves
    Given the alerting rules from "rules/checkout.rules.yml"
    And the counter http_requests_total{job="checkout",code="200"} grows by 95 per second
    And the counter http_requests_total{job="checkout",code="500"} grows by 5 per second
    When 5 minutes pass
    Then job:http_errors:ratio_rate5m is 0.05
    And the alert CheckoutErrorRatioHigh is pending
    When 2 more minutes pass
    Then ALERTS{alertname="CheckoutErrorRatioHigh",alertstate="firing"} is 1
    And alert CheckoutErrorRatioHigh became firing at 6 minutes
    When the counter http_requests_total{job="checkout",code="500"} stops growing
    And 10 minutes pass
    Then the alert CheckoutErrorRatioHigh is resolved
    And alert CheckoutErrorRatioHigh went through "inactive, pending, firing, inactive"

  Scenario: A three-minute blip never fires a five-minute alert
    Given an alert "QueueBacklog" when "queue_depth > 100" for 5 minutes
    And the gauge queue_depth is 10
    When 2 minutes pass
    Given the gauge queue_depth rises to 150
    When 3 minutes pass
    Then alert QueueBacklog is pending
    Given the gauge queue_depth drops to 10
    When 5 minutes pass
    Then alert QueueBacklog never fired
    And the alert QueueBacklog should not be firing

  Scenario: A scrape target that goes down: up is 0 and its series go stale
    Given the service "web" serves 20 requests per second
    And an alert "InstanceDown" when "up == 0" for 1 minute
    When 5 minutes pass
    And the service "web" goes down
    And 3 minutes pass
    Then up{job="web"} is 0
    And http_requests_total{job="web",code="200"} returns nothing
    And the alert InstanceDown fires

  Scenario: The error budget of a 30-day SLO
    Given the service "checkout" serves 100 requests per second
    And an SLO "checkout-availability" of 99.9% over 30 days for the service "checkout"
    And an SLO "checkout-28d" of 99.9% over 28 days for the service "checkout"
    Then the error budget of "checkout-availability" is 43.2 minutes
    And the error budget of "checkout-28d" is 40.32 minutes
    When 1 day passes
    And the service "checkout" starts failing 100% of requests
    And 4 minutes pass
    And the service "checkout" starts failing 0% of requests
    And 29 days pass
    Then the SLO "checkout-availability" has spent between 8% and 11% of its error budget
    And the error budget remaining for "checkout-availability" is at least 89%
    And the SLO checkout-availability has burned more than 5% of its error budget

  Scenario: A 2% error ratio pages on the 1h/5m pair after about 43 minutes
    Given the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    Then the SLO "availability" alerts when the burn rate over 1 hour and 5 minutes exceeds 14.4
    And the SLO "availability" alerts when the burn rate over 6 hours and 30 minutes exceeds 6
    When 6 hours pass
    And the service "web" starts failing 2% of requests
    And 40 minutes pass
    Then the SLO "availability" does not page
    And the 5m burn rate of the SLO "availability" is 20
    When 10 minutes pass
    Then the SLO "availability" pages
    And the SLO "availability" burns over 1 hour and 5 minutes above its threshold
    And the SLO "availability" burns over 6 hours and 30 minutes below its threshold

  Scenario: A 1% error ratio never trips the fast pair but pages on the slow 6h/30m pair
    Given the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When 6 hours pass
    And the service "web" starts failing 1% of requests
    And 3 hours pass
    Then the SLO "availability" is not paging
    And the 1h burn rate of the SLO "availability" is 10
    When 1 hour passes
    Then the SLO "availability" is paging
    And the SLO "availability" burns over 6 hours and 30 minutes above its threshold
    And the SLO "availability" opens a ticket

  Scenario: promtool-style unit tests, one of them failing on purpose
    When I run kubeloop test rules on "rules/node_test.yml"
    Then the exit code is 1
    And the output contains "FAILED"
    And the output contains "instance down fires after 5 minutes"
