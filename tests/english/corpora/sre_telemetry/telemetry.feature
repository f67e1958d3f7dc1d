Feature: Telemetry, alerting and SLOs for the web tier
  The alerts we trust at 3am, and the ones we do not want waking anyone up.

  Scenario: rate() over a steadily growing counter
    Given the counter jobs_processed_total{queue="emails"} grows by 600 every minute
    When 10 minutes pass
    Then rate(jobs_processed_total{queue="emails"}[5m]) is 10
    And increase(jobs_processed_total{queue="emails"}[5m]) is 3000

  Scenario Outline: Latency quantiles from a classic histogram
    Given the histogram http_request_duration_seconds{job="web"} observes per second:
      | le   | count |
      | 0.1  | 5     |
      | 0.5  | 9     |
      | 1    | 10    |
      | +Inf | 10    |
    When 10 minutes pass
    Then histogram_quantile(<q>, sum by (le) (rate(http_request_duration_seconds_bucket{job="web"}[5m]))) is <seconds>

    Examples:
      | q    | seconds |
      | 0.5  | 0.1     |
      | 0.9  | 0.5     |
      | 0.95 | 0.75    |

  Scenario: A short error spike stays pending and never fires
    Given the alert rules from "fixtures/web-alerts.rules.yaml"
    And the counter http_requests_total{job="web",code="200"} grows by 180 per second
    And the counter http_requests_total{job="web",code="500"} grows by 20 per second
    When 1 minute passes
    Then the alert WebHighErrorRate is pending
    When the counter http_requests_total{job="web",code="500"} stops growing
    And 10 minutes pass
    Then the alert WebHighErrorRate is not firing
    And the alert WebHighErrorRate never fired

  Scenario: Sustained errors fire the alert once for: has elapsed
    Given the alert rules from "fixtures/web-alerts.rules.yaml"
    And the counter http_requests_total{job="web",code="200"} grows by 180 per second
    And the counter http_requests_total{job="web",code="500"} grows by 20 per second
    When 4 minutes pass
    Then the alert WebHighErrorRate is pending
    When 5 minutes pass
    Then the alert WebHighErrorRate is firing
    And ALERTS{alertname="WebHighErrorRate",alertstate="firing"} is 1

  Scenario: A bad canary burning budget fast pages on-call
    Given the service "web" serves 200 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When 1 hour passes
    Then the SLO "availability" does not page
    When the service "web" starts failing 5% of requests
    And 30 minutes pass
    Then the SLO "availability" pages
    And the 5m burn rate of "availability" is 50

  Scenario: A slow leak opens a ticket but does not page
    Given the service "web" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When the service "web" starts failing 0.5% of requests
    And 3 hours pass
    Then the SLO "availability" does not page
    But the SLO "availability" raises a ticket

  Scenario: A clean month leaves the whole error budget
    Given the service "api" serves 50 requests per second with 0% errors
    And an SLO "api-availability" of 99.5% over 30 days for the service "api"
    When 2 days pass
    Then the error budget of "api-availability" is 100% remaining
    And the SLO "api-availability" does not page
