Feature: Test results as a QA lead reads them
  Counts by outcome, a rerun that passes, flaky tests that passed on a retry, coverage that
  blocks on its own, and a scan that never reported. The gate keeps the counts it judged,
  and a gate without its input blocks: it never passes and never skips silently.

  Background:
    Given a manifest "mobile-api" version "5.2.1"
    And the coverage threshold is 85%
    When I build "mobile-api" as M1

  Scenario: A flaky test passes on a rerun; the gate records it
    Given the first unit test run of M1 fails test_login_timeout
    When I rerun the unit tests of M1 and they all pass with 87% coverage
    And the scan of M1 finds nothing
    And the integration tests of M1 pass
    And I run the pipeline for M1
    Then the pipeline passes
    And test_login_timeout is recorded as flaky
    And the unit gate records 1 flaky

  Scenario: Skipped tests are counted, not failed
    Given the JUnit report for M1 has 120 tests with 1 skipped and 0 failures
    And M1 has 91% coverage
    And the scan of M1 finds nothing
    And 2 of M1's 140 integration tests fail
    When I run the pipeline for M1
    Then the unit gate records 119 passed and 1 skipped
    And it fails on the integration tests
    And the integration gate records 138 passed and 2 failed

  Scenario: Green tests under the coverage bar block on coverage
    Given the unit tests of M1 report 412 passed and 0 failed with 82.7% coverage
    And the scan of M1 finds nothing
    When I run the pipeline for M1
    Then the pipeline is blocked on coverage
    And the later gates are not run

  Scenario: No scan result is no verdict, and the pipeline is blocked
    Given the unit tests of M1 pass with 93% coverage
    And there is no scan result for M1
    And the integration tests of M1 pass
    When I run the pipeline for M1
    Then the pipeline is blocked
    And it stops at the vulnerability scan
    And gate scan says "no scan report was recorded"
