Feature: Promotion by digest, verify-before-deploy and rollback
  The same signed digest moves dev -> staging -> prod. Prod needs an approval,
  every deploy verifies the signature first, and rollback returns to the last
  known-good digest.

  Background:
    Given a manifest "payments" version "4.1.0"
    And the coverage threshold is 85%
    When I build "payments" as R1
    Given the unit tests of R1 pass with 92% coverage
    And the scan of R1 finds nothing
    And the integration tests of R1 pass
    When I run the pipeline for R1

  Scenario: Prod waits for an approval
    When I promote R1 to dev
    And I promote R1 to staging
    And I promote R1 to prod
    Then prod runs nothing
    When I approve the promotion of R1 to prod
    Then prod runs R1
    And an event Promoted was recorded for R1 to prod

  Scenario: Skipping staging is refused
    When I promote R1 to dev
    And I promote R1 to prod
    Then the operation fails with "staging"
    And prod runs nothing

  Scenario: A rejected promotion never reaches prod
    When I promote R1 to dev
    And I promote R1 to staging
    And I promote R1 to prod
    And I reject the promotion of R1 to prod
    Then prod runs nothing

  Scenario: A build that failed its gates cannot be promoted
    Given a manifest "payments" version "4.1.1"
    When I build "payments" as R2
    Given the unit tests of R2 fail
    When I run the pipeline for R2
    And I promote R2 to dev
    Then the operation fails with "did not pass"
    And dev runs nothing

  Scenario: Prod refuses a digest signed by a key it does not trust
    Given key "release" from seed "release-2026"
    And prod trusts only key "release"
    When I promote R1 to dev
    And I promote R1 to staging
    And I approve the promotion of R1 to prod
    And I promote R1 to prod
    Then the operation fails with "trust"
    And prod runs nothing
    And staging runs R1

  Scenario: Rolling back prod returns the previous known-good digest
    Given I approve the promotion of R1 to prod
    When I promote R1 to dev
    And I promote R1 to staging
    And I promote R1 to prod
    Given a manifest "payments" version "4.1.2"
    When I build "payments" as R2
    Given the unit tests of R2 pass with 90% coverage
    And the scan of R2 finds nothing
    And the integration tests of R2 pass
    When I run the pipeline for R2
    And I promote R2 to dev
    And I promote R2 to staging
    And I promote R2 to prod
    And I approve the promotion of R2 to prod
    Then prod runs R2
    When I roll back prod
    Then prod runs R1
    And the history of prod is R1, R2 and R1
    And the known-good digests of prod are R1

  Scenario: Deploying by tag is refused
    When I deploy "payments:4.1.0" to dev
    Then the operation fails with "tag"
