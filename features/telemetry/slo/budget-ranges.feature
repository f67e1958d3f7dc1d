Feature: An error budget's use as a range
  After real traffic a budget is rarely a round number; a range says what matters. The
  budget spent is the period's error ratio over the budget, as Sloth records it, so it is
  measured over the data the period has so far.

  Scenario: Errors at half the rate the objective allows spend half the budget
    Given the service "checkout" serves 10 requests per second with 0.05% errors
    And an SLO "checkout" of 99.9% over 30 days for the service "checkout"
    When 2 hours pass
    Then the SLO "checkout" has spent between 49% and 51% of its error budget
    And the error budget remaining for "checkout" is between 49% and 51%
    And the error budget of "checkout" is between 45% and 55% consumed
    And the SLO "checkout" has between 40% and 60% of its error budget left

  Scenario: Before any error, nothing of the budget is spent
    Given the service "checkout" serves 10 requests per second
    And an SLO "checkout" of 99.9% over 30 days for the service "checkout"
    When 10 minutes pass
    Then the SLO "checkout" has spent between 0% and 0% of its error budget
