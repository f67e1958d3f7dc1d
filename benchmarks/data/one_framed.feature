Feature: one
  Scenario: one line
    Given web has 3 replicas spread over the blue zone
