Feature: A release said the way release engineers say it
  Commits before builds, facts in one breath, checks said as ability, explanations of a
  refusal, promotions through several environments, approvals by someone named, a
  rollback to a named build. Every sentence reaches the pipeline and checks what it says.

  Scenario: A commit is built, gated, signed and promoted through every environment
    Given a commit abc1234 on the main branch of the "payments" repo
    When the pipeline builds an image from that commit and calls it R1
    Then R1 has a sha256 digest
    And the image built from commit abc1234 and R1 are the same artifact
    When R1 passes unit tests, coverage and the vulnerability scan
    And the integration tests of R1 pass
    And I run the pipeline for R1
    Then every gate passes for R1
    When I promote R1 to dev, then staging, then prod
    Then the promotion of R1 to prod is waiting for approval
    And dev and staging run R1
    And staging runs the same digest that dev does
    When the release manager "dana" approves R1 for prod
    Then dev, staging and prod all run R1
    And prod is running the digest of R1, not just the tag

  Scenario: Coverage under the bar: can't be promoted, and the reason says why
    Given the coverage threshold is 80%
    And a manifest "checkout" version "2.4.2" from commit 4f2a9c1
    When I build "checkout" as B3
    Then B3 is tagged "checkout:2.4.2"
    Given all 415 unit tests of B3 pass with 72% coverage
    And the scan of B3 finds nothing
    When I run the pipeline for B3
    Then the pipeline is blocked by coverage
    And the scan and integration gates never ran for B3
    And B3 can't be promoted to dev
    And the reason mentions coverage of 72% being under 80%
    When the team adds tests and coverage goes up to 84%
    And the integration tests of B3 pass
    And the pipeline runs again on B3
    Then B3 can move on to dev
    And B3 stays where it is in dev

  Scenario: Failing unit tests stop the ladder at the first rung
    Given a manifest "checkout" version "2.4.1"
    When I build "checkout" as B2
    Given B2's unit tests report 3 failures out of 415
    And B2 has 92% coverage
    When the pipeline runs for B2
    Then the pipeline fails at the "unit tests" gate
    And the failure mentions 3 failed tests
    And B2 isn't signed

  Scenario: A waiver that expired, renewed, and a finding judged by severity and package
    Given a manifest "checkout" version "2.5.0"
    When I build "checkout" as B4
    Given the unit tests of B4 pass with 90% coverage
    And the integration tests of B4 pass
    And the scan of B4 reports:
      | id             | severity | package | installed | fixed in |
      | CVE-2026-21877 | CRITICAL | libxml2 | 2.11.4    | 2.11.7   |
      | CVE-2025-40112 | MEDIUM   | zlib    | 1.3.0     | 1.3.1    |
    And there was a waiver for CVE-2026-21877 that expired yesterday
    When I run the pipeline for B4
    Then the scan gate blocks B4 on CVE-2026-21877
    And the block says the waiver had expired
    And the waiver for CVE-2026-21877 is no longer valid
    When security renews the waiver for another 30 days
    And the vulnerability gate runs again
    Then the pipeline passes for B4
    And the critical finding in libxml2 is shown as waived
    And the medium finding in zlib is reported but does not block
    And the waiver for CVE-2026-21877 is still valid

  Scenario: Prod takes only what a trusted key signed, and an approval
    Given a manifest "ledger" version "7.0.3"
    And the trusted signing keys are "release-2026" and "release-2025"
    And the pipeline signs with key "release-2026"
    When I build "ledger" as L1
    Given L1 is already in staging with all gates green
    Then the signature of L1 verifies against a trusted key
    When Dana from the change board approves it
    And I promote L1 to prod
    Then prod runs L1
    Given a manifest "ledger" version "7.0.4"
    When I build "ledger" as L5
    Given L5 is signed with an untrusted key "laptop-dev-key"
    When I deploy L5 to prod by digest
    Then the deploy is refused because the key "laptop-dev-key" is not trusted
    And prod never runs L5
    And L5 appears in no environment
    When I copy L1's signature onto L5
    And I deploy L5 to prod
    Then it is refused because no signature verifies
    And prod runs L1

  Scenario: Rolling prod back to the build before, by name
    Given a manifest "web" version "1.0.0"
    When I build "web" as R6
    Given a manifest "web" version "1.0.1"
    When I build "web" as R7
    Given R6 and R7 have both been promoted to prod, R7 last
    When I roll back prod to R6
    Then prod runs R6
    And R7 is marked as rolled back
    And the R7 image is still kept around in case we need it
    And dev and staging are left alone on R7
    And the history of prod reads R6, R7, R6

  Scenario: Evidence that was never sent blocks its gate, and the run's log says which
    Given a manifest "ledger" version "3.1.0"
    When I build "ledger" as L9
    Given the unit tests of L9 pass with 92% coverage
    And the scan report for L9 was not uploaded
    When I run the pipeline for L9
    Then the pipeline got blocked at the scan gate
    And the run's log mentions "no scan report"
    And the pipeline's output says "was recorded"
