Feature: What I check at every client engagement
  As a DevOps consultant walking into someone else's platform
  I want a handful of scenarios that prove the basics hold
  So that my report is based on evidence, not on what the team tells me

  @cluster
  Scenario: Requests are sized so the scheduler can actually place everything
    Given 2 nodes
    And a deployment "checkout" with 6 replicas requesting 1 CPU per pod
    When I reconcile
    Then 6 pods of "checkout" are running
    When node-1 fails and I reconcile
    Then some pods of "checkout" are pending
    And no pod is on node-1

  @cluster
  Scenario: Batch work lands only on the batch pool
    Given a node pool "batch" with 3 nodes of 8 CPU and 32Gi memory labeled tier=batch
    And a node pool "general" with 2 nodes of 4 CPU and 8Gi memory labeled tier=general
    And a deployment "reports" with 4 replicas that must run on tier=batch
    When I reconcile
    Then every pod of "reports" is on a node labeled tier=batch
    And nothing of "reports" is scheduled on the general pool

  @cluster
  Scenario: A rolling update with no surge still keeps the service up
    Given a 3-node cluster running 6 replicas of checkout at v1
    When I roll out version v2 of checkout with maxSurge 0 and maxUnavailable 1
    Then every pod of "checkout" runs v2
    And no fewer than 5 checkout pods have stayed ready during the rollout
    When I roll back checkout
    Then every pod of "checkout" runs v1

  @pipeline
  Scenario: No gate is allowed to pass just because nobody uploaded results
    Given a manifest "checkout" version "5.2.0"
    When I build "checkout" as C1
    Given the unit tests of C1 pass with 88% coverage
    When I run the pipeline for C1
    Then the pipeline does not pass
    And the pipeline got blocked at the scan gate
    And the block mentions the missing evidence

  @pipeline
  Scenario: An expired waiver stops protecting a known CVE
    Given a manifest "checkout" version "5.2.1"
    When I build "checkout" as C2
    Given the unit tests of C2 pass with 91% coverage
    And the scan of C2 shows CVE-2026-2222 (HIGH, package zlib)
    And Priya from security waives CVE-2026-2222 until 2025-01-31 because "fix scheduled"
    And the integration tests of C2 pass
    When I run the pipeline for C2
    Then the pipeline got blocked at the scan gate
    And the block mentions CVE-2026-2222

  @telemetry
  Scenario Outline: The burn-rate alerts page for a real outage, whatever the objective
    Given the service "checkout" serves 100 requests per second with 0% errors
    And an SLO "checkout-avail" of <objective> over 30 days for the service "checkout"
    When the service "checkout" starts failing 100% of requests
    And 10 minutes pass
    Then the burn-rate alert for checkout pages the on-call

    Examples:
      | objective |
      | 99%       |
      | 99.5%     |
      | 99.9%     |

  @story
  Scenario: The client's whole path from commit to automatic rollback actually works
    Given 3 nodes
    And a deployment "checkout" with 4 replicas requesting 500m CPU per pod
    And the service "checkout" serves 100 requests per second
    And each pod of "checkout" serves at most 50 requests per second
    And an SLO "checkout-avail" of 99.9% over 30 days for the service "checkout"
    And "checkout" rolls back when the SLO "checkout-avail" pages
    And prod runs version v1 of "checkout" on 3 nodes with 4 replicas
    And pods running v2 fail 20% of requests
    When v2 is signed, approved and promoted all the way to prod
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And telling the story again gives the same timeline, event for event

  @story
  Scenario: A signature lifted from an older build cannot sneak into prod
    Given a manifest "checkout" version "5.3.0"
    When I build "checkout" as C3
    Given C3 passed every gate
    And C3 was promoted to dev, staging and prod
    When I approve the promotion of C3 to prod
    Given a manifest "checkout" version "5.3.1"
    When I build "checkout" as C4
    And I attach the signature of C3 to C4
    And I deploy C4 to prod
    Then the operation fails with "a copied signature"
    And prod runs C3
