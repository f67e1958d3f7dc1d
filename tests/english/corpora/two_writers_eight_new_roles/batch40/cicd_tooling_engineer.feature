Feature: Our release ladder behaves the way the platform team promised
  As the person who maintains the shared CI/CD templates
  I want the gate ladder, signing and promotion rules pinned down in plain scenarios
  So that nobody "temporarily" bypasses a gate and forgets to put it back

  @pipeline
  Scenario: A build with no scan results stops at the scan gate instead of sneaking through
    Given a manifest "billing" version "2.4.0"
    And the coverage threshold is 80%
    When I build "billing" as B1
    Given the unit tests of B1 pass with 86% coverage
    When I run the pipeline for B1
    Then the pipeline got blocked at the scan gate
    And B1 is not signed

  @pipeline
  Scenario: Coverage one point under the bar blocks the first rung
    Given a manifest "billing" version "2.4.1"
    And the coverage threshold is 85%
    When I build "billing" as B2
    Given the unit tests of B2 pass with 84% coverage
    And the scan of B2 finds nothing
    And the integration tests of B2 pass
    When I run the pipeline for B2
    Then the pipeline fails
    And the pipeline got blocked at the unit test gate
    And B2 is not signed

  @pipeline
  Scenario Outline: A critical finding only ships when someone has signed off on it
    Given a manifest "gateway" version "<version>"
    When I build "gateway" as G1
    Given the unit tests of G1 pass with 95% coverage
    And the scan of G1 shows CVE-2026-4242 (CRITICAL, package libxml2)
    And <waiver>
    And the integration tests of G1 pass
    When I run the pipeline for G1
    Then the pipeline <outcome>

    Examples:
      | version | waiver                                                                                   | outcome |
      | 3.0.0   | Priya from security waives CVE-2026-4242 until 2027-03-01 because "parser not exposed"   | passes  |
      | 3.0.1   | waiver list version 7 accepts CVE-2026-1111 because "unrelated" until 2027-03-01        | fails   |

  @pipeline
  Scenario: Promotion follows the digest, not whatever the tag points at this afternoon
    Given a manifest "gateway" version "3.1.0"
    When I build "gateway" as G2
    Given G2 passed every gate
    When I promote G2 to dev, then staging, then prod
    And I approve the promotion of G2 to prod
    Then dev, staging and prod all run G2
    And the history of prod references the digest of G2, not a tag

  @pipeline
  Scenario: Lifting a signature off an older build gets refused at deploy time
    Given a manifest "gateway" version "3.2.0"
    When I build "gateway" as G3
    Given G3 passed every gate
    And G3 was promoted to dev, staging and prod
    When I approve the promotion of G3 to prod
    Given a manifest "gateway" version "3.2.1"
    When I build "gateway" as G4
    And I attach the signature of G3 to G4
    And I deploy G4 to prod
    Then the operation fails with "a copied signature"
    And prod runs G3

  @story
  Scenario: A bad release makes it through the ladder, burns budget and gets rolled back on its own
    Given 3 nodes
    And a deployment "gateway" with 4 replicas requesting 500m CPU per pod
    And the service "gateway" serves 100 requests per second
    And an SLO "gw-availability" of 99.9% over 30 days for the service "gateway"
    And "gateway" rolls back when the SLO "gw-availability" pages
    And a manifest "gateway" version "v1"
    When I build "gateway" as R1
    Given R1 passed every gate
    And R1 was promoted to dev, staging and prod
    When I approve the promotion of R1 to prod
    And 1 hour passes
    Then prod runs R1

  @story
  Scenario: The follow-up release that broke things is undone and the history shows it
    Given prod runs version v1 of "gateway" on 3 nodes with 4 replicas
    And an SLO "gw-availability" of 99.9% over 30 days for the service "gateway"
    And gateway rolls back on its own when "gw-availability" pages
    And pods running v2 fail 25% of requests
    When v2 is signed, approved and promoted all the way to prod
    And I roll out v2 to "gateway" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "gateway" runs v1
    And telling the story again gives the same timeline, event for event
