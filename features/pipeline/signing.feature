@task-5 @points=2
Feature: Verify before deploy: only a signature for this digest, by a trusted key
  The sign gate signs the digest with Ed25519 over cosign's simple-signing payload; the
  same seed always gives the same key and the same signature. Every deploy verifies:
  a trusted key, a signature that checks over its payload, and a payload claiming this
  very digest. A refused deploy leaves the environment running what it ran.

  Background:
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1
    And D1 passed every gate
    And a manifest "web" version "1.1.0"
    And I built "web" as D2

  @kubeloop-exact
  Scenario: Signatures are deterministic: the scenario can pin them
    Then D1 is signed by key "ci"
    And the signature of D1 by key "ci" is "kvUQp4UEjKBZLrP20JpVdUP6mHe7tZmUQdsLPB3Li6zPreSncQhtEYnGtdWarkSCbmzcb0nFWrQYQcJqaPmdAQ=="

  Scenario: A signature copied from D1 onto D2 is refused, and prod keeps D1
    Given D1 was promoted to dev and staging
    When I promote D1 to prod
    And I approve the promotion of D1 to prod
    Then prod runs D1
    When I attach the signature of D1 to D2
    Then D2 is not signed
    When I deploy D2 to prod
    Then the operation fails with "invalid or missing digest in claim: a copied signature"
    And prod runs D1

  Scenario: Prod said to run a build with its facts after a comma keeps it when a copy is refused
    Given prod is running D1, signed and approved yesterday
    When I attach the signature of D1 to D2
    And I deploy D2 to prod
    Then the operation fails with "a copied signature"
    And prod keeps running D1

  Scenario: An unsigned digest is refused
    When I deploy D2 to dev
    Then the operation fails with "dev refuses web 1.1.0"
    And dev runs nothing

  Scenario: A signature by a key the environment does not trust is refused
    Given key "rogue" from seed "not ours"
    And D2 passed every gate
    And prod trusts only key "release"
    Then the operation fails with "unknown key(s) release"

  Scenario: Trust is per environment
    Given the pipeline signs with key "release" from seed "release-2026"
    And key "ci" from seed "kubeloop-ci"
    And staging trusts only key "ci"
    And D2 passed every gate
    Then D2 is signed by key "release"
    When I promote D2 to dev
    Then dev runs D2
    When I promote D2 to staging
    Then the operation fails with "signed by key \"release\""
    And staging runs nothing

  Scenario: Signing outside the pipeline with a trusted key does not skip the gates
    Given key "ops" from seed "ops-seed"
    And dev also trusts key "ops"
    When I sign D2 with key "ops"
    Then D2 is signed by key "ops"
    When I deploy D2 to dev
    Then the operation fails with "has never been through the pipeline"

  Scenario: A signature made with a key nobody trusts is refused
    Given key "rogue" from seed "not ours"
    When I sign D2 with key "rogue"
    And I deploy D2 to dev
    Then the operation fails with "signed by key \"rogue\""
