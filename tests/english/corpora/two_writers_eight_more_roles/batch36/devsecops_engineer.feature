Feature: Nothing reaches prod without passing security
  As the DevSecOps engineer who owns the gates in our delivery pipeline
  I want scans, waivers and signatures checked by the pipeline itself
  So that nobody can slip an unvetted image into production

  @pipeline
  Scenario: A critical CVE with no waiver stops the build at the scan
    Given a manifest "payments" version "2.4.0"
    And commit 9e1f0aa is built as R1
    And the unit tests of R1 pass with 94% coverage
    And the scan of R1 shows CVE-2026-2042 (CRITICAL, package openssl)
    When I run the pipeline for R1
    Then the pipeline got blocked at the scan gate
    And the block mentions CVE-2026-2042
    And R1 is not signed

  @pipeline
  Scenario: A reviewed waiver lets a high finding through
    Given a manifest "payments" version "2.4.1"
    When I build "payments" as R2
    Given the unit tests of R2 pass with 92% coverage
    And the scan of R2 finds:
      | id            | severity | package |
      | CVE-2026-3107 | HIGH     | libxml2 |
    And Priya from security waives CVE-2026-3107 until 2027-03-31 because "parser path not reachable"
    And the integration tests of R2 pass
    When I run the pipeline for R2
    Then the pipeline passes
    And R2 is signed

  @pipeline
  Scenario: A gate with no evidence blocks instead of quietly passing
    Given a manifest "payments" version "2.5.0"
    When I build "payments" as R3
    Given the unit tests of R3 pass with 95% coverage
    When I run the pipeline for R3
    Then the pipeline got blocked at the scan gate
    And R3 is not signed

  @pipeline
  Scenario: Low coverage is caught before the scanner even runs
    Given a manifest "payments" version "2.5.1"
    And the coverage threshold is 90%
    When I build "payments" as R4
    Given the unit tests of R4 pass with 81% coverage
    When I run the pipeline for R4
    Then the pipeline got blocked at the unit test gate
    And R4 is not signed

  @pipeline
  Scenario: Borrowing another build's signature is rejected at deploy time
    Given a manifest "payments" version "3.0.0"
    When I build "payments" as R5
    Given R5 passed every gate
    And R5 was promoted to dev, staging and prod
    When I approve the promotion of R5 to prod
    Given a manifest "payments" version "3.0.1"
    When I build "payments" as R6
    And I attach the signature of R5 to R6
    And I deploy R6 to prod
    Then the operation fails with "a copied signature"
    And prod runs R5

  @pipeline
  Scenario: Prod history points at digests so a retagged image can't sneak in
    Given a manifest "payments" version "3.1.0"
    And commit 4b7c2de is built as R7
    And R7 passed every gate
    When I promote R7 to dev, then staging, then prod
    And Priya approves the promotion of R7 to prod
    Then dev, staging and prod all run R7
    And the history of prod references the digest of R7, not a tag

  @story
  Scenario: A patched release ships through the gates and a regression rolls back by digest
    Given 3 nodes
    And a deployment "payments" with 4 replicas requesting 500m CPU per pod
    And the service "payments" serves 100 requests per second
    And an SLO "payments-avail" of 99.9% over 30 days for the service "payments"
    And "payments" rolls back when the SLO "payments-avail" pages
    And a manifest "payments" version "v1"
    When I build "payments" as P1
    Given P1 passed every gate
    And P1 was promoted to dev, staging and prod
    When I approve the promotion of P1 to prod
    And 1 hour passes
    Then prod runs P1

  @story
  Scenario: The security fix release misbehaves in prod and the SLO pulls it back
    Given prod runs version v1 of "payments" on 3 nodes with 6 replicas
    And the service "payments" serves 100 requests per second
    And an SLO "payments-avail" of 99.9% over 30 days for the service "payments"
    And payments rolls back on its own when "payments-avail" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 25% of requests
    When I roll out v2 to "payments" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And prod runs v1
    And the history of prod is v1, v2 and v1
