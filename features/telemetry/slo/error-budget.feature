@task-5 @points=2
Feature: The error budget and the burn rate are arithmetic
  An SLO of 99.9% allows 0.1% of requests to fail: over 30 days that is 43.2 minutes of
  full outage. The burn rate is the error ratio divided by that allowance: at burn rate 1
  the budget lasts exactly the period, at 14.4 a 30-day budget is gone in about 2 days.
  (SRE Workbook, chapter 5, "Alerting on SLOs".)

  Scenario: 99.9% over 30 days allows 43.2 minutes
    Given the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    Then the error budget of "availability" is 43.2 minutes

  Scenario Outline: Allowed full-outage time per objective and period
    Given the service "web" serves 100 requests per second
    And an SLO "availability" of <objective> over <period> for the service "web"
    Then the error budget of "availability" is <minutes> minutes

    Examples: the Workbook's objectives
      | objective | period  | minutes |
      | 99%       | 30 days | 432     |
      | 99.5%     | 30 days | 216     |
      | 99.95%    | 30 days | 21.6    |
      | 99.99%    | 30 days | 4.32    |
      | 99.999%   | 30 days | 0.432   |
      | 99.9%     | 28 days | 40.32   |

  Scenario: 1.44% errors against 99.9% burn the budget 14.4 times too fast
    Given the service "web" serves 100 requests per second with 1.44% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When 1 hour passes
    Then the burn rate of "availability" over 1 hour is 14.4
    And the burn rate of "availability" over 5 minutes is 14.4

  Scenario Outline: Burn rate is the error ratio over the budget (Workbook table 5-4)
    Given the service "web" serves 100 requests per second with <errors> errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When 30 minutes pass
    Then the burn rate of "availability" over 30 minutes is <burn>

    Examples:
      | errors | burn |
      | 0.1%   | 1    |
      | 0.2%   | 2    |
      | 1%     | 10   |
      | 100%   | 1000 |

  Scenario: A service that serves nothing has no burn rate, and never pages
    Given the service "web" serves 0 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When 2 hours pass
    Then the burn rate of "availability" over 1 hour is NaN
    And the SLO "availability" does not page
    And the SLO "availability" does not open a ticket
