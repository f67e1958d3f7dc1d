Feature: Point a scenario at the reports CI already produces
  JUnit XML (pytest, Maven Surefire, go-junit-report), coverage.py's `coverage json`
  report, Trivy's `trivy image -f json` report, and a pipeline definition in YAML. Each is
  validated; a bad file is an error naming FILE:LINE and the field.

  Background:
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1

  Scenario: pytest's JUnit XML, coverage.py's JSON and a clean Trivy report pass
    Given the coverage threshold is 90%
    And the unit tests of D1 report "unit.xml"
    And the coverage report of D1 is "coverage.json"
    And the scan report of D1 is "trivy-clean.json"
    And the integration tests of D1 report "integration.xml"
    When I run the pipeline for D1
    Then the pipeline passes
    And gate unit says "coverage 90% (fail_under 90%, precision 0)"
    And gate integration says "3 tests, 0 failures, 0 errors"

  Scenario: 89.5% rounds half to even: it passes 90 but the same report fails 91
    Given the coverage threshold is 91%
    And the unit tests of D1 report "unit.xml"
    And the coverage report of D1 is "coverage.json"
    When I run the pipeline for D1
    Then the pipeline is blocked at unit
    And gate unit says "coverage 90% is below the threshold 91% (total 89.5%"

  Scenario: Branch coverage counts as coverage.py counts it
    Given the coverage threshold is 83%
    And the unit tests of D1 report "unit.xml"
    And the coverage report of D1 is "coverage-branches.json"
    When I run the pipeline for D1
    Then gate unit says "is below the threshold 83% (total 82.5%"

  Scenario: Maven Surefire's failures and errors block the unit gate
    Given the unit tests of D1 report "unit-failing.xml"
    And the coverage of D1 is 95%
    When I run the pipeline for D1
    Then the pipeline is blocked at unit
    And gate unit says "failed (4 tests, 1 failures, 1 errors) in unit-failing.xml"

  Scenario: A JUnit report in which no test ran is not green
    Given the unit tests of D1 report "no-tests.xml"
    And the coverage of D1 is 95%
    When I run the pipeline for D1
    Then the pipeline is blocked at unit

  Scenario: A Trivy report's HIGH finding blocks, across all its results
    Given the unit tests of D1 report "unit.xml"
    And the coverage of D1 is 95%
    And the scan report of D1 is "trivy.json"
    And the integration tests of D1 report "integration.xml"
    When I run the pipeline for D1
    Then the pipeline is blocked at scan
    And gate scan says "CVE-2026-1111 (HIGH in openssl) blocks"
    And gate scan says "GHSA-xxxx-yyyy-zzzz (MEDIUM in requests): below HIGH, does not block"

  Scenario: The same Trivy report passes with the finding waived
    Given the unit tests of D1 report "unit.xml"
    And the coverage of D1 is 95%
    And the scan report of D1 is "trivy.json"
    And the integration tests of D1 report "integration.xml"
    And the waiver list "../fixtures/waivers.yaml"
    When I run the pipeline for D1
    Then the pipeline passes
    And the scan waived CVE-2026-1111 under waiver list version 7

  Scenario: A Trivy report with a severity Trivy never writes
    Given the scan report of D1 is "trivy-bad-severity.json"
    Then the operation fails with "trivy-bad-severity.json:11:23: Results[0].Vulnerabilities[0].Severity: 'Severe' is not allowed"

  Scenario: A coverage report whose total disagrees with its counts
    Given the coverage report of D1 is "coverage-tampered.json"
    Then the operation fails with "totals.percent_covered: 95.0 disagrees with the counts"

  Scenario: Malformed XML names the line
    Given the unit tests of D1 report "broken.xml"
    Then the operation fails with "broken.xml:5:5: $: not XML: mismatched tag"

  Scenario: A DOCTYPE (and so an entity bomb) is refused
    Given the unit tests of D1 report "entity-bomb.xml"
    Then the operation fails with "entity-bomb.xml:2"

  Scenario: A missing report file is a clear error
    Given the scan report of D1 is "nowhere.json"
    Then the operation fails with "nowhere.json:1:1: $: cannot read the file"

  Scenario: The pipeline definition sets coverage, keys, trust and approvals
    Given the pipeline "pipeline.yaml"
    And a manifest "web" version "1.0.0"
    And I built "web" as D2
    And the unit tests of D2 report "unit.xml"
    And the coverage report of D2 is "coverage.json"
    And the scan report of D2 is "trivy-clean.json"
    And the integration tests of D2 report "integration.xml"
    When I run the pipeline for D2
    Then the pipeline passes
    And D2 is signed by key "release"
    When I promote D2 to dev
    And I promote D2 to staging
    And I promote D2 to prod
    Then the promotion of D2 to prod is waiting for approval

  Scenario: The gate ladder cannot be reordered or shortened
    Given the pipeline "pipeline-reordered.yaml"
    Then the operation fails with "pipeline-reordered.yaml:4:11: spec.stages: the gate ladder is fixed"

  Scenario: There is no scan threshold to lower
    Given the pipeline:
      """
      apiVersion: kubeloop.dev/v1alpha1
      kind: Pipeline
      spec:
        scan:
          severity: CRITICAL
      """
    Then the operation fails with "(doc string):4:3: spec.scan: unknown field \"scan\""
