Feature: Running the weekly release train
  I conduct the release train: every Tuesday whatever is green boards,
  whatever is not waits for next week, and prod only ever gets a digest
  that went through dev and staging first.

  @pipeline
  Scenario: A green build boards the train and goes all the way
    Given a manifest "storefront" version "2.14.0"
    And the coverage threshold is 80%
    When commit 4b7c2de is built as T1
    And the unit tests of T1 pass with 84% coverage
    And the scan of T1 is clean
    And the integration tests of T1 pass
    And I run the pipeline for T1
    Then the pipeline passes and T1 is signed
    When I promote T1 to dev, then staging, then prod
    And Marta approves the promotion of T1 to prod
    Then dev, staging and prod all run T1

  @pipeline
  Scenario: A failing unit test means the car stays at the station
    Given a manifest "storefront" version "2.15.0"
    When commit 91aa03e is built as T2
    And 3 of the 412 unit tests fail for T2
    And I run the pipeline for T2
    Then the pipeline got blocked at the unit test gate
    And T2 is not signed
    When I try to promote T2 to dev
    Then the operation fails
    And dev runs nothing

  @pipeline
  Scenario: Security signs off a known CVE so the train can leave on time
    Given a manifest "storefront" version "2.15.1"
    When I build "storefront" as T3
    And the unit tests of T3 pass with 92% coverage
    And the scan of T3 shows CVE-2026-2040 (HIGH, package libxml2)
    And Priya from security waives CVE-2026-2040 until 2026-12-31 because "parser not exposed"
    And the integration tests of T3 pass
    And I run the pipeline for T3
    Then the pipeline passes
    And T3 is signed

  @pipeline
  Scenario Outline: Which scan findings hold the train
    Given a manifest "storefront" version "<version>"
    When I build "storefront" as R1
    And the unit tests of R1 pass with 95% coverage
    And the scan of R1 shows <cve> (<severity>, package <package>)
    And the integration tests of R1 pass
    And I run the pipeline for R1
    Then the pipeline <result>

    Examples:
      | version | cve           | severity | package | result                         |
      | 2.16.0  | CVE-2026-3001 | CRITICAL | openssl | got blocked at the scan gate   |
      | 2.16.1  | CVE-2026-3002 | LOW      | zlib    | passes                         |

  @pipeline
  Scenario: Prod does not move until someone with authority says so
    Given a manifest "storefront" version "2.17.0"
    When I build "storefront" as T4
    And T4 passed every gate
    And I promote T4 to dev and staging
    And I promote T4 to prod
    Then staging runs T4
    But prod runs nothing
    When Marta approves the promotion of T4 to prod
    Then prod runs T4

  @pipeline
  Scenario: Someone tries to sneak a hotfix on the train with last week's signature
    Given prod runs T5, signed and approved last week
    And a manifest "storefront" version "2.17.1"
    When I build "storefront" as T6
    And I attach the signature of T5 to T6
    And I deploy T6 to prod
    Then the operation fails with "a copied signature"
    And prod still runs T5

  @story
  Scenario: The Tuesday train leaves, the new car misbehaves, and we back it out
    Given a 3-node cluster running 4 replicas of storefront at v1
    And services are scraped every 15 seconds
    And storefront is taking 100 requests per second with hardly any errors
    And an SLO "storefront-avail" of 99.9% over 30 days for the service "storefront"
    And storefront rolls back on its own when "storefront-avail" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 20% of requests
    When I roll out v2 to "storefront" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And the history of prod is v1, v2 and v1

  @story
  Scenario: A manual rollback by digest when the numbers look off but nothing pages yet
    Given prod runs version v1 of "storefront" on 3 nodes with 6 replicas
    And storefront serves 150 requests per second
    And an alert "StorefrontErrors" fires if over 5% of storefront's requests fail for 5 minutes
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 2% of requests
    When I roll out v2 to "storefront" with maxSurge 2 and maxUnavailable 0
    And 10 minutes pass
    Then "StorefrontErrors" never went to firing
    When on-call rolls prod back to v1
    Then every pod of "storefront" runs v1
    And the history of prod references digests, not tags
