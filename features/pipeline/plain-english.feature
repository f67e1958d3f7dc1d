Feature: The pipeline said the way people say it
  "it"/"its" is the artifact built last, "I run the pipeline" runs it, gate names in any
  case, an action already taken may be a Given. Each scenario checks what happened.

  Background:
    Given a manifest "web" version "1.0.0"
    And the coverage threshold is 90%

  Scenario: Its gates, in the words of the build just made
    When I build "web" as D1
    Given its unit tests pass with 95% coverage
    And its scan finds nothing
    And its integration tests pass
    When I run the pipeline
    Then the pipeline passes
    And it is signed

  Scenario: A gate named in capitals is the same gate
    When I build "web" as D1
    Given D1's unit tests pass with 80% coverage
    When I run the pipeline for the build D1
    Then the pipeline is blocked at Unit
    And gate Scan did not run

  Scenario: An approval said as part of the situation
    When I build "web" as D1
    Given D1 passed every gate
    And I promote D1 to dev
    And I promote D1 to staging
    When I promote D1 to prod
    Then prod runs nothing
    Given I approve the promotion of D1 to prod
    Then prod runs D1
