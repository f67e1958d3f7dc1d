# The example in README's Lab 02 section, kept true by running it.
Feature: Ship web
  Scenario: A waived finding ships; a copied signature does not
    Given a manifest "web" version "1.0.0"
    And the coverage threshold is 90%
    When I build "web" as D1
    Given the unit tests of D1 pass with 91% coverage
    And the scan of D1 finds:
      | id            | severity | package |
      | CVE-2026-1111 | HIGH     | openssl |
    And waiver list version 3 accepts CVE-2026-1111 because "not reachable" until 2027-01-31
    And the integration tests of D1 pass
    When I run the pipeline for D1
    Then the pipeline passes
    And D1 is signed
    When I promote D1 to dev
    And I promote D1 to staging
    And I promote D1 to prod
    Then prod runs nothing
    When I approve the promotion of D1 to prod
    Then prod runs D1
    Given a manifest "web" version "1.0.1"
    When I build "web" as D2
    And I attach the signature of D1 to D2
    And I deploy D2 to prod
    Then the operation fails with "a copied signature"
    And prod runs D1
