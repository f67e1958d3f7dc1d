Feature: Getting builds from commit to prod without surprises
  As the person who owns the release train
  I want the gates, signatures and promotions to behave the same every time
  So that nothing reaches prod that we didn't mean to ship

  @pipeline
  Scenario: Coverage under the bar stops the release at the first gate
    Given a manifest "checkout" version "2.4.0"
    And the coverage threshold is 85%
    When I build "checkout" as C1
    Given the unit tests of C1 pass with 79% coverage
    When I run the pipeline for C1
    Then the pipeline got blocked at the unit test gate
    And C1 is not signed

  @pipeline
  Scenario: A build with no integration results never gets waved through
    Given a manifest "checkout" version "2.4.1"
    When I build "checkout" as C2
    Given the unit tests of C2 pass with 92% coverage
    And the scan of C2 finds nothing
    When I run the pipeline for C2
    Then the pipeline is blocked at the integration test gate
    And the block mentions missing evidence
    And C2 is not signed

  @pipeline
  Scenario Outline: A scanner finding only ships once security signs off on it
    Given a manifest "billing" version "1.9.0"
    When I build "billing" as B1
    Given the unit tests of B1 pass with 95% coverage
    And the scan of B1 shows <cve> (<severity>, package <package>)
    And the integration tests of B1 pass
    When I run the pipeline for B1
    Then the pipeline got blocked at the scan gate
    Given Priya from security waives <cve> until 2027-03-31 because "<reason>"
    When I run the pipeline for B1
    Then the pipeline passes
    And B1 is signed

    Examples:
      | cve           | severity | package | reason                  |
      | CVE-2026-2041 | CRITICAL | openssl | not reachable from edge |
      | CVE-2026-3310 | HIGH     | zlib    | only used in tests      |

  @pipeline
  Scenario: Prod only moves after somebody approves, and it pins the digest
    Given commit 4c7d21e is built as R7
    And R7 passed every gate
    When I promote R7 to dev, then staging, then prod
    Then dev and staging run R7
    And prod runs nothing
    When Marcus approves the promotion of R7 to prod
    Then prod runs R7
    And the history of prod references the digest of R7, not a tag

  @pipeline
  Scenario: Someone tries to sneak an unsigned hotfix straight into prod
    Given a manifest "web" version "3.2.0"
    When I build "web" as H1
    Given H1 passed every gate
    And H1 was promoted to dev, staging and prod
    When I approve the promotion of H1 to prod
    Given a manifest "web" version "3.2.1-hotfix"
    When I build "web" as H2
    And I deploy H2 to prod
    Then the operation fails with "not signed"
    And prod runs H1

  @story
  Scenario: Friday release burns the budget and backs itself out
    Given 3 nodes
    And a deployment "web" with 6 replicas requesting 250m CPU per pod
    And the service "web" serves 200 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And web rolls back on its own when "availability" pages
    And v1 is signed, approved and promoted all the way to prod
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 15% of requests
    When I roll out v2 to "web" with maxSurge 2 and maxUnavailable 1
    And 20 minutes pass
    Then prod runs v1
    And the history of prod is v1, v2 and v1

  @story
  Scenario: On-call pulls the release back by hand before the burn alert gets there
    Given prod runs version v4 of "search" on 3 nodes with 6 replicas
    And search has a 99.5% availability SLO "search-avail" over 28 days
    And v5 is signed, approved and promoted all the way to prod
    And pods running v5 fail 5% of requests
    When I roll out v5 to "search" with maxSurge 1 and maxUnavailable 0
    And 5 minutes pass
    And on-call rolls prod back to v4
    Then every pod of "search" runs v4
    And the SLO "search-avail" does not page
    And the history of prod is v4, v5 and v4
