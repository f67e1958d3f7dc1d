Feature: Supply chain controls I have to evidence for the audit
  Every control in our policy doc should have a scenario that fails loudly
  if someone quietly weakens the pipeline.

  @pipeline
  Scenario: A critical CVE stops the build at the scan gate
    Given a manifest "payments" version "2.4.0"
    When commit 9e1f0aa is built as R1
    Given the unit tests of R1 pass with 95% coverage
    And the scan of R1 shows CVE-2026-2002 (CRITICAL, package libxml2)
    And the integration tests of R1 pass
    When I run the pipeline for R1
    Then the pipeline got blocked at the scan gate
    And the block mentions CVE-2026-2002
    And R1 is not signed

  @pipeline
  Scenario: An accepted risk is allowed through, with the reason on record
    Given a manifest "payments" version "2.4.1"
    When I build "payments" as R2
    Given the unit tests of R2 pass with 92% coverage
    And the scan of R2 finds:
      | id            | severity | package |
      | CVE-2026-3100 | HIGH     | openssl |
    And Priya from security waives CVE-2026-3100 until 2027-03-31 because "code path not reachable"
    And the integration tests of R2 pass
    When I run the pipeline for R2
    Then the pipeline passes
    And R2 is signed

  @pipeline
  Scenario: No scan results means no release, not a silent skip
    Given a manifest "payments" version "2.5.0"
    When I build "payments" as R3
    Given the unit tests of R3 pass with 93% coverage
    When I run the pipeline for R3
    Then the pipeline got blocked at the scan gate
    And the block mentions missing evidence
    And R3 is not signed

  @pipeline
  Scenario: Somebody tries to reuse a signature from an older build
    Given a manifest "payments" version "2.4.0"
    When I build "payments" as R1
    Given R1 passed every gate
    And R1 is signed and promoted to prod
    And a manifest "payments" version "2.4.2"
    When I build "payments" as R4
    And I attach the signature of R1 to R4
    And I deploy R4 to prod
    Then the operation fails with "a copied signature"
    And prod runs R1

  @pipeline
  Scenario: Prod can only be traced back to a digest
    Given a manifest "payments" version "3.0.0"
    When commit 4b7c2d1 is built as R5
    Given R5 passed every gate
    When I promote R5 to dev, then staging, then prod
    And Priya approves the promotion of R5 to prod
    Then prod runs R5
    And the history of prod references the digest of R5, not a tag

  @pipeline
  Scenario Outline: Findings the scanner reports by severity without a waiver
    Given a manifest "payments" version "4.0.0"
    When I build "payments" as R6
    Given the unit tests of R6 pass with 96% coverage
    And the scan of R6 shows <cve> (<severity>, package <package>)
    And the integration tests of R6 pass
    When I run the pipeline for R6
    Then the pipeline got blocked at the scan gate

    Examples:
      | cve           | severity | package |
      | CVE-2026-4001 | CRITICAL | glibc   |
      | CVE-2026-4002 | HIGH     | zlib    |

  @story
  Scenario: Unsigned hotfix never reaches prod even while we are paging
    Given prod runs version v1 of "payments" on 3 nodes with 6 replicas
    And an SLO "payments-avail" of 99.9% over 30 days for the service "payments"
    And the service "payments" starts failing 10% of requests
    And a manifest "payments" version "v1-hotfix"
    When I build "payments" as H1
    And I deploy H1 to prod
    Then the operation fails
    And prod runs v1
    And H1 is not signed

  @story
  Scenario: The automatic rollback lands on the last verified digest
    Given prod runs version v1 of "payments" on 3 nodes with 4 replicas
    And the service "payments" serves 150 requests per second
    And an SLO "payments-avail" of 99.9% over 30 days for the service "payments"
    And payments rolls back on its own when "payments-avail" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 30% of requests
    When I roll out v2 to "payments" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then prod runs v1
    And the history of prod references the digest of v1, not a tag
