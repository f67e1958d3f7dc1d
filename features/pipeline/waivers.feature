@task-4 @points=2
Feature: Only a versioned waiver lets a blocking finding through the scan
  HIGH and CRITICAL block (Trivy's order: UNKNOWN < LOW < MEDIUM < HIGH < CRITICAL), and so
  does UNKNOWN: an unrated finding is not "below HIGH". There is no threshold to lower. A
  waiver names the finding, the reason and the list's version, and may expire: it stops
  applying at 00:00 UTC on its expiry date (Trivy's expired_at). The logical clock starts
  on 2026-01-01.

  Background:
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1
    And the unit tests of D1 pass with 95% coverage
    And the integration tests of D1 pass
    And the scan of D1 finds:
      | id            | severity | package |
      | CVE-2026-1111 | HIGH     | openssl |

  Scenario: A waiver accepts the finding, and the decision cites the list version
    Given waiver list version 3 accepts CVE-2026-1111 because "not reachable"
    When I run the pipeline for D1
    Then the pipeline passes
    And the scan waived CVE-2026-1111 under waiver list version 3
    And gate scan says "waived by list version 3: \"not reachable\""

  Scenario: A waiver for another finding does not help, and is reported unused
    Given waiver list version 1 accepts CVE-2026-9999 because "other service"
    When I run the pipeline for D1
    Then the pipeline is blocked at scan
    And gate scan says "CVE-2026-1111 (HIGH in openssl) blocks (waiver list version 1)"

  Scenario: A waiver applies until the day before its expiry date
    Given waiver list version 3 accepts CVE-2026-1111 because "not reachable" until 2027-01-31
    And today is 2027-01-30
    When I run the pipeline for D1
    Then the pipeline passes

  Scenario: On its expiry date the waiver no longer applies
    Given waiver list version 3 accepts CVE-2026-1111 because "not reachable" until 2027-01-31
    When I run the pipeline for D1
    Then the pipeline passes
    When the date becomes 2027-01-31
    And I run the pipeline for D1
    Then the pipeline is blocked at scan
    And gate scan says "its waiver expired on 2027-01-31"

  Scenario: An expired re-run revokes the right to promote
    Given waiver list version 3 accepts CVE-2026-1111 because "not reachable" until 2026-06-01
    When I run the pipeline for D1
    And I promote D1 to dev
    And the date becomes 2026-06-01
    And I run the pipeline for D1
    And I promote D1 to staging
    Then the operation fails with "did not pass the pipeline"
    And dev runs D1
    And staging runs nothing

  Scenario: An UNKNOWN severity blocks: unrated is not low
    Given the scan of D1 finds:
      | id            | severity | package |
      | CVE-2026-3333 | UNKNOWN  | libfoo  |
    When I run the pipeline for D1
    Then the pipeline is blocked at scan

  Scenario Outline: Trivy's severities: only HIGH, CRITICAL and UNKNOWN block
    Given the scan of D1 finds:
      | id            | severity   | package |
      | CVE-2026-4444 | <severity> | libbar  |
    When I run the pipeline for D1
    Then gate scan <outcome>

    Examples:
      | severity | outcome                                     |
      | LOW      | passed                                      |
      | MEDIUM   | passed                                      |
      | HIGH     | says "CVE-2026-4444 (HIGH in libbar) blocks" |
      | CRITICAL | says "CVE-2026-4444 (CRITICAL in libbar) blocks" |
      | UNKNOWN  | says "CVE-2026-4444 (UNKNOWN in libbar) blocks" |

  Scenario: A severity Trivy does not know is an error, not a low finding
    Given the scan of D1 finds:
      | id            | severity | package |
      | CVE-2026-5555 | SEVERE   | libbaz  |
    Then the operation fails with "unknown severity 'SEVERE'"

  Scenario: Severity names are Trivy's, in upper case
    Given the scan of D1 finds:
      | id            | severity | package |
      | CVE-2026-5555 | high     | libbaz  |
    Then the operation fails with "write \"HIGH\""

  Scenario: A waiver list only moves forward
    Given waiver list version 3 accepts CVE-2026-1111 because "not reachable"
    And waiver list version 2 accepts CVE-2026-2222 because "older list"
    Then the operation fails with "version 2 is older than the current version 3"

  Scenario: Changing an entry needs a new version
    Given waiver list version 3 accepts CVE-2026-1111 because "not reachable"
    And waiver list version 3 accepts CVE-2026-1111 because "changed my mind"
    Then the operation fails with "changing an entry needs a new version"

  Scenario: A waiver without a reason is refused
    Given waiver list version 3 accepts CVE-2026-1111 because " "
    Then the operation fails with "needs a reason"

  Scenario: The waiver list from a YAML file
    Given the waiver list "fixtures/waivers.yaml"
    When I run the pipeline for D1
    Then the pipeline passes
    And the scan waived CVE-2026-1111 under waiver list version 7

  Scenario: A .trivyignore, at the version the scenario names
    Given waiver list version 4 from "fixtures/web.trivyignore"
    When I run the pipeline for D1
    Then the pipeline passes
    And gate scan says "\"reachable only from the admin network\""

  Scenario: A .trivyignore entry past its exp: date waives nothing
    Given waiver list version 4 from "fixtures/web.trivyignore"
    And today is 2027-03-01
    When I run the pipeline for D1
    Then the pipeline is blocked at scan

  Scenario: An OpenVEX not_affected statement waives, at the document's version
    Given the waiver list "fixtures/web.openvex.json"
    When I run the pipeline for D1
    Then the pipeline passes
    And the scan waived CVE-2026-1111 under waiver list version 2

  Scenario: An OpenVEX not_affected statement needs a justification
    Given the waiver list "fixtures/bad.openvex.json"
    Then the operation fails with "bad.openvex.json:8:5: statements[0]: a not_affected statement needs a justification"

  Scenario: A waiver file with a bad date names the file and line
    Given the waiver list "fixtures/bad-waivers.yaml"
    Then the operation fails with "bad-waivers.yaml:8:14: waivers[1].expires"
