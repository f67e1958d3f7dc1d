Feature: The gate ladder decides what may ship
  Every build gets a content-addressed digest and goes through unit, scan,
  integration and sign gates in order. A blocked gate stops the ladder and the
  gates after it are reported as not run, never silently skipped.

  Background:
    Given a manifest "checkout" version "2.3.0"
    And the coverage threshold is 80%
    When I build "checkout" as D1

  Scenario: A clean build passes every gate and gets signed
    Given the unit tests of D1 pass with 86% coverage
    And the scan of D1 finds nothing
    And the integration tests of D1 pass
    When I run the pipeline for D1
    Then the pipeline passes
    And D1 is signed

  Scenario: Low coverage blocks at the unit gate and nothing after it runs
    Given the unit tests of D1 pass with 72% coverage
    And the scan of D1 finds nothing
    And the integration tests of D1 pass
    When I run the pipeline for D1
    Then the pipeline is blocked at unit
    And gate scan did not run
    And gate integration did not run
    And D1 is not signed

  Scenario Outline: Which scan severities block a release
    Given the unit tests of D1 pass with 90% coverage
    And the scan of D1 finds:
      | id            | severity   | package |
      | CVE-2026-4242 | <severity> | libxml2 |
    And the integration tests of D1 pass
    When I run the pipeline for D1
    Then the pipeline <verdict>

    Examples:
      | severity | verdict           |
      | LOW      | passes            |
      | MEDIUM   | passes            |
      | HIGH     | is blocked at scan |
      | CRITICAL | is blocked at scan |
      | UNKNOWN  | is blocked at scan |

  Scenario: A waiver lets a HIGH finding through until it expires
    Given today is 2027-01-30
    And the unit tests of D1 pass with 90% coverage
    And the scan of D1 finds:
      | id            | severity | package |
      | CVE-2026-1111 | HIGH     | openssl |
    And waiver list version 2 accepts CVE-2026-1111 because "code path not reachable" until 2027-01-31
    And the integration tests of D1 pass
    When I run the pipeline for D1
    Then the pipeline passes
    And the scan waived CVE-2026-1111 under waiver list version 2
    When the date becomes 2027-01-31
    And I run the pipeline for D1
    Then the pipeline is blocked at scan

  Scenario: A gate with no recorded input blocks
    Given the unit tests of D1 pass with 90% coverage
    And the scan of D1 finds nothing
    When I run the pipeline for D1
    Then the pipeline is blocked at integration
    And gate integration says "no result"

  Scenario: Reports produced by CI feed the gates
    Given the unit tests of D1 report "reports/unit.xml"
    And the coverage report of D1 is "reports/coverage.json"
    And the scan report of D1 is "reports/trivy.json"
    And the integration tests of D1 pass
    When I run the pipeline for D1
    Then the pipeline passes
    And running the pipeline again changes nothing
