Feature: Our build, sign and promote path
  I own the path from a merged commit to prod. Everything moves by
  digest, every gate has to see evidence, and prod only takes what
  we signed and someone approved.

  @pipeline
  Scenario: A waived CVE lets the build through with the waiver on record
    Given commit 9e1f0aa is built as R1
    And the unit tests of R1 pass with 93% coverage
    And the scan of R1 shows CVE-2026-1111 (HIGH, package openssl)
    And Priya from security waives CVE-2026-1111 until 2027-01-31 because "not reachable"
    And the integration tests of R1 pass
    When I run the pipeline for R1
    Then the pipeline passes
    And R1 is signed

  @pipeline
  Scenario: A critical finding nobody waived blocks at the scan gate
    Given commit 4b7c2d1 is built as R2
    And the unit tests of R2 pass with 95% coverage
    And the scan of R2 finds:
      | id            | severity | package |
      | CVE-2026-2222 | CRITICAL | libxml2 |
      | CVE-2026-3333 | LOW      | zlib    |
    And the integration tests of R2 pass
    When I run the pipeline for R2
    Then the pipeline got blocked at the scan gate
    And the block mentions CVE-2026-2222
    And R2 is not signed

  @pipeline
  Scenario: Prod waits for a human even when everything is green
    Given a manifest "orders" version "3.2.0"
    When I build "orders" as R3
    Given R3 passed every gate
    When I promote R3 to dev, then staging, then prod
    Then staging runs R3
    But prod runs nothing
    When Priya approves the promotion of R3 to prod
    Then dev, staging and prod all run R3
    And the history of prod references the digest of R3, not a tag

  @pipeline
  Scenario: You cannot skip staging on the way to prod
    Given a manifest "orders" version "3.2.1"
    When I build "orders" as R4
    Given R4 passed every gate
    And R4 was promoted to dev
    When I promote R4 to prod
    Then the operation fails
    And prod runs nothing

  @pipeline
  Scenario: Rolling back points prod at the old digest
    Given a manifest "orders" version "3.3.0"
    When I build "orders" as R5
    Given R5 passed every gate
    And R5 was promoted to dev, staging and prod
    When I approve the promotion of R5 to prod
    Given a manifest "orders" version "3.3.1"
    When I build "orders" as R6
    Given R6 passed every gate
    And R6 was promoted to dev, staging and prod
    When I approve the promotion of R6 to prod
    And I roll prod back to R5
    Then the history of prod is R5, R6 and R5

  @story
  Scenario: From commit to rollout without dropping below capacity
    Given 3 nodes
    And a deployment "orders" with 6 replicas requesting 1 CPU per pod
    And commit 1f2e3d4 is built as B1
    And B1 passed every gate
    When I promote B1 to dev, then staging, then prod
    And I approve the promotion of B1 to prod
    And I roll out B1 to "orders" with maxSurge 1 and maxUnavailable 0
    Then every pod of "orders" runs B1
    And no fewer than 6 orders pods have stayed ready during the rollout

  @story
  Scenario: A release that errors in prod gets rolled back by digest
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And "web" rolls back when the SLO "availability" pages
    And D1 and D2 of "web" are signed, approved and promoted all the way to prod
    And pods running D2 fail 30% of requests
    When I roll out D2 to "web" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then prod runs D1
    And the history of prod is D1, D2 and D1
