Feature: What is left of the error budget, said the ways people say it
  The budget remaining is 1 − the burn rate over the whole period, as Sloth records it:
  100% until errors are served. "is 100% remaining", "has 90% left", "90% of the error
  budget remains" and "the SLO has 90% of its error budget left" all say it; "has spent
  10% of its error budget" says the rest, and "is exhausted" that nothing is left (the remaining budget goes below 0%, as Sloth's does).

  Scenario: A clean month leaves the whole budget
    Given the service "api" serves 50 requests per second with 0% errors
    And an SLO "api-availability" of 99.5% over 30 days for the service "api"
    When 2 hours pass
    Then the error budget of "api-availability" is 100% remaining
    And 100% of the error budget of "api-availability" remains
    And the SLO "api-availability" has 100% of its error budget left
    And the error budget for "api-availability" has at least 99% left

  Scenario: Errors eat into it
    Given the service "web" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99% over 30 days for the service "web"
    When 1 hour passes
    And the service "web" starts failing 0.5% of requests
    And 1 hour passes
    Then the error budget of "availability" is below 100% remaining
    And the error budget remaining for "availability" is below 100%
    And the error budget of "availability" has at most 90% left
    And the SLO "availability" has at least 50% of its error budget left
    And the SLO "availability" has spent at least 20% of its error budget
    And at most 30% of the error budget of "availability" is spent
    And the error budget of "availability" is at most 30% consumed

  Scenario: An outage spends all of it
    Given the service "web" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99% over 30 days for the service "web"
    When the service "web" starts failing 100% of requests
    And 1 hour passes
    Then the error budget of "availability" is exhausted
    And the error budget remaining for "availability" is below 0%
