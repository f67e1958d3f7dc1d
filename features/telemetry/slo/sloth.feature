Feature: SLOs from a Sloth spec, with the rules Sloth would generate
  A Sloth prometheus/v1 file names a service and its SLOs: the objective, the error and
  total queries (with {{.window}} for each alerting window) and the page and ticket
  alerts. kubeloop generates the same recording and alerting rules as `sloth generate`
  and evaluates them on the clock.

  Scenario: A Sloth spec pages when its service burns its budget fast
    Given the service "checkout" serves 50 requests per second
    And the SLOs from "slos/checkout.yml"
    When 1 hour passes
    Then the SLO "requests-availability" does not page
    When the service "checkout" starts failing 20% of requests
    And 10 minutes pass
    Then the SLO "requests-availability" pages
    And alert "CheckoutHighErrorRate" is firing
    And the burn rate of "requests-availability" over 5 minutes is 200

  Scenario: A spec written in the scenario, ticket alert only
    Given the service "search" serves 20 requests per second with 0.5% errors
    And the SLOs:
      """
      version: prometheus/v1
      service: search
      slos:
        - name: availability
          objective: 99.9
          sli:
            events:
              error_query: sum(rate(http_requests_total{job="search",code=~"5.."}[{{.window}}]))
              total_query: sum(rate(http_requests_total{job="search"}[{{.window}}]))
          alerting:
            name: SearchErrorBudgetBurn
            page_alert:
              disable: true
      """
    When 3 hours pass
    Then the SLO "availability" opens a ticket
    And the SLO "availability" does not page
    And the error budget of "availability" is 43.2 minutes

  Scenario: An OpenSLO ratio SLO, with both windows of each pair made explicit
    Given the service "checkout" serves 50 requests per second
    And the OpenSLO SLOs from "slos/checkout-openslo.yml"
    When 1 hour passes
    And the service "checkout" starts failing 20% of requests
    And 10 minutes pass
    Then the SLO "checkout-availability" pages
    And the error budget of "checkout-availability" is 40.32 minutes
    And the SLO "checkout-availability" alerts when the burn rate over 1 hour and 5 minutes exceeds 13.44
