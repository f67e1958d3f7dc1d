Feature: What my team agreed counts as a safe change
  Things I want written down once so new folks on the team can read
  how we ship and what we promise to the rest of the company.

  @pipeline
  Scenario: Nothing goes to prod without someone approving it
    Given a manifest "search" version "3.1.0"
    When I build "search" as B1
    Given B1 passed every gate
    When I promote B1 to dev, then staging, then prod
    Then dev and staging run B1
    But prod runs nothing
    When Aisha approves the promotion of B1 to prod
    Then dev, staging and prod all run B1

  @pipeline
  Scenario: Failing unit tests stop the build even if the rest looks fine
    Given commit 71ac02e is built as B2
    And 2 of the 300 unit tests fail for B2
    And the scan of B2 finds nothing
    And the integration tests of B2 pass
    When I run the pipeline for B2
    Then the pipeline got blocked at the unit test gate
    And B2 is not signed
    And staging runs nothing

  @pipeline
  Scenario: A waiver that ran out last month does not count anymore
    Given a manifest "search" version "3.1.2"
    When I build "search" as B3
    Given the unit tests of B3 pass with 93% coverage
    And the scan of B3 shows CVE-2025-0999 (HIGH, package zlib)
    And Priya from security waives CVE-2025-0999 until 2025-12-31 because "patched upstream soon"
    And the integration tests of B3 pass
    When I run the pipeline for B3
    Then the pipeline got blocked at the scan gate
    And the block mentions CVE-2025-0999

  @cluster
  Scenario: Our rollout settings never drop us below full capacity
    Given a 3-node cluster running 4 replicas of search at v1
    When I roll out version v2 of search with maxSurge 1 and maxUnavailable 0
    Then every pod of "search" runs v2
    And the rollout never exceeded 5 pods
    And at its lowest the rollout had 4 ready pods

  @cluster
  Scenario: Search pods stay spread across zones
    Given 4 nodes
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "search" with 4 replicas spread across zones
    When I reconcile
    Then 2 pods of "search" are in zone-a
    And 2 pods of "search" are in zone-b

  @telemetry
  Scenario Outline: Our SLO targets and how much room they give us
    Given <service> has a <target> availability SLO "<slo>" over <days> days
    And the service <service> serves 100 requests per second
    When the service <service> starts failing <rate> of requests
    And <duration> pass
    Then the error budget for "<slo>" is <budget>

    Examples:
      | service | target | slo           | days | rate | duration   | budget      |
      | search  | 99.5%  | search-avail  | 28   | 1%   | 2 hours    | not spent   |
      | search  | 99.5%  | search-avail  | 28   | 100% | 4 hours    | fully spent |
      | billing | 99.9%  | billing-avail | 30   | 100% | 50 minutes | fully spent |

  @story
  Scenario: A release that hurts customers is undone without anyone touching it
    Given prod runs version v1 of "search" on 3 nodes with 6 replicas
    And search has a 99.5% availability SLO "search-avail" over 28 days
    And the service "search" serves 150 requests per second
    And search rolls back on its own when "search-avail" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 30% of requests
    When I roll out v2 to "search" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then prod runs v1
    And the history of prod is v1, v2 and v1

  @story
  Scenario: A blocked release never reaches the cluster or the error budget
    Given prod runs version v1 of "search" on 3 nodes with 4 replicas
    And search has a 99.5% availability SLO "search-avail" over 28 days
    And the service "search" serves 100 requests per second
    And commit 5b0e6fd is built as B4
    And the unit tests of B4 pass with 91% coverage
    And the scan of B4 shows CVE-2026-1111 (CRITICAL, package openssl)
    When I run the pipeline for B4
    Then the pipeline got blocked at the scan gate
    When 1 hour passes
    Then every pod of "search" runs v1
    And the SLO "search-avail" does not page
