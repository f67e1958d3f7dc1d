Feature: Getting builds from a commit to prod without surprises
  As the person who owns the release train
  I want every build to climb the gates honestly and land in prod by digest
  So that what we tested is exactly what we run

  @pipeline
  Scenario: A clean build walks the whole ladder and waits for sign-off before prod
    Given a manifest "checkout" version "2.4.0"
    When I build "checkout" as R1
    Given the unit tests of R1 pass with 94% coverage
    And the scan of R1 finds nothing
    And the integration tests of R1 pass
    When I run the pipeline for R1
    Then the pipeline passes
    And R1 is signed
    When I promote R1 to dev, then staging, then prod
    Then prod runs nothing
    When Marco approves the promotion of R1 to prod
    Then prod runs R1

  @pipeline
  Scenario: Falling under the coverage bar stops the train at the first gate
    Given a manifest "checkout" version "2.4.1"
    And the coverage threshold is 85%
    When I build "checkout" as R2
    Given the unit tests of R2 pass with 79% coverage
    And the scan of R2 finds nothing
    And the integration tests of R2 pass
    When I run the pipeline for R2
    Then the pipeline got blocked at the unit test gate
    And R2 is not signed

  @pipeline
  Scenario: Forgetting to upload integration results blocks instead of quietly passing
    Given a manifest "checkout" version "2.4.2"
    When I build "checkout" as R3
    Given the unit tests of R3 pass with 92% coverage
    And the scan of R3 finds nothing
    When I run the pipeline for R3
    Then the pipeline is blocked
    And the block mentions the missing integration test evidence
    And R3 is not signed

  @pipeline
  Scenario Outline: A scanner finding only gets through with a waiver from security
    Given a manifest "checkout" version "<version>"
    When I build "checkout" as R4
    Given the unit tests of R4 pass with 90% coverage
    And the scan of R4 shows <cve> (<severity>, package <package>)
    And <waived>
    And the integration tests of R4 pass
    When I run the pipeline for R4
    Then <outcome>

    Examples:
      | version | cve           | severity | package | waived                                                                           | outcome                                   |
      | 2.5.0   | CVE-2026-2201 | CRITICAL | libxml2 | nobody has waived CVE-2026-2201                                                  | the pipeline got blocked at the scan gate |
      | 2.5.1   | CVE-2026-2202 | HIGH     | openssl | Priya from security waives CVE-2026-2202 until 2027-03-31 because "not reachable" | the pipeline passes                       |

  @pipeline
  Scenario: Someone tries to reuse an old signature on a fresh build
    Given a manifest "checkout" version "2.6.0"
    When I build "checkout" as R5
    Given R5 passed every gate
    And R5 was promoted to dev, staging and prod
    When I approve the promotion of R5 to prod
    Given a manifest "checkout" version "2.6.1"
    When I build "checkout" as R6
    And I attach the signature of R5 to R6
    And I deploy R6 to prod
    Then the operation fails with "a copied signature"
    And prod runs R5

  @pipeline
  Scenario: Rolling prod back goes to the old digest, not to a tag
    Given commit 9e1f0aa is built as R7
    And R7 passed every gate
    And R7 is signed, approved and promoted all the way to prod
    Given commit 4c2d1b3 is built as R8
    And R8 passed every gate
    And R8 is signed, approved and promoted all the way to prod
    When I roll prod back to R7
    Then prod runs R7
    And the history of prod is R7, R8 and R7
    And the history of prod references the digest of R7, not a tag

  @story
  Scenario: Friday release goes out under surge limits and gets pulled back automatically
    Given 3 nodes
    And a deployment "checkout" with 4 replicas requesting 500m CPU per pod
    And the service "checkout" serves 120 requests per second
    And an SLO "checkout-avail" of 99.9% over 30 days for the service "checkout"
    And "checkout" rolls back when the SLO "checkout-avail" pages
    And prod runs R1 of "checkout" which passed every gate
    Given R9 of "checkout" passed every gate and was promoted to dev, staging and prod
    And pods running R9 fail 25% of requests
    When I approve the promotion of R9 to prod
    And I roll out R9 to "checkout" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then prod runs R1

  @story
  Scenario: The release report tells the same story every time I replay it
    Given 3 nodes and a deployment "checkout" with 4 replicas
    And services are scraped every 15 seconds
    And the service "checkout" serves 100 requests per second
    And an SLO "checkout-avail" of 99.9% over 30 days for the service "checkout"
    And "checkout" rolls back on its own when "checkout-avail" pages
    And v2 of "checkout" is signed, approved and promoted all the way to prod
    And pods running v2 fail 30% of requests
    When 20 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "checkout" runs v1
    And telling the story again gives the same timeline, event for event
