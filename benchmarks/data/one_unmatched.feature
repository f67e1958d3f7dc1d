Feature: one
  Scenario: one line
    Then the web pods turn purple after lunch
