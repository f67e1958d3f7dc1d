Feature: Shipping through the gate ladder

  Background:
    Given a manifest "checkout" version "2.4.0"
    And the coverage threshold is 90%

  Scenario: Low coverage blocks at the unit gate and nothing after it runs
    When I build "checkout" as C1
    Given the unit tests of C1 pass with 85% coverage
    And the scan of C1 finds nothing
    And the integration tests of C1 pass
    When I run the pipeline for C1
    Then the pipeline is blocked at unit
    And gate unit says "85%"
    And gate scan did not run
    And gate integration did not run
    And the scan gate was skipped because the unit gate failed
    And C1 is not signed

  Scenario Outline: Coverage is rounded the way coverage.py rounds it
    When I build "checkout" as C1
    Given C1's unit tests pass with <coverage> coverage
    And C1's scan finds nothing
    And C1's integration tests pass
    When I run the pipeline
    Then gate unit <verdict>

    Examples:
      | coverage | verdict                |
      | 89.5%    | passed                 |
      | 88.5%    | says "88"              |
      | 89.49%   | says "89"              |
      | 90%      | passed                 |

  Scenario: A waiver carries a HIGH CVE until the day it expires
    When I build "checkout" as C1
    Given the unit tests of C1 pass with 95% coverage
    And the scan of C1 finds:
      | id             | severity | package |
      | CVE-2026-31337 | HIGH     | libxml2 |
      | CVE-2026-00042 | LOW      | zlib    |
    And the integration tests of C1 pass
    And waiver list version 7 accepts CVE-2026-31337 because "parser not reachable from input" until 2026-03-01
    And today is 2026-02-28
    When I run the pipeline for C1
    Then the pipeline passes
    And the scan waived CVE-2026-31337 under waiver list version 7
    When the date becomes 2026-03-01
    And I run the pipeline for C1
    Then the pipeline is blocked at scan
    And gate scan says "CVE-2026-31337 (HIGH in libxml2) blocks"
    And gate integration did not run

  Scenario: An older waiver list cannot replace a newer one
    When I build "checkout" as C1
    Given waiver list version 7 accepts CVE-2026-31337 because "not reachable"
    And waiver list version 6 accepts CVE-2026-31337 because "sneaky downgrade"
    Then the operation fails with "version"

  Scenario: Only the release key is trusted in prod; a rogue signature and a copied one are refused
    Given the pipeline signs with key "release" from seed "release-2026"
    And key "rogue" from seed "definitely-not-ours"
    And prod trusts only key "release"
    When I build "checkout" as C1
    Given C1 passed every gate
    Then C1 is signed by key "release"
    Given a manifest "checkout" version "2.4.1"
    When I build "checkout" as C2
    And I sign C2 with key "rogue"
    And I deploy C2 to prod
    Then the operation fails with "rogue"
    And prod runs nothing
    When I attach the signature of C1 to C2
    And I deploy C2 to prod
    Then the operation fails with "invalid or missing digest in claim"
    And prod runs nothing

  Scenario: Promotion moves one digest dev to staging to prod, prod behind an approval
    When I build "checkout" as C1
    Given C1 passed every gate
    When I promote C1 to dev
    And I promote C1 to staging
    And I promote C1 to prod
    Then the promotion of C1 to prod is waiting for approval
    And prod runs nothing
    When I approve the promotion of C1 to prod
    Then prod runs C1
    And staging runs C1
    And an event Promoted was recorded for prod
    When I tag C1 as "latest"
    And I deploy "checkout:latest" to prod
    Then the operation fails with "tag"

  Scenario: Skipping staging is refused
    When I build "checkout" as C1
    Given C1 passed every gate
    When I promote C1 to dev
    And I promote C1 to prod
    Then the operation fails with "staging"
    And prod runs nothing

  Scenario: A bad release is rolled back to the last known-good digest
    When I build "checkout" as C1
    Given C1 passed every gate
    And C1 was promoted to dev, staging and prod
    And I approve the promotion of C1 to prod
    Given a manifest "checkout" version "2.5.0"
    When I build "checkout" as C2
    Given C2 passed every gate
    And C2 was promoted to dev, staging and prod
    When I approve the promotion of C2 to prod
    Then prod runs C2
    When I roll back prod
    Then prod runs C1
    And the history of prod is C1, C2 and C1
    And the known-good digests of prod are C1
    And C1 and C2 are different artifacts

  Scenario: Rebuilding the same content gives the same digest, and re-running is a no-op
    When I build "checkout" as C1
    And I build "checkout" as C1-again
    Then C1 and C1-again are the same artifact
    And the digest of C1 starts with "sha256:"
    Given C1 passed every gate
    Then running the pipeline again changes nothing
