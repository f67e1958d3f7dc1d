@task-2 @points=2
Feature: The gate ladder fails fast and never skips silently
  Gates run in order — unit, scan, integration, sign — and stop at the first that blocks.
  Every later gate is recorded as not run, naming the gate that blocked.

  Background:
    Given a manifest "web" version "1.0.0"
    And the coverage threshold is 90%

  Scenario: Everything green passes every gate and signs the digest
    Given I built "web" as D1
    And the unit tests of D1 pass with 91% coverage
    And the scan of D1 finds nothing
    And the integration tests of D1 pass
    When I run the pipeline for D1
    Then the pipeline passes
    And gate sign passed
    And D1 is signed

  Scenario: Failing unit tests block at unit, and nothing after it runs
    When I build "web" as D1
    Given the unit tests of D1 fail
    And the scan of D1 finds nothing
    And the integration tests of D1 pass
    When I run the pipeline for D1
    Then the pipeline is blocked at unit
    And gate scan did not run
    And gate integration did not run
    And gate sign did not run
    And gate integration says "not run: gate unit blocked"
    And D1 is not signed

  Scenario: A HIGH finding blocks at scan
    When I build "web" as D1
    Given the unit tests of D1 pass with 95% coverage
    And the scan of D1 finds:
      | id             | severity | package |
      | CVE-2026-1111  | HIGH     | openssl |
      | CVE-2026-2222  | LOW      | zlib    |
    And the integration tests of D1 pass
    When I run the pipeline for D1
    Then the pipeline is blocked at scan
    And gate scan says "CVE-2026-1111 (HIGH in openssl) blocks"
    And gate scan says "CVE-2026-2222 (LOW in zlib): below HIGH, does not block"
    And gate integration did not run

  Scenario: Failing integration tests block at integration
    When I build "web" as D1
    Given the unit tests of D1 pass with 95% coverage
    And the scan of D1 finds nothing
    And the integration tests of D1 fail
    When I run the pipeline for D1
    Then the pipeline is blocked at integration
    And gate sign did not run
    And D1 is not signed

  Scenario: A gate without its input blocks; it does not pass by default
    When I build "web" as D1
    Given the unit tests of D1 pass with 95% coverage
    When I run the pipeline for D1
    Then the pipeline is blocked at scan
    And gate scan says "no scan report was recorded"
    And the pipeline says what evidence is missing

  Scenario: Evidence nobody uploaded blocks its gate once the gates before it pass
    When I build "web" as D1
    Given the unit tests of D1 pass with 93% coverage
    And the scan of D1 finds nothing
    But no one has submitted any integration test reports for D1
    When I run the pipeline for D1
    Then the pipeline is blocked at integration
    And the explanation says the integration test evidence is missing

  Scenario: Green tests without a coverage measurement block at unit
    When I build "web" as D1
    Given the unit tests of D1 pass
    And the scan of D1 finds nothing
    And the integration tests of D1 pass
    When I run the pipeline for D1
    Then the pipeline is blocked at unit
    And gate unit says "no coverage was recorded"
    And the reason names what evidence is missing

  Scenario: Running the pipeline again on the same inputs changes nothing
    When I build "web" as D1
    Given the unit tests of D1 pass with 91% coverage
    And the scan of D1 finds nothing
    And the integration tests of D1 pass
    When I run the pipeline for D1
    Then the pipeline passes
    And running the pipeline again changes nothing

  Scenario: A blocked run is just as idempotent
    When I build "web" as D1
    Given the unit tests of D1 fail
    When I run the pipeline for D1
    Then the pipeline is blocked at unit
    And running the pipeline again changes nothing
