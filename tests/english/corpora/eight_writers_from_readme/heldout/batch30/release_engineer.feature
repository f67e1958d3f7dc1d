Feature: Getting builds from a commit to prod without surprises
  As the person who cuts releases every week
  I want the gates, signatures and promotions to behave the same way every time
  So that nothing reaches prod that we did not mean to ship

  @pipeline
  Scenario: Coverage that dips under our bar stops the release at the first gate
    Given a manifest "checkout" version "2.4.0"
    And the coverage threshold is 85%
    When I build "checkout" as C1
    Given the unit tests of C1 pass with 82% coverage
    And the integration tests of C1 pass
    When I run the pipeline for C1
    Then the pipeline fails
    And the pipeline got blocked at the unit test gate
    And C1 is not signed

  @pipeline
  Scenario: A critical CVE blocks until security signs a waiver for it
    Given a manifest "web" version "3.1.0"
    When commit 4b7c2de is built as R7
    Given the unit tests of R7 pass with 93% coverage
    And the scan of R7 shows CVE-2026-2222 (CRITICAL, package libxml2)
    And the integration tests of R7 pass
    When I run the pipeline for R7
    Then the pipeline got blocked at the scan gate
    Given Priya from security waives CVE-2026-2222 until 2027-03-01 because "parser path is never called"
    When I run the pipeline for R7
    Then the pipeline passes
    And R7 is signed

  @pipeline
  Scenario: Nothing lands in prod until somebody approves it
    Given a manifest "web" version "3.2.0"
    When I build "web" as R8
    Given R8 passed every gate
    When I promote R8 to dev, then staging, then prod
    Then staging runs R8
    But prod runs nothing
    When Priya approves the promotion of R8 to prod
    Then prod runs R8
    And the history of prod references the digest of R8, not a tag

  @pipeline
  Scenario: Somebody tries to reuse last week's signature on a new build
    Given a manifest "web" version "3.3.0"
    When I build "web" as R9
    Given R9 passed every gate
    And R9 was promoted to dev, staging and prod
    When I approve the promotion of R9 to prod
    Given a manifest "web" version "3.3.1"
    When I build "web" as R10
    And I attach the signature of R9 to R10
    And I deploy R10 to prod
    Then the operation fails with "a copied signature"
    And prod still runs R9

  @pipeline
  Scenario Outline: A gate without evidence blocks instead of quietly passing
    Given a manifest "billing" version "1.0.0"
    When I build "billing" as B1
    Given the unit tests of B1 <unit>
    And the scan of B1 <scan>
    When I run the pipeline for B1
    Then the pipeline got blocked at the <gate> gate
    And the pipeline output mentions "missing evidence"

    Examples:
      | unit                        | scan                | gate        |
      | pass with 95% coverage      | finds nothing       | integration |
      | pass with 95% coverage      | was never run       | scan        |
      | were never reported         | finds nothing       | unit test   |

  @story
  Scenario: A bad release goes out, burns the budget, pages, and backs itself out
    Given prod runs version v1 of "web" on 3 nodes with 4 replicas
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And web rolls back on its own when "availability" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 25% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And prod runs v1
    And every pod of "web" runs v1
    And the history of prod is v1, v2 and v1

  @story
  Scenario: On-call rolls back by hand after the error alert fires
    Given a 3-node cluster running 4 replicas of web at v1
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    And web is taking 200 requests per second with hardly any errors
    And v2 is signed, approved and promoted all the way to prod
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 1
    And 8% of its requests come back with HTTP 500
    And 10 minutes pass
    Then "WebErrors" is firing
    When on-call rolls prod back to v1
    Then prod runs v1
    And the history of prod references the digest of v1, not a tag
