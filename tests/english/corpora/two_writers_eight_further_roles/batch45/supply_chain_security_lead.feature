Feature: Nothing reaches prod that we can't vouch for
  As the lead for software supply chain security
  I want every artifact checked, signed and tracked by digest
  So that what runs in production is exactly what we reviewed

  @pipeline
  Scenario: A critical finding with no waiver stops the release cold
    Given a manifest "auth" version "3.2.0"
    When I build "auth" as A1
    Given the unit tests of A1 pass with 95% coverage
    And the scan of A1 shows CVE-2026-4021 (CRITICAL, package libxml2)
    And the integration tests of A1 pass
    When I run the pipeline for A1
    Then the pipeline got blocked at the scan gate
    And the block mentions CVE-2026-4021
    And A1 is not signed

  @pipeline
  Scenario: A waiver with a reason and an expiry lets the build through
    Given a manifest "auth" version "3.2.1"
    When I build "auth" as A2
    Given the unit tests of A2 pass with 92% coverage
    And the scan of A2 finds:
      | id            | severity | package |
      | CVE-2026-3307 | HIGH     | zlib    |
    And Priya from security waives CVE-2026-3307 until 2027-03-31 because "code path not compiled in"
    And the integration tests of A2 pass
    When I run the pipeline for A2
    Then the pipeline passes
    And A2 is signed

  @pipeline
  Scenario: A signature lifted from another build gets refused at deploy time
    Given a manifest "auth" version "3.3.0"
    And R1 passed every gate
    And R1 is already running on prod
    When I build "auth" as R2
    And I attach the signature of R1 to R2
    And I deploy R2 to prod
    Then the operation fails with "a copied signature"
    And prod runs R1

  @pipeline
  Scenario: Prod records the digest we promoted, never a floating tag
    Given commit 9e1f0aa is built as R1
    And R1 passed every gate
    When I promote R1 to dev, then staging, then prod
    And I approve the promotion of R1 to prod
    Then dev, staging and prod all run R1
    And the history of prod references the digest of R1, not a tag

  @pipeline
  Scenario: A gate with no evidence blocks instead of waving the build through
    Given a manifest "ledger" version "0.9.0"
    When I build "ledger" as L1
    Given the unit tests of L1 pass with 97% coverage
    When I run the pipeline for L1
    Then the pipeline does not pass
    And the pipeline got blocked at the scan gate
    And L1 is not signed

  @story
  Scenario: A rollback after a bad release lands on the old digest, not a rebuild
    Given prod runs version v1 of "auth" on 3 nodes with 4 replicas
    And auth has a 99.9% availability SLO "auth-avail" over 30 days
    And auth rolls back on its own when "auth-avail" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 30% of requests
    When 15 minutes pass
    Then an alert rolled prod back 1 time
    And prod runs v1
    And the history of prod is v1, v2 and v1

  @story
  Scenario Outline: Only a fully gated build ever gets scheduled onto the cluster
    Given 3 nodes
    And a deployment "auth" with 3 replicas at version v1
    And a manifest "auth" version "<version>"
    When I build "auth" as B1
    Given the scan of B1 shows <cve> (<severity>, package <package>)
    And the unit tests of B1 pass with 94% coverage
    And the integration tests of B1 pass
    When I run the pipeline for B1
    Then the pipeline got blocked at the scan gate
    And every pod of "auth" runs v1

    Examples:
      | version | cve           | severity | package  |
      | 3.4.0   | CVE-2026-5550 | CRITICAL | openssl  |
      | 3.4.1   | CVE-2026-5601 | HIGH     | glibc    |
