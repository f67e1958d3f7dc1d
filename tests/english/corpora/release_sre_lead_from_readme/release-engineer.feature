Feature: Getting a build from commit to prod safely
  As the release engineer I want every artifact to go through the gates,
  carry a signature, and move between environments only by its digest.

  Scenario: A clean commit builds, passes every gate and lands in dev
    Given commit a1b2c3d on main is built into an image called R1
    And R1's unit tests pass with 92% coverage
    And the vulnerability scan of R1 finds no CVEs
    When I run the pipeline for R1
    Then every gate on R1 is green
    And R1 gets signed
    When I promote R1 to dev
    Then dev is running R1
    And the digest running in dev matches the digest that was built

  Scenario: Building the same commit twice gives the same digest
    Given I build commit 9f8e7d6 as B1
    And I build commit 9f8e7d6 again as B2
    Then B1 and B2 have the same digest
    When I tag B1 as v1.4.0
    Then the tag v1.4.0 points at the digest of B1
    And the digest of B2 starts with sha256:
    When I build commit 0a0b0c0 as B3
    Then B3 has a different digest from B1

  Scenario: Coverage below the bar blocks the build
    Given the coverage threshold is 80%
    And an artifact R2 built from commit 44aa55b
    And its unit tests pass but coverage is only 71%
    When the pipeline runs
    Then the coverage gate fails for R2
    And R2 is not signed
    And the scan gate on R2 was skipped because the coverage gate failed
    When I try to promote R2 to staging
    Then the promotion is refused with "coverage"
    And staging still has nothing deployed
    And R2 shows up as blocked in the pipeline report

  Scenario: A critical CVE is waived for a week and then the waiver runs out
    Given an artifact R3 built from commit c0ffee1
    And its unit tests pass with 88% coverage
    And the scan reports CVE-2024-3094 as critical in R3
    When I run the pipeline
    Then the vulnerability gate blocks R3
    When security grants a waiver for CVE-2024-3094 on R3 that expires in 7 days
    And I run the pipeline again
    Then R3 passes all its gates
    And R3 can be promoted to staging
    When 8 days pass
    And I run the pipeline for R3 once more
    Then the vulnerability gate blocks R3 again because the waiver has expired

  Scenario: Prod needs two approvals before a promotion goes through
    Given R4 is built from commit 1234abc, tested with 95% coverage and scanned clean
    And R4 is signed and promoted to staging
    And prod requires 2 approvals
    When Priya approves the promotion of R4 to prod
    And I promote R4 to prod
    Then the promotion is refused because it only has 1 of 2 approvals
    When Marco also approves it
    And I promote R4 to prod
    Then prod runs R4
    And an event Promoted is recorded for prod

  Scenario: A bad release in prod is rolled back to the previous digest
    Given R5 from commit aaa1111 is signed and running in prod
    And R6 from commit bbb2222 passed all gates and was signed
    And R6 was approved for prod
    When I promote R6 to prod
    Then prod is on the digest of R6
    When I roll prod back
    Then prod is on the digest of R5 again
    And R6 is still in staging
    And the rollback shows up in the prod event history
