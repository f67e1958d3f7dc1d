Feature: Regression pack for the release train
  These run on every merge request. If any of them go red the train stops,
  so they have to be boring and give the same answer every time.

  @pipeline
  Scenario: Failing unit tests block the pipeline before anything else runs
    Given a manifest "checkout" version "5.2.0"
    When commit a1b2c3d is built as C1
    Given 2 of the 300 unit tests fail for C1
    When I run the pipeline for C1
    Then the pipeline got blocked at the unit test gate
    And C1 is not signed
    And staging runs nothing

  @pipeline
  Scenario Outline: Coverage threshold is enforced exactly
    Given a manifest "checkout" version "5.3.0"
    And the coverage threshold is 85%
    When I build "checkout" as C2
    Given the unit tests of C2 pass with <coverage>% coverage
    And the scan of C2 finds nothing
    And the integration tests of C2 pass
    When I run the pipeline for C2
    Then the pipeline <result>

    Examples:
      | coverage | result                              |
      | 84       | got blocked at the unit test gate   |
      | 85       | passes                              |
      | 97       | passes                              |

  @pipeline
  Scenario: Promoting to prod waits for a human
    Given a manifest "checkout" version "5.4.0"
    When I build "checkout" as C3
    Given C3 passed every gate
    When I promote C3 to dev, then staging, then prod
    Then dev and staging both run C3
    But prod runs nothing
    When I approve the promotion of C3 to prod
    Then dev, staging and prod all run C3

  @cluster
  Scenario: A rolling update stays inside its surge and unavailability limits
    Given a 3-node cluster running 4 replicas of web at v1
    When I roll out version v2 of web with maxSurge 1 and maxUnavailable 0
    Then every pod of "web" runs v2
    And the rollout never exceeded 5 pods
    And at least 4 web pods were ready the whole time

  @cluster
  Scenario: Rolling back a rollout restores the old version everywhere
    Given a 3-node cluster running 6 replicas of web at v1
    When I roll out version v2 of web with maxSurge 2 and maxUnavailable 1
    And I roll back web
    Then every pod of "web" runs v1
    And 6 pods of "web" are running

  @telemetry
  Scenario Outline: Short error spikes versus sustained ones
    Given the service "checkout" serves 300 requests per second with 0% errors
    And an alert "CheckoutErrors" fires if over 5% of checkout's requests fail for 5 minutes
    When the service "checkout" starts failing 10% of requests
    And <minutes> minutes pass
    Then the alert "CheckoutErrors" is <state>

    Examples:
      | minutes | state   |
      | 2       | pending |
      | 6       | firing  |

  @story
  Scenario: End-to-end release that regresses and gets rolled back automatically
    Given 3 nodes
    And a deployment "checkout" with 4 replicas requesting 500m CPU per pod
    And services are scraped every 15 seconds
    And the service "checkout" serves 120 requests per second
    And an SLO "checkout-avail" of 99.9% over 30 days for the service "checkout"
    And checkout rolls back on its own when "checkout-avail" pages
    And v1 is signed, approved and promoted all the way to prod
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 20% of requests
    When 15 minutes pass
    Then prod runs v1
    And telling the story again gives the same timeline, event for event

  @story
  Scenario: Healthy release stays put and nobody gets paged
    Given prod runs version v1 of "checkout" on 3 nodes with 6 replicas
    And the service "checkout" serves 200 requests per second with hardly any errors
    And an SLO "checkout-avail" of 99.9% over 30 days for the service "checkout"
    And checkout rolls back on its own when "checkout-avail" pages
    When I sign v2, get it approved and deploy it to prod
    And 1 hour passes
    Then the SLO "checkout-avail" does not page
    And every pod of "checkout" runs v2
    And the history of prod is v1 and v2
