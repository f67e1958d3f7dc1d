Feature: Getting builds from main into prod without surprises
  I own the release calendar. Nothing ships without passing the ladder,
  nothing skips a gate quietly, and prod only moves when someone signs off.

  @pipeline
  Scenario: A clean build goes through every gate in order and gets signed
    Given a manifest "billing" version "4.1.0"
    And the coverage threshold is 85%
    When commit 7ab03de is built as B1
    Given the unit tests of B1 pass with 88% coverage
    And the scan of B1 finds nothing
    And the integration tests of B1 pass
    When I run the pipeline for B1
    Then the pipeline passes
    And B1 is signed

  @pipeline
  Scenario Outline: Coverage below the bar stops the train at the first gate
    Given a manifest "billing" version "4.2.0"
    And the coverage threshold is <threshold>%
    When I build "billing" as B2
    Given the unit tests of B2 pass with <coverage>% coverage
    When I run the pipeline for B2
    Then the pipeline got blocked at the unit test gate
    And B2 is not signed

    Examples:
      | threshold | coverage |
      | 90        | 89       |
      | 80        | 62       |

  @pipeline
  Scenario: A gate with no results blocks instead of waving the build through
    Given a manifest "billing" version "4.3.0"
    When I build "billing" as B3
    Given the unit tests of B3 pass with 93% coverage
    When I run the pipeline for B3
    Then the pipeline got blocked at the scan gate
    And the block mentions missing evidence

  @pipeline
  Scenario: Security's waiver lets a known, unreachable finding through the scan gate
    Given a manifest "billing" version "4.4.0"
    When I build "billing" as B4
    Given the unit tests of B4 pass with 92% coverage
    And the scan of B4 finds:
      | id            | severity | package |
      | CVE-2026-3030 | HIGH     | zlib    |
    And Priya from security waives CVE-2026-3030 until 2027-06-30 because "not reachable"
    And the integration tests of B4 pass
    When I run the pipeline for B4
    Then the pipeline passes
    And B4 is signed

  @pipeline
  Scenario: Prod waits for my approval and won't take a borrowed signature
    Given a manifest "billing" version "5.0.0"
    When I build "billing" as R1
    Given R1 passed every gate
    When I promote R1 to dev, then staging, then prod
    Then prod runs nothing
    When I approve the promotion of R1 to prod
    Then dev, staging and prod all run R1
    Given a manifest "billing" version "5.0.1"
    When I build "billing" as R2
    And I attach the signature of R1 to R2
    And I deploy R2 to prod
    Then the operation fails with "a copied signature"

  @cluster
  Scenario: The prod rollout never drops below full capacity
    Given a deployment "billing" with 6 replicas at version v1
    And 3 nodes
    When I roll out version v2 of billing with maxSurge 1 and maxUnavailable 0
    Then every pod of "billing" runs v2
    And at its lowest the rollout had 6 ready pods
    And the rollout never exceeded 7 pods

  @story
  Scenario: Release train from commit to prod, then the regression sends us back
    Given prod runs version v1 of "billing" on 3 nodes with 6 replicas
    And the service "billing" serves 150 requests per second
    And an SLO "billing-avail" of 99.9% over 30 days for the service "billing"
    And "billing" rolls back when the SLO "billing-avail" pages
    And commit e91f4c2 is built as v2
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 20% of requests
    When I roll out v2 to "billing" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And the history of prod is v1, v2 and v1

  @story
  Scenario: A hotfix goes out the same afternoon and keeps the budget intact
    Given 3 nodes
    And a deployment "billing" with 4 replicas
    And the service "billing" serves 100 requests per second with 0% errors
    And an SLO "billing-avail" of 99.9% over 30 days for the service "billing"
    And a manifest "billing" version "5.0.2"
    When I build "billing" as H1
    Given H1 passed every gate
    When I sign H1, get it approved and deploy it to prod
    And I roll out H1 to "billing" with maxSurge 1 and maxUnavailable 0
    And 2 hours pass
    Then every pod of "billing" runs H1
    And the SLO "billing-avail" does not page
