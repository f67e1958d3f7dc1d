Feature: Alerts in an SRE's own words
  An alert rule written out under its name, named quoted or bare, counted, stopped, and
  the alerts about one service.

  Background:
    Given services are scraped every 15 seconds
    And the service "payments" serves 200 requests per second with 0.1% errors

  Scenario: A short blip doesn't survive the for: clause
    Given the alert rule "PaymentsHighErrors":
      """
      expr: sum(rate(http_requests_total{job="payments",code=~"5.."}[5m])) / sum(rate(http_requests_total{job="payments"}[5m])) > 0.05
      for: 10m
      """
    When "payments" starts returning HTTP 500 for 30% of requests
    And 3 minutes pass
    Then the alert "PaymentsHighErrors" is pending
    And there are no firing alerts
    When "payments" goes back to 0.1% errors
    And 15 minutes pass
    Then the alert "PaymentsHighErrors" never fired
    And no alert fired for payments

  Scenario: A sustained error spike fires once, then resolves
    Given the alert rule "PaymentsHighErrors" with expr "sum(rate(http_requests_total{job=\"payments\",code=~\"5..\"}[5m])) / sum(rate(http_requests_total{job=\"payments\"}[5m])) > 0.05" and for: 5m
    When the service "payments" starts failing 12% of requests
    And 2 minutes pass
    Then "PaymentsHighErrors" should be pending
    When 6 more minutes pass
    Then "PaymentsHighErrors" should be firing
    And someone is paged for payments
    When the error rate of "payments" drops back to 0%
    And 10 minutes pass
    Then "PaymentsHighErrors" is resolved
    And it fired exactly once
    And it has stopped firing
    And nobody is being paged for payments anymore
    And the error rate of payments rose above 10%
    And the error rate for payments is back to 0
