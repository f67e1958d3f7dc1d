Feature: Getting releases out the door without surprises
  As the release manager I sign off on what goes to prod each week.
  I want to know that nothing reaches prod without passing every gate,
  that approvals actually hold things back, and that we can go back fast.

  @pipeline
  Scenario: Nothing lands in prod until I approve it
    Given a manifest "checkout" version "4.2.0"
    When I build "checkout" as R1
    Given R1 passed every gate
    When I promote R1 to dev, then staging, then prod
    Then staging runs R1
    But prod runs nothing
    When I approve the promotion of R1 to prod
    Then prod runs R1

  @pipeline
  Scenario: A failing unit test stops the release at the first rung
    Given a manifest "checkout" version "4.2.1"
    And the coverage threshold is 85%
    When commit 3b7c9d2 is built as R2
    Given 3 of the 412 unit tests fail for R2
    When I run the pipeline for R2
    Then the pipeline got blocked at the unit test gate
    And R2 is not signed
    When I promote R2 to dev
    Then the operation fails

  @pipeline
  Scenario: Security waives a finding and the release still ships
    Given a manifest "payments" version "2.0.0"
    And the coverage threshold is 80%
    When I build "payments" as R3
    Given the unit tests of R3 pass with 88% coverage
    And the scan of R3 shows CVE-2026-2040 (HIGH, package libxml2)
    And Priya from security waives CVE-2026-2040 until 2027-03-31 because "parser path never used"
    And the integration tests of R3 pass
    When I run the pipeline for R3
    Then the pipeline passes
    And R3 is signed

  @pipeline
  Scenario Outline: A scan finding nobody waived holds the release
    Given a manifest "payments" version "<version>"
    When I build "payments" as R4
    Given the unit tests of R4 pass with 92% coverage
    And the scan of R4 shows <cve> (<severity>, package <package>)
    When I run the pipeline for R4
    Then the pipeline got blocked at the scan gate
    And the block mentions <cve>

    Examples:
      | version | cve           | severity | package |
      | 2.0.1   | CVE-2026-3001 | CRITICAL | openssl |
      | 2.0.2   | CVE-2026-3002 | HIGH     | zlib    |

  @pipeline
  Scenario: Someone tries to reuse last week's signature on a new build
    Given a manifest "web" version "7.1.0"
    When I build "web" as R5
    Given R5 passed every gate
    And R5 was promoted to dev, staging and prod
    When I approve the promotion of R5 to prod
    Given a manifest "web" version "7.1.1"
    When I build "web" as R6
    And I attach the signature of R5 to R6
    And I deploy R6 to prod
    Then the operation fails with "a copied signature"
    And prod runs R5

  @story
  Scenario: A release that hurts customers is pulled back on its own
    Given 3 nodes
    And a deployment "web" with 6 replicas requesting 500m CPU per pod
    And the service "web" serves 200 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And "web" rolls back when the SLO "availability" pages
    And v1 is signed, approved and promoted all the way to prod
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 25% of requests
    When 20 minutes pass
    Then an alert rolled prod back 1 time
    And prod runs version v1 of "web"
    And the history of prod is v1, v2 and v1

  @story
  Scenario: The audit trail for prod points at digests, not tags
    Given 3 nodes
    And a manifest "web" version "v5"
    When I build "web" as R7
    Given R7 passed every gate
    And R7 was promoted to dev, staging and prod
    When I approve the promotion of R7 to prod
    And I roll out R7 to "web" with maxSurge 1 and maxUnavailable 0
    Then every pod of "web" runs R7
    And the history of prod references the digest of R7, not a tag
    And dev, staging and prod all run R7
