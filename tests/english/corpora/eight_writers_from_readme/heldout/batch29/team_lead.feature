Feature: The guard rails my team ships behind
  As the lead of the orders and payments team
  I want our release rules and our error budget written down as runnable checks
  So that new people can ship safely and I can plan risky work against the budget

  @pipeline
  Scenario: An expired waiver doesn't quietly keep letting a CVE through
    Given a manifest "orders" version "5.0.2"
    When I build "orders" as O1
    Given the unit tests of O1 pass with 93% coverage
    And the scan of O1 shows CVE-2025-0420 (HIGH, package libxml2)
    And Priya from security waives CVE-2025-0420 until 2025-06-30 because "patch pending upstream"
    And the integration tests of O1 pass
    When I run the pipeline for O1
    Then the pipeline got blocked at the scan gate
    And the block mentions CVE-2025-0420
    And the block mentions the waiver list

  @pipeline
  Scenario: Two red unit tests are enough to keep a build out of dev
    Given commit 9e1f0aa is built as R1
    And 2 of the 300 unit tests fail for R1
    When I run the pipeline for R1
    Then the pipeline got blocked at the unit test gate
    When I promote R1 to dev
    Then the operation fails with "not signed"
    And dev runs nothing

  @pipeline
  Scenario: What we tested on staging is exactly what goes to prod
    Given a manifest "web" version "4.1.0"
    When I build "web" as W1
    Given W1 passed every gate
    When I promote W1 to dev, then staging, then prod
    And Aisha approves the promotion of W1 to prod
    Then dev, staging and prod all run W1
    And the history of prod references the digest of W1, not a tag

  @telemetry
  Scenario: A rough day leaves the team with no budget for risky changes
    Given the service "payments" serves 50 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "payments"
    When the service "payments" starts failing 2% of requests
    And 1 day passes
    Then the error budget for "availability" is fully spent
    And the burn-rate alert for payments pages the on-call

  @telemetry
  Scenario Outline: What a 20-minute outage costs us under different SLO targets
    Given the service "profile" serves 100 requests per second with 0% errors
    And an SLO "availability" of <target> over 30 days for the service "profile"
    When the service "profile" starts failing 100% of requests
    And 20 minutes pass
    And the service "profile" starts failing 0% of requests
    And 1 hour passes
    Then the error budget for "availability" is <budget>

    Examples:
      | target | budget      |
      | 99%    | not spent   |
      | 99.9%  | not spent   |
      | 99.99% | fully spent |

  @story
  Scenario: A new hire's first release goes end to end without anyone hovering
    Given prod runs version v1 of "web" on 3 nodes with 6 replicas
    And an SLO for web of 99.9% availability over 30 days
    And web rolls back on its own when "availability" pages
    When I sign v2, get it approved and deploy it to prod
    And I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 2 hours pass
    Then every pod of "web" runs v2
    And at least 6 web pods were ready the whole time
    And the SLO "availability" does not page
    And the history of prod is v1 and v2

  @story
  Scenario: A bad release I approved gets pulled back without waiting for me
    Given a 4-node cluster running 4 replicas of cart
    And the service "cart" serves 120 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "cart"
    And "cart" rolls back when the SLO "availability" pages
    And prod runs D1
    And D2 passed every gate and was promoted to dev, staging and prod
    And pods running D2 fail 30% of requests
    When I approve the promotion of D2 to prod
    And I roll out D2 to "cart" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And prod runs D1
