Feature: Error budgets and multi-window burn-rate alerts
  An availability SLO turns errors into budget spent. Fast burns page quickly,
  slow burns open a ticket, and incidents that already ended do not page.

  Background:
    Given the service "checkout" serves 200 requests per second with 0% errors
    And an SLO "checkout-availability" of 99.9% over 30 days for the service "checkout"

  Scenario: A total outage pages within minutes
    When the service "checkout" starts failing 100% of requests
    And 5 minutes pass
    Then the SLO "checkout-availability" pages

  Scenario: A healthy service keeps its whole error budget
    When 1 hour passes
    Then the SLO "checkout-availability" does not page
    And the error budget remaining for "checkout-availability" is 100%

  Scenario Outline: Burn rate for a given error ratio
    When the service "checkout" starts failing <errors>% of requests
    And 1 hour passes
    Then the 1h burn rate of the SLO "checkout-availability" is <burn rate>

    Examples:
      | errors | burn rate |
      | 0.1    | 1         |
      | 1.44   | 14.4      |
      | 0.6    | 6         |

  Scenario: A slow burn raises a ticket but does not page
    When the service "checkout" starts failing 0.3% of requests
    And 1 day passes
    Then the SLO "checkout-availability" does not page
    And the SLO "checkout-availability" opens a ticket

  Scenario: A fixed outage stops paging once the short window recovers
    When the service "checkout" starts failing 100% of requests
    And 10 minutes pass
    Then the SLO "checkout-availability" pages
    When the service "checkout" starts failing 0% of requests
    And 15 minutes pass
    Then the SLO "checkout-availability" does not page
    And the error budget remaining for "checkout-availability" is below 100%
