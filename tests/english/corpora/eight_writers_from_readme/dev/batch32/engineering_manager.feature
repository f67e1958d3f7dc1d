Feature: What I need to be able to tell leadership about our releases
  As an engineering manager
  I want plain-language checks on the promises we make
  So that "we ship safely" is something I can show, not just say

  @pipeline
  Scenario: Nothing reaches prod without sign-off
    Given a manifest "billing" version "4.0.0"
    When I build "billing" as R4
    Given R4 passed every gate
    And R4 is signed and promoted to staging
    When I promote R4 to prod
    Then prod runs nothing
    When Priya approves the promotion of R4 to prod
    Then prod runs R4

  @pipeline
  Scenario: Every risk we accepted has a name, a reason and an end date
    Given commit a13f9c2 is built as R5
    And the unit tests of R5 pass with 92% coverage
    And the scan of R5 shows CVE-2026-3300 (HIGH, package curl)
    And Priya from security waives CVE-2026-3300 until 2026-12-31 because "only used in build tooling"
    And the integration tests of R5 pass
    When I run the pipeline for R5
    Then the pipeline passes
    And R5 is signed

  @pipeline
  Scenario: Audit trail shows exactly which build is in each environment
    Given a manifest "billing" version "4.1.0"
    When I build "billing" as B1
    Given B1 passed every gate
    When I promote B1 to dev, then staging, then prod
    And I approve the promotion of B1 to prod
    Then dev, staging and prod all run B1
    And the history of prod references the digest of B1, not a tag

  @cluster
  Scenario: Routine maintenance doesn't take customers offline
    Given a 3-node cluster running 6 replicas of web at v1
    And a disruption budget for "web" allowing at most 1 unavailable pod
    When I drain node-1
    Then no fewer than 5 web pods have stayed ready during drain
    And 6 pods are running

  @telemetry
  Scenario: A rough afternoon still leaves us inside our error budget
    Given the service "web" serves 300 requests per second with hardly any errors
    And an SLO for web of 99.9% availability over 30 days
    When 3% of its requests come back with HTTP 503
    And 20 minutes pass
    And the service "web" starts failing 0% of requests
    And 1 day passes
    Then the error budget for "availability" is not fully spent

  @story
  Scenario: The Friday release that went wrong, and why nobody had to be paged twice
    Given prod runs version v1 of "web" on 3 nodes with 6 replicas
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And web rolls back on its own when "availability" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 20% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And prod runs v1
    And the history of prod is v1, v2 and v1

  @story
  Scenario: When automation isn't on, on-call can still undo a bad release by hand
    Given prod runs version v1 of "api" on 3 nodes with 4 replicas
    And the service "api" serves 100 requests per second
    And an SLO "api-avail" of 99.9% over 30 days for the service "api"
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 30% of requests
    When I roll out v2 to "api" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then the burn-rate alert for api pages the on-call
    When on-call rolls prod back to v1
    Then every pod of "api" runs v1
    And prod runs v1
