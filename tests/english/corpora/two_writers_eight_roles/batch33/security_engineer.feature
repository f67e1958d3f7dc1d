Feature: Supply-chain controls on the way to production
  I review what the pipeline lets through. Signed, scanned, waived
  with a reason and an expiry, or it does not run in prod.

  @pipeline
  Scenario: A critical CVE with no waiver blocks at the scan gate
    Given a manifest "auth" version "2.1.0"
    When I build "auth" as A1
    Given the unit tests of A1 pass with 92% coverage
    And the scan of A1 shows CVE-2026-2222 (CRITICAL, package libxml2)
    And the integration tests of A1 pass
    When I run the pipeline for A1
    Then the pipeline got blocked at the scan gate
    And the block mentions "CVE-2026-2222"
    And A1 is not signed

  @pipeline
  Scenario: A waived finding passes and the block would have named the waiver list
    Given a manifest "auth" version "2.1.1"
    When I build "auth" as A2
    Given the unit tests of A2 pass with 92% coverage
    And the scan of A2 finds:
      | id            | severity | package |
      | CVE-2026-1111 | HIGH     | openssl |
      | CVE-2026-3333 | MEDIUM   | zlib    |
    And Priya from security waives CVE-2026-1111 until 2027-01-31 because "not reachable"
    And Priya from security waives CVE-2026-3333 until 2027-01-31 because "build-time only"
    And the integration tests of A2 pass
    When I run the pipeline for A2
    Then the pipeline passes
    And A2 is signed

  @pipeline
  Scenario: An expired waiver stops covering the finding
    Given a manifest "auth" version "2.2.0"
    When I build "auth" as A3
    Given the unit tests of A3 pass with 92% coverage
    And the scan of A3 shows CVE-2026-1111 (HIGH, package openssl)
    And waiver list version 4 accepts CVE-2026-1111 because "not reachable" until 2025-01-31
    And the integration tests of A3 pass
    When I run the pipeline for A3
    Then the pipeline got blocked at the scan gate
    And the block mentions "waiver list version 4"

  @pipeline
  Scenario: Someone copies a good signature onto a different image
    Given a manifest "auth" version "3.0.0"
    When I build "auth" as A4
    Given A4 passed every gate
    And A4 was promoted to dev, staging and prod
    When I approve the promotion of A4 to prod
    Given a manifest "auth" version "3.0.1"
    When I build "auth" as A5
    And I attach the signature of A4 to A5
    And I deploy A5 to prod
    Then the operation fails with "a copied signature"
    And prod runs A4

  @pipeline
  Scenario: An unsigned build cannot be deployed straight to prod
    Given a manifest "auth" version "3.1.0"
    When I build "auth" as A6
    And I deploy A6 to prod
    Then the operation fails
    And prod runs nothing

  @pipeline
  Scenario: Prod does not move without a human approval
    Given a manifest "auth" version "3.2.0"
    When I build "auth" as A7
    Given A7 passed every gate
    When I promote A7 to dev, then staging, then prod
    Then prod runs nothing
    And staging runs A7
    When Priya approves the promotion of A7 to prod
    Then prod runs A7

  @story
  Scenario: A release with a waived CVE is rolled out and the digest is what runs on every pod
    Given 3 nodes
    And a deployment "auth" with 3 replicas requesting 500m CPU per pod
    And a manifest "auth" version "v4"
    When I build "auth" as A8
    Given the unit tests of A8 pass with 93% coverage
    And the scan of A8 shows CVE-2026-1111 (HIGH, package openssl)
    And Priya from security waives CVE-2026-1111 until 2027-01-31 because "not reachable"
    And the integration tests of A8 pass
    When I run the pipeline for A8
    And I promote A8 to dev, then staging, then prod, and Priya approves the promotion of A8 to prod
    And I roll out A8 to "auth" with maxSurge 1 and maxUnavailable 0
    Then every pod of "auth" runs A8

  @story
  Scenario: After a bad auth release pages, prod goes back to the last signed digest
    Given prod runs version v4 of "auth" on 3 nodes with 3 replicas
    And the service "auth" serves 100 requests per second
    And an SLO "auth-availability" of 99.9% over 30 days for the service "auth"
    And "auth" rolls back when the SLO "auth-availability" pages
    And pods running v5 fail 20% of requests
    When v5 is signed, approved and promoted all the way to prod
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And prod runs v4
    And the history of prod references the digest of v4, not a tag
