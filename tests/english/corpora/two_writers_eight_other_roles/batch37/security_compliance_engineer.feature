Feature: Nothing reaches prod that we cannot account for
  As the security and compliance engineer who signs off on releases
  I want evidence that every gate ran, every exception is written down, and every deploy is signed
  So that an audit can trace exactly which digest ran where and why

  @pipeline
  Scenario: A critical CVE with no waiver stops the build at the scan
    Given a manifest "payments" version "4.1.0"
    And the coverage threshold is 85%
    When commit 77ac0d2 is built as R1
    Given the unit tests of R1 pass with 90% coverage
    And the scan of R1 shows CVE-2026-2044 (CRITICAL, package libxml2)
    When I run the pipeline for R1
    Then the pipeline got blocked at the scan gate
    And the block mentions "CVE-2026-2044"
    And R1 is not signed

  @pipeline
  Scenario: A written, time-boxed waiver lets a finding through and is on record
    Given a manifest "payments" version "4.1.1"
    And the coverage threshold is 85%
    When I build "payments" as R2
    Given the unit tests of R2 pass with 92% coverage
    And the scan of R2 finds:
      | id            | severity | package |
      | CVE-2026-3310 | HIGH     | zlib    |
    And Priya from security waives CVE-2026-3310 until 2027-03-31 because "code path disabled"
    And the integration tests of R2 pass
    When I run the pipeline for R2
    Then the pipeline passes
    And R2 is signed

  @pipeline
  Scenario: A waiver that has run out does not count any more
    Given a manifest "payments" version "4.1.2"
    And the coverage threshold is 85%
    When I build "payments" as R3
    Given the unit tests of R3 pass with 92% coverage
    And the scan of R3 shows CVE-2025-9001 (HIGH, package openssl)
    And waiver list version 2 accepts CVE-2025-9001 because "vendor patch pending" until 2025-06-30
    When I run the pipeline for R3
    Then the pipeline got blocked at the scan gate
    And the block mentions "waiver list version 2"

  @pipeline
  Scenario: Lifting a signature from an approved build onto a new one is refused
    Given a manifest "payments" version "5.0.0"
    When I build "payments" as S1
    Given S1 passed every gate
    When I promote S1 to dev, then staging, then prod
    And I approve the promotion of S1 to prod
    Given a manifest "payments" version "5.0.1"
    When I build "payments" as S2
    And I attach the signature of S1 to S2
    And I deploy S2 to prod
    Then the operation fails with "a copied signature"
    And prod runs S1

  @pipeline
  Scenario: Prod only moves when a person approves it, and history records digests
    Given a manifest "payments" version "5.1.0"
    When I build "payments" as S3
    Given S3 passed every gate
    When I promote S3 to dev, then staging, then prod
    Then prod runs nothing
    When Priya approves the promotion of S3 to prod
    Then prod runs S3
    And the history of prod references the digest of S3, not a tag

  @pipeline
  Scenario: An unsigned build cannot be deployed straight to prod
    Given a manifest "payments" version "5.2.0"
    When I build "payments" as S4
    And I deploy S4 to prod
    Then the operation fails
    And prod runs nothing

  @story
  Scenario: A waived, signed release misbehaves in prod and is rolled back by digest
    Given 3 nodes
    And a deployment "payments" with 4 replicas requesting 500m CPU per pod
    And the service "payments" serves 100 requests per second
    And an SLO "payments-avail" of 99.9% over 30 days for the service "payments"
    And "payments" rolls back when the SLO "payments-avail" pages
    And prod runs D1 and D2 is signed, approved and promoted all the way to prod
    And pods running D2 fail 30% of requests
    When I roll out D2 to "payments" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then prod runs D1
    And every pod of "payments" runs D1
    And the history of prod is D1, D2 and D1

  @story
  Scenario: A build blocked at the scan never gets onto a single pod
    Given a 3-node cluster running 4 replicas of payments at v1
    And a manifest "payments" version "v2"
    When I build "payments" as B2
    Given the unit tests of B2 pass with 95% coverage
    And the scan of B2 shows CVE-2026-4100 (CRITICAL, package glibc)
    When I run the pipeline for B2
    And I promote B2 to dev, then staging, then prod
    Then the pipeline got blocked at the scan gate
    And prod does not run B2
    And no pod of "payments" runs B2
