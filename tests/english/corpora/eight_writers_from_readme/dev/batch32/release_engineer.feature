Feature: Getting builds from commit to prod without cutting corners
  As the person who owns the release train
  I want every artifact to climb the gates, get signed and move by digest
  So that what lands in prod is exactly what we tested

  @pipeline
  Scenario: A clean build climbs every gate and gets signed
    Given a manifest "payments" version "2.4.0"
    And the coverage threshold is 85%
    When I build "payments" as P1
    Given the unit tests of P1 pass with 88% coverage
    And the scan of P1 finds nothing
    And the integration tests of P1 pass
    When I run the pipeline for P1
    Then the pipeline passes
    And P1 is signed

  @pipeline
  Scenario: Coverage below the bar stops the train at the first gate
    Given a manifest "payments" version "2.4.1"
    And the coverage threshold is 90%
    When I build "payments" as P2
    Given the unit tests of P2 pass with 82% coverage
    When I run the pipeline for P2
    Then the pipeline is blocked at the unit test gate
    And P2 is not signed

  @pipeline
  Scenario: A critical CVE without a waiver blocks the release
    Given commit 4b7c21d is built as R7
    And the unit tests of R7 pass with 93% coverage
    And the scan of R7 shows CVE-2026-2040 (CRITICAL, package libxml2)
    And the integration tests of R7 pass
    When I run the pipeline for R7
    Then the pipeline got blocked at the scan gate
    And the block mentions CVE-2026-2040
    And R7 is not signed

  @pipeline
  Scenario: Nobody forgot the integration tests, they just never reported
    Given a manifest "payments" version "2.5.0"
    When I build "payments" as P3
    Given the unit tests of P3 pass with 95% coverage
    And the scan of P3 finds nothing
    When I run the pipeline for P3
    Then the pipeline does not pass
    And the pipeline says the integration test evidence is missing

  @pipeline
  Scenario: Prod waits for a human even after staging is happy
    Given a manifest "ledger" version "1.9.0"
    When I build "ledger" as L1
    Given L1 passed every gate
    When I promote L1 to dev, then staging, then prod
    Then staging runs L1
    But prod runs nothing
    When Priya approves the promotion of L1 to prod
    Then prod runs L1
    And the history of prod references the digest of L1, not a tag

  @pipeline
  Scenario: Someone tries to reuse last week's signature on a fresh build
    Given a manifest "ledger" version "1.9.0"
    When I build "ledger" as L1
    Given L1 passed every gate
    And L1 was promoted to dev, staging and prod
    When I approve the promotion of L1 to prod
    Given a manifest "ledger" version "1.9.1"
    When I build "ledger" as L2
    And I attach the signature of L1 to L2
    And I deploy L2 to prod
    Then the operation fails with "a copied signature"
    And prod still runs L1

  @story
  Scenario: A bad release goes out, burns budget and the train backs itself up
    Given 3 nodes
    And a deployment "checkout" with 4 replicas requesting 500m CPU per pod
    And an SLO "availability" of 99.9% over 30 days for the service "checkout"
    And "checkout" rolls back when the SLO "availability" pages
    And v1 is signed, approved and promoted all the way to prod
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 25% of requests
    When I roll out v2 to "checkout" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then prod runs v1
    And the history of prod is v1, v2 and v1

  @story
  Scenario: A waived finding ships to prod and the rollout keeps capacity up
    Given a 3-node cluster running 4 replicas of web at v1
    And a manifest "web" version "v2"
    When I build "web" as W2
    Given the scan of W2 shows CVE-2026-1111 (HIGH, package openssl)
    And Priya from security waives CVE-2026-1111 until 2027-01-31 because "not reachable"
    And W2 passed every gate
    And W2 was promoted to dev, staging and prod
    When I approve the promotion of W2 to prod
    And I roll out W2 to "web" with maxSurge 1 and maxUnavailable 0
    Then every pod of "web" runs W2
    And at least 4 web pods were ready the whole time
