Feature: Lab 02 — shipping by digest

  Scenario: The digest is sha256 over the canonical JSON, independent of key order
    Given the manifest web:
      """
      {"version": "1.0.0", "name": "web"}
      """
    When I build web as D1
    Then the digest of D1 is sha256:c8bcfc55014b3ac74858283ecced901e5bcb8542a34de20bd90a4116062f42d6
    And the digest of D1 starts with "sha256:c8bcfc55"

  Scenario: Labels in a different order are the same artifact; another version is not
    Given the manifest web:
      """
      {"name": "web", "version": "1.0.0", "labels": {"tier": "frontend", "team": "payments"}}
      """
    When I build web as A
    Given the manifest web:
      """
      {"labels": {"team": "payments", "tier": "frontend"}, "version": "1.0.0", "name": "web"}
      """
    When I build web as B
    Then A and B are the same artifact
    And the digest of A is `sha256:764437fd8f61191f8e34305a44658cf34a5cb259ebb1044d887feb3e94bf5b7c`
    Given a manifest "web" version "1.0.1"
    When I build "web" as C
    Then A and C are different artifacts

  Scenario: A failing unit gate blocks and every later gate says why it did not run
    Given a manifest "api" version "2.3.0"
    When I build "api" as R1
    Given the unit tests of R1 fail
    And the scan of R1 finds nothing
    And the integration tests of R1 pass
    When I run the pipeline for R1
    Then the pipeline is blocked at unit
    And gate scan did not run because the unit gate failed
    And gate integration was skipped because unit failed
    And gate sign never ran
    And R1 is not signed

  Scenario: Coverage is rounded half to even before it is compared with the threshold
    Given a manifest "api" version "2.3.1"
    And the coverage threshold is 90%
    When I build "api" as R2
    Given the unit tests of R2 pass with 89.5% coverage
    And the scan of R2 finds nothing
    And the integration tests of R2 pass
    When I run the pipeline for R2
    Then the pipeline passes
    And gate unit passed

  Scenario: A HIGH finding blocks at scan; MEDIUM alone would not
    Given a manifest "api" version "3.0.0"
    When I build "api" as R4
    Given the unit tests of R4 pass with 95% coverage
    And the scan of R4 finds:
      | id             | severity | package |
      | CVE-2026-2001  | MEDIUM   | zlib    |
      | CVE-2026-2002  | HIGH     | openssl |
    And the integration tests of R4 pass
    When I run the pipeline for R4
    Then the pipeline is blocked at scan
    And gate scan says "CVE-2026-2002"
    And gate integration did not run because scan blocked
    And R4 is not signed

  Scenario: A gate whose input was never recorded blocks instead of skipping silently
    Given a manifest "api" version "3.0.2"
    When I build "api" as R6
    Given the unit tests of R6 pass with 95% coverage
    And the scan of R6 finds nothing
    When I run the pipeline for R6
    Then the pipeline is blocked at integration
    And gate sign did not run because integration blocked

  Scenario: A waiver covers a HIGH until its expiry date, and not on the date itself
    Given today is 2027-01-30
    And a manifest "web" version "1.4.0"
    When I build "web" as W1
    Given the unit tests of W1 pass with 92% coverage
    And the scan of W1 finds:
      | id            | severity | package |
      | CVE-2026-1111 | HIGH     | openssl |
    And waiver list version 3 accepts CVE-2026-1111 because "not reachable from our code" until 2027-01-31
    And the integration tests of W1 pass
    When I run the pipeline for W1
    Then the pipeline passes
    And the scan waived CVE-2026-1111 under waiver list version 3
    When the date becomes 2027-01-31
    And I run the pipeline for W1
    Then the pipeline is blocked at scan

  Scenario: Promotion goes dev, staging, then prod behind an approval
    Given the pipeline signs with key "release" from seed "release-seed-2026"
    And a manifest "web" version "2.0.0"
    When I build "web" as P1
    Given P1 passed every gate
    When I run the pipeline for P1
    Then P1 is signed by key "release"
    When I promote P1 to dev
    And I promote P1 to staging
    And I promote P1 to prod
    Then the promotion of P1 to prod is waiting for approval
    And prod runs nothing
    When I approve the promotion of P1 to prod
    Then prod runs P1
    And staging runs P1

  Scenario: Skipping staging is refused
    Given a manifest "web" version "2.0.1"
    When I build "web" as P2
    Given P2 passed every gate
    When I run the pipeline for P2
    And I promote P2 to dev
    And I promote P2 to prod
    Then the operation fails with "staging"
    And prod runs nothing

  Scenario: Verify before deploy refuses a signature from a key prod does not trust
    Given the pipeline signs with key "release" from seed "release-seed-2026"
    And key "rogue" from seed "mallory"
    And prod trusts only key "release"
    And a manifest "web" version "3.0.0"
    When I build "web" as G1
    Given G1 passed every gate
    When I run the pipeline for G1
    And I deploy G1 to prod
    Then prod runs G1
    Given a manifest "web" version "3.0.1"
    When I build "web" as G2
    And I sign G2 with key "rogue"
    And I deploy G2 to prod
    Then the operation fails with "rogue"
    And prod runs G1

  Scenario: Rollback by digest returns prod to the last known-good artifact
    Given a manifest "web" version "4.0.0"
    When I build "web" as K1
    Given K1 passed every gate
    When I run the pipeline for K1
    And I deploy K1 to prod
    Given a manifest "web" version "4.0.1"
    When I build "web" as K2
    Given K2 passed every gate
    When I run the pipeline for K2
    And I deploy K2 to prod
    Then prod runs K2
    When I roll back prod
    Then prod runs K1
    And the history of prod is K1, K2 and K1
    And the known-good digests of prod are K1
    And running the pipeline again changes nothing
