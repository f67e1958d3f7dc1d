Feature: Getting payments releases to prod without surprises
  I run the release train for the payments service every week.
  Nothing reaches prod unless it went through every gate, was signed,
  and somebody with the authority said yes.

  @pipeline
  Scenario: A clean build goes all the way to prod after sign-off
    Given a manifest "payments" version "4.2.0"
    And the coverage threshold is 85%
    When I build "payments" as P1
    Given the unit tests of P1 pass with 88% coverage
    And the scan of P1 finds nothing
    And the integration tests of P1 pass
    When I run the pipeline for P1
    Then the pipeline passes
    And P1 is signed
    When I promote P1 through dev and staging into prod
    And Dana approves the promotion of P1 to prod
    Then dev, staging and prod all run P1

  @pipeline
  Scenario: Failing unit tests stop the train at the very first gate
    Given commit 3c7d21b is built as P2
    And 4 of the 612 unit tests fail for P2
    When I run the pipeline for P2
    Then the pipeline got blocked at the unit test gate
    And P2 is not signed
    When I promote P2 to staging
    Then the operation fails
    And staging runs nothing

  @pipeline
  Scenario: A critical CVE blocks the release until security signs off on a waiver
    Given commit a91be04 is built as P3
    And the unit tests of P3 pass with 92% coverage
    And the scan of P3 shows CVE-2026-2044 (CRITICAL, package libxml2)
    And the integration tests of P3 pass
    When I run the pipeline for P3
    Then the pipeline stops at the scan gate
    And the block mentions CVE-2026-2044
    Given Marco from appsec waives CVE-2026-2044 until 2026-12-31 because "parser never sees user input"
    When I run the pipeline for P3
    Then the pipeline passes

  @pipeline
  Scenario: Forgetting to upload integration results is a block, not a pass
    Given a manifest "payments" version "4.3.0"
    When I build "payments" as P4
    Given the unit tests of P4 pass with 90% coverage
    And the scan of P4 finds nothing
    When I run the pipeline for P4
    Then the pipeline got blocked at the integration test gate
    And the block mentions missing evidence
    And P4 is not signed

  @pipeline
  Scenario: Someone tries to sneak an unsigned build into prod with an old signature
    Given a manifest "payments" version "4.2.0"
    When I build "payments" as P1
    Given P1 passed every gate
    And P1 was promoted to dev, staging and prod
    When I approve the promotion of P1 to prod
    Given a manifest "payments" version "4.2.1-hotfix"
    When I build "payments" as P5
    And I attach the signature of P1 to P5
    And I deploy P5 to prod
    Then the operation fails with "a copied signature"
    And prod runs P1

  @pipeline
  Scenario: Prod history points at digests, not tags we could move later
    Given commit 0b44e9c gets built as R1
    And R1 passed every gate
    When I promote R1 to dev, then staging, then prod
    And Dana approves the promotion of R1 to prod
    Then prod runs R1
    And prod's history records R1 by its digest rather than a tag

  @story
  Scenario: The Friday release that started declining cards and got rolled back before I finished my coffee
    Given payments v1 is running in prod with 6 replicas on 3 nodes
    And the service "payments" serves 150 requests per second
    And an SLO "charge-success" of 99.95% over 30 days for the service "payments"
    And "payments" rolls back when the SLO "charge-success" pages
    And v2 went through signing, approval and promotion to prod
    And pods running v2 fail 15% of requests
    When I roll out v2 to "payments" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And prod runs v1
    And the history of prod is v1, v2 and v1

  @story
  Scenario: On-call pulls the release back by hand after the error alert fires
    Given prod runs version v7 of "payments" on 3 nodes with 6 replicas
    And payments is taking 150 requests per second with hardly any errors
    And an alert "PaymentsErrors" fires if over 5% of payments' requests fail for 5 minutes
    And v8 is signed, approved and promoted all the way to prod
    And pods running v8 fail 10% of requests
    When I roll out v8 to "payments" with maxSurge 1 and maxUnavailable 0
    And 10 minutes pass
    Then "PaymentsErrors" is firing
    When on-call rolls prod back to v7
    Then prod runs v7
    And every pod of "payments" runs v7
