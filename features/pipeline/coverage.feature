@task-3 @points=2
Feature: The unit gate uses coverage.py's own fail_under rule
  The gate passes when the tests are green and round(total, precision) >= fail_under,
  with Python's round-half-to-even; fail_under 100 needs exactly 100. The rows below are
  coverage.py's tests/test_results.py test_should_fail_under, plus the fidelity reference.

  Scenario Outline: round(total, precision) against fail_under
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1
    And the coverage threshold is <fail_under>% with precision <precision>
    And the unit tests of D1 pass with <total>% coverage
    And the scan of D1 finds nothing
    And the integration tests of D1 pass
    When I run the pipeline for D1
    Then gate unit <outcome>

    Examples: coverage.py's table
      | total  | fail_under | precision | outcome              |
      | 0      | 0          | 0         | passed               |
      | 0.001  | 0          | 0         | passed               |
      | 0.001  | 0.01       | 0         | says "is below"      |
      | 42.1   | 42         | 0         | passed               |
      | 42.1   | 43         | 0         | says "is below"      |
      | 42.857 | 42         | 0         | passed               |
      | 42.857 | 43         | 0         | passed               |
      | 42.857 | 44         | 0         | says "is below"      |
      | 42.857 | 42.856     | 3         | passed               |
      | 42.857 | 42.858     | 3         | says "is below"      |
      | 42.857 | 42.856     | 0         | passed               |
      | 99.8   | 100        | 0         | says "is below"      |
      | 100    | 100        | 0         | passed               |
      | 99.8   | 99.7       | 1         | passed               |
      | 99.88  | 99.90      | 2         | says "is below"      |
      | 99.999 | 100        | 1         | says "is below"      |
      | 99.999 | 100        | 2         | says "is below"      |
      | 99.999 | 100        | 3         | says "is below"      |

    Examples: half to even at precision 0
      | total  | fail_under | precision | outcome              |
      | 89.5   | 90         | 0         | passed               |
      | 89.49  | 90         | 0         | says "is below"      |
      | 88.5   | 89         | 0         | says "is below"      |
      | 90.5   | 91         | 0         | says "is below"      |

  Scenario: The decision shows coverage as coverage.py displays it
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1
    And the coverage threshold is 100% with precision 0
    And the unit tests of D1 pass with 99.9% coverage
    When I run the pipeline for D1
    Then the pipeline is blocked at unit
    And gate unit says "coverage 99% is below the threshold 100%"

  Scenario: A threshold above 100% is a configuration error, as in coverage.py
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1
    And the unit tests of D1 pass with 100% coverage
    And the coverage threshold is 101%
    Then the operation fails with "fail_under=101 is invalid. Must be between 0 and 100."

  Scenario: Coverage outside 0..100 is refused
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1
    And the unit tests of D1 pass with 100.5% coverage
    Then the operation fails with "is not a percentage from 0 to 100"
