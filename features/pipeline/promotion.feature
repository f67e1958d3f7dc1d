@task-6 @points=3
Feature: The same digest moves dev → staging → prod, never rebuilt
  Only a digest whose latest run passed every gate can be promoted, one environment after
  the other; prod waits for a manual approval. Each environment records what it runs and
  its known-good history; rollback redeploys the previous known-good digest through the
  same verification.

  Background:
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1
    And D1 passed every gate

  Scenario: Promote through every environment, with an approval for prod
    When I promote D1 to dev
    And I promote D1 to staging
    And I promote D1 to prod
    Then prod runs nothing
    And the promotion of D1 to prod is waiting for approval
    When I approve the promotion of D1 to prod
    Then prod runs D1
    And staging runs D1
    And the history of prod is D1

  Scenario: An approval given first lets the promotion through at once
    Given D1 was promoted to dev and staging
    When I approve the promotion of D1 to prod
    Then prod runs nothing
    When I promote D1 to prod
    Then prod runs D1

  Scenario: Skipping an environment is refused
    When I promote D1 to staging
    Then the operation fails with "it has not run in dev"
    And staging runs nothing

  Scenario: A digest that did not pass cannot be promoted
    Given a manifest "web" version "2.0.0"
    And I built "web" as D2
    And the unit tests of D2 fail
    When I run the pipeline for D2
    And I promote D2 to dev
    Then the operation fails with "did not pass the pipeline (run 2 blocked at unit"
    And dev runs nothing

  Scenario: A digest never run through the pipeline cannot be promoted
    Given a manifest "web" version "2.0.0"
    And I built "web" as D2
    When I promote D2 to dev
    Then the operation fails with "has never been through the pipeline"

  Scenario: A rejected promotion fails, and prod keeps what it runs
    Given D1 was promoted to dev and staging
    When I promote D1 to prod
    And I reject the promotion of D1 to prod
    Then prod runs nothing
    When I approve the promotion of D1 to prod
    And I promote D1 to prod
    Then prod runs D1

  Scenario: A promotion not approved within 30 days fails
    Given D1 was promoted to dev and staging
    When I promote D1 to prod
    And the date becomes 2026-02-15
    And I approve the promotion of D1 to prod
    Then the operation fails with "longer than 2592000s"
    And prod runs nothing

  Scenario: Deploying straight to prod needs the approval too
    Given D1 was promoted to dev and staging
    When I deploy D1 to prod
    Then the operation fails with "prod needs a manual approval"

  Scenario: A deploy keeps the promotion order, as admission to the cluster does
    When I deploy D1 to staging
    Then the operation fails with "it has not run in dev"
    And the reason mentions "promote it to dev first"
    And staging runs nothing
    When I promote D1 to dev
    And I deploy D1 to staging
    Then staging runs D1

  Scenario: A release approved and deployed in one breath goes through every environment
    When I approve D1 and deploy it to prod
    Then dev, staging and prod all run D1
    And the history of prod is D1

  Scenario: Approving where no approval is needed is a mistake, said plainly
    When I approve the promotion of D1 to staging
    Then the operation fails with "staging needs no approval"

  Scenario: An unknown environment is named with the known ones
    When I promote D1 to qa
    Then the operation fails with "environment \"qa\" not found; known: dev, staging, prod"

  Scenario: Promoting again changes nothing
    Given D1 was promoted to dev and staging
    When I promote D1 to staging
    Then the history of staging is D1
    And running the pipeline again changes nothing

  Scenario: Roll back prod to its previous known-good digest
    Given a manifest "web" version "2.0.0"
    And I built "web" as D2
    And D2 passed every gate
    And D1 was promoted to dev and staging
    And D2 was promoted to dev and staging
    When I promote D1 to prod
    And I approve the promotion of D1 to prod
    And I promote D2 to prod
    And I approve the promotion of D2 to prod
    Then prod runs D2
    When I roll back prod
    Then prod runs D1
    And the history of prod is D1, D2 and D1
    And the known-good digests of prod are D1

  Scenario: Rolling back with no previous known-good digest is a clear error
    Given D1 was promoted to dev
    When I roll back dev
    Then the operation fails with "dev has no previous known-good digest to roll back to"
    And dev runs D1

  Scenario: Rolling back an environment that runs nothing
    When I roll back prod
    Then the operation fails with "prod runs nothing"

  Scenario: Rollback goes through the same verification
    Given a manifest "web" version "2.0.0"
    And I built "web" as D2
    And D2 passed every gate
    And D1 was promoted to dev
    And D2 was promoted to dev
    And dev trusts only key "release"
    Then the operation fails with "unknown key(s) release"

  Scenario: Rollback refused when the old digest is no longer trusted
    Given key "release" from seed "release-2026"
    And a manifest "web" version "2.0.0"
    And I built "web" as D2
    And D2 passed every gate
    And D1 was promoted to dev
    And D2 was promoted to dev
    And dev trusts only key "release"
    When I roll back dev
    Then the operation fails with "dev refuses web 1.0.0"
    And dev runs D2

  Scenario: Rebuilding for prod gives different bytes, which never passed
    Given D1 was promoted to dev and staging
    And the manifest "web":
      """
      {"name": "web", "version": "1.0.0", "labels": {"built-for": "prod"}}
      """
    And I built "web" as D1-prod
    When I deploy D1-prod to prod
    Then the operation fails with "it has no signature"
    And prod runs nothing

  Scenario: Every decision is an event that explains itself
    Given D1 was promoted to dev and staging
    When I promote D1 to prod
    And I approve the promotion of D1 to prod
    Then an event GatePassed was recorded for "run/1/scan" saying "0 finding(s), none blocking"
    And an event WaitingForApproval was recorded saying "waits for a manual approval"
    And an event Promoted was recorded for "environment/prod" saying "verified signature by key \"ci\""
