Feature: Releases said the way release engineers tell them
  A commit built at a version, builds named with their project, several at once, a
  rebuild, an approval by someone named and the audit log saying who, a history read in
  the possessive, a rollback counted and where the next one would go, a run on a given
  day, and a signature checked against one named key.

  Scenario: A commit at a version goes to prod with Marcus's approval
    Given commit 4b7c21e of "payments" at version "2.3.0" is built as P1
    And P1 passed every gate and was promoted to dev and staging
    When I promote P1 to prod
    Then prod is still empty
    When Marcus approves P1 for prod
    Then prod runs P1
    And the audit log shows that Marcus approved P1 for prod
    And the signature of P1 verifies against the ci key

  Scenario: Two builds at once, a rollback counted, and where the next would go
    Given R1 and R2 of "payments" both passed every gate
    And prod has run R1 and then R2
    Then rolling back prod would go back to R1
    When I roll back prod
    Then prod has been rolled back exactly once
    And prod's history reads R1, R2 and R1
    And there is nothing to roll prod back to

  Scenario: A rebuild of the same content is the same artifact
    Given a manifest "payments" version "2.3.1"
    When I build "payments" as A1
    And I build "payments" again as A2
    Then A1 and A2 are the same artifact

  Scenario: A waiver that has run out by the day of the run
    Given build B6 of "orders" version "3.4.0"
    And the unit tests of B6 pass with 95% coverage
    And the integration tests of B6 pass
    And the scan reports CVE-2026-3131 as HIGH in zlib for B6
    And waiver list version 1 accepts CVE-2026-3131 because "not reachable" until 2026-09-01
    When the pipeline runs for B6 on 2026-06-01
    Then the pipeline passes
    When I run the pipeline again on 2026-10-01
    Then the pipeline is blocked by CVE-2026-3131
    And B6 still can't be promoted to dev

  Scenario: Findings counted by severity; the mediums never block
    Given build R3 of "payments" version "9.8.0"
    And the unit tests of R3 pass with 95% coverage
    And the integration tests of R3 pass
    And the vulnerability scan of R3 reports 1 critical, 3 high and 12 medium CVEs
    And nobody has waived CVE-2026-4242
    When I run the pipeline for R3
    Then it fails on the vulnerability gate
    And the mediums are reported but don't block anything
    And R3 isn't allowed into dev

  Scenario: Nobody approved it yet, so prod waits; then every environment runs it
    Given a manifest "checkout" version "2.0.0"
    When I build "checkout" as v2
    Given v2 passed every gate and was promoted to dev and staging
    And nobody has approved v2 for prod yet
    When I deploy v2 to prod
    Then the promotion is rejected for lack of approval
    When the release manager approves v2 for prod
    And I promote v2 to prod
    Then all three environments run v2

  Scenario: A manifest said with what its build went through is that build, already in prod
    Given a manifest "search" version "7.0.1" which passed every gate and is running in prod
    Then prod runs search-7.0.1
    And search-7.0.1 is signed

  Scenario: A next commit said without its id is another commit, with its own digest
    Given commit 5e6f7a8 of "billing" is built as B1
    And our next commit is built as B2
    And another commit is built as B3
    Then B1 and B2 have different digests
    And B2 and B3 have different digests
