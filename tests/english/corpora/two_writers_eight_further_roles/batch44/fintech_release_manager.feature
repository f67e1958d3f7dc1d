Feature: Release controls for the payments platform
  Auditors ask me the same things every quarter: who approved it, what exactly went out,
  which findings were accepted and by whom, and how fast we can get back. These are the
  rules I hold every release of "payments" and "ledger" to.

  @pipeline
  Scenario: A critical CVE stops the release at the scan gate
    Given a manifest "payments" version "4.2.0"
    And commit 9e1f0aa is built as P1
    And the unit tests of P1 pass with 94% coverage
    And the scan of P1 shows CVE-2026-2201 (CRITICAL, package libxml2)
    And the integration tests of P1 pass
    When I run the pipeline for P1
    Then the pipeline got blocked at the scan gate
    And the block mentions "CVE-2026-2201"
    And P1 is not signed

  @pipeline
  Scenario: Security can accept a finding, but only with a reason and an end date
    Given a manifest "payments" version "4.2.1"
    And commit b71c3d0 is built as P2
    And the unit tests of P2 pass with 93% coverage
    And the scan of P2 finds:
      | id            | severity | package |
      | CVE-2026-3310 | HIGH     | zlib    |
    And Priya from security waives CVE-2026-3310 until 2027-03-31 because "code path not reachable from the API"
    And the integration tests of P2 pass
    When I run the pipeline for P2
    Then the pipeline passes
    And P2 is signed

  @pipeline
  Scenario: A build with no integration results does not sneak through
    Given a manifest "ledger" version "2.0.0"
    When I build "ledger" as L1
    Given the unit tests of L1 pass with 96% coverage
    And the scan of L1 finds nothing
    When I run the pipeline for L1
    Then the pipeline does not pass
    And the block mentions "integration"
    And L1 is not signed

  @pipeline
  Scenario: Nothing reaches production without a named approver
    Given a manifest "payments" version "4.3.0"
    And commit 1d0e5a2 is built as P3
    And P3 passed every gate
    When I promote P3 to dev, then staging, then prod
    Then staging runs P3
    And prod runs nothing
    When Marcus from change management approves the promotion of P3 to prod
    Then prod runs P3
    And the history of prod references the digest of P3, not a tag

  @pipeline
  Scenario: Someone tries to reuse last week's signature on a new build
    Given a manifest "payments" version "4.3.0"
    And commit 1d0e5a2 is built as P3
    And P3 is signed, approved and promoted all the way to prod
    Given a manifest "payments" version "4.3.1-hotfix"
    When I build "payments" as P4
    And I attach the signature of P3 to P4
    And I deploy P4 to prod
    Then the operation fails with "a copied signature"
    And prod runs P3

  @pipeline
  Scenario Outline: The coverage bar applies to every service the same way
    Given a manifest "<service>" version "1.0.0"
    And the coverage threshold is 90%
    When I build "<service>" as R1
    Given the unit tests of R1 pass with <coverage>% coverage
    And the scan of R1 finds nothing
    And the integration tests of R1 pass
    When I run the pipeline for R1
    Then the pipeline <outcome>

    Examples:
      | service  | coverage | outcome                              |
      | payments | 92       | passes                               |
      | ledger   | 90       | passes                               |
      | fx-rates | 87       | got blocked at the unit tests gate   |

  @story
  Scenario: A bad payments release burns the error budget and is rolled back without anyone touching it
    Given prod runs version v1 of "payments" on 3 nodes with 6 replicas
    And the service "payments" serves 300 requests per second
    And an SLO "payments-availability" of 99.95% over 30 days for the service "payments"
    And payments rolls back on its own when "payments-availability" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 15% of requests
    When I roll out v2 to "payments" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And prod runs v1
    And the history of prod is v1, v2 and v1

  @story
  Scenario: The on-call engineer rolls back by digest after the error alert goes off
    Given prod runs version v1 of "ledger" on 3 nodes with 4 replicas
    And the service "ledger" serves 120 requests per second
    And an alert "LedgerErrors" fires if over 2% of ledger's requests fail for 5 minutes
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 5% of requests
    When I roll out v2 to "ledger" with maxSurge 1 and maxUnavailable 0
    And 10 minutes pass
    Then "LedgerErrors" is firing
    When on-call rolls prod back to v1
    Then prod runs v1
    And every pod of "ledger" runs v1
