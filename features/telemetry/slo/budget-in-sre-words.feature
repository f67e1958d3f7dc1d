Feature: Error budgets and pages in an SRE's own words
  "Its budget", "basically untouched" (at most 1% spent), met or breached, an SLO that
  paged or never did, and the windows a page came from.

  Background:
    Given the service "payments" serves 200 requests per second
    And an SLO "payments-availability" of 99.9% over 30 days for the service "payments"

  Scenario: A quiet hour leaves the budget untouched
    When 1 hour passes
    Then the SLO "payments-availability" is untouched
    And the error budget for payments is basically untouched
    And the SLO is met
    And the SLO's objective is still 99.9%
    And the SLO "payments-availability" never paged
    And no page was ever sent for availability

  Scenario: Fast burn pages from the 1h and 5m windows
    When the service "payments" starts failing 2% of requests
    And 1 hour passes
    Then the SLO "payments-availability" pages
    And the page came from the 1h and 5m windows at a burn rate above 14.4
    And the burn rate over the last hour is about 20
    And the SLO "payments-availability" has paged
    And payments has breached its SLO
    And more than 100% of the budget has been consumed

  Scenario: A latency objective is judged separately from availability
    Given an SLO "payments-latency" that 99% of requests finish within 1s over 7 days for the service "payments"
    When 3% of requests to "payments" take 2 seconds for 2 hours
    Then the SLO "payments-latency" has burned more than 10% of its budget
    And the SLO "payments-availability" is untouched
    And no page was ever sent for availability

  Scenario: A burst that starts coming back with 500s pages; once even the 30m window is clean, nobody is paged
    When 20% of payments' requests start coming back with 500s
    And 10 minutes pass
    Then the burn-rate alert for payments pages the on-call
    When payments gets back to zero errors
    And 35 minutes pass
    Then the burn-rate alert for payments isn't paging anyone
