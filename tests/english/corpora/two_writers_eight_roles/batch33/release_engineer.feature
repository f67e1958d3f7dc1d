Feature: Cutting and shipping releases of the storefront
  As the person who owns the release train
  I want every build to earn its way to prod by digest
  So that what we tested is exactly what customers run

  @pipeline
  Scenario: A clean build climbs the whole ladder and waits for sign-off at prod
    Given a manifest "storefront" version "4.2.0"
    And the coverage threshold is 85%
    When I build "storefront" as R1
    Given the unit tests of R1 pass with 88% coverage
    And the scan of R1 finds nothing
    And the integration tests of R1 pass
    When I run the pipeline for R1
    Then the pipeline passes
    And R1 is signed
    When I promote R1 to dev, then staging, then prod
    Then prod runs nothing
    And staging runs R1

  @pipeline
  Scenario: Coverage dipping under the bar stops the train at the first gate
    Given a manifest "storefront" version "4.2.1"
    And the coverage threshold is 90%
    When I build "storefront" as R2
    Given the unit tests of R2 pass with 84% coverage
    And the scan of R2 finds nothing
    And the integration tests of R2 pass
    When I run the pipeline for R2
    Then the pipeline got blocked at the unit test gate
    And R2 is not signed

  @pipeline
  Scenario: Forgetting to upload integration results is a block, not a free pass
    Given a manifest "storefront" version "4.2.2"
    When I build "storefront" as R3
    Given the unit tests of R3 pass with 95% coverage
    And the scan of R3 finds nothing
    When I run the pipeline for R3
    Then the pipeline fails
    And the failure mentions "integration"
    And R3 is not signed

  @pipeline
  Scenario: Prod history points at digests, never at tags
    Given a manifest "storefront" version "4.3.0"
    When commit 9e1f0aa is built as R4
    Given R4 passed every gate
    And R4 was promoted to dev, staging and prod
    When Marco approves the promotion of R4 to prod
    Then prod runs R4
    And the history of prod references the digest of R4, not a tag

  @pipeline
  Scenario: Rolling prod back to the previous release by its digest
    Given a manifest "storefront" version "5.0.0"
    When I build "storefront" as R5
    Given R5 passed every gate
    And R5 was promoted to dev, staging and prod
    When I approve the promotion of R5 to prod
    Given a manifest "storefront" version "5.0.1"
    When I build "storefront" as R6
    Given R6 passed every gate
    When I promote R6 to dev, then staging, then prod
    And I approve the promotion of R6 to prod
    And I roll prod back to R5
    Then the history of prod is R5, R6 and R5

  @story
  Scenario: A bad release goes out on Friday, burns budget and rolls itself back
    Given 4 nodes
    And a deployment "storefront" with 6 replicas requesting 500m CPU per pod
    And the service "storefront" serves 200 requests per second
    And an SLO "checkout-availability" of 99.9% over 30 days for the service "storefront"
    And "storefront" rolls back when the SLO "checkout-availability" pages
    And a manifest "storefront" version "v7"
    When I build "storefront" as R7
    Given R7 passed every gate
    And R7 was promoted to dev, staging and prod
    When I approve the promotion of R7 to prod
    And 1 hour passes
    Then prod runs R7

  @story
  Scenario: The follow-up build is broken and the rollout gets undone by the alert
    Given prod runs version v7 of "storefront" on 4 nodes with 6 replicas
    And "storefront" rolls back on its own when "checkout-availability" pages
    And pods running v8 fail 25% of requests
    When v8 is signed, approved and promoted all the way to prod
    And I roll out v8 to "storefront" with maxSurge 1 and maxUnavailable 0
    And 20 minutes pass
    Then an alert rolled prod back 1 time
    And prod runs v7
    And every pod of "storefront" runs v7
    And telling the story again gives the same timeline, event for event
