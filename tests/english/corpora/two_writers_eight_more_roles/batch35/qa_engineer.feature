Feature: Release sign-off checks I run as QA
  Before I sign off a release I want the same checks every time:
  pods survive node loss, rollouts keep us serving, the pipeline
  refuses bad builds, and a bad version in prod gets pulled back.

  @cluster
  Scenario: Pods come back after a worker dies in the middle of a test run
    Given a 3-node cluster running 6 replicas of web at v1
    When node-2 goes down and I reconcile
    Then nothing is scheduled on node-2
    And 6 pods of "web" are running
    And no pod of "web" is pending

  @cluster
  Scenario Outline: Rollout settings never leave us short of ready pods
    Given 3 nodes
    And a deployment "web" with <replicas> replicas at version v1 with maxSurge <surge> and maxUnavailable <unavailable>
    When I roll out version v2 of web with maxSurge <surge> and maxUnavailable <unavailable>
    Then every pod of "web" runs v2
    And at least <min_ready> web pods were ready the whole time
    And the rollout never exceeded <max_pods> pods

    Examples:
      | replicas | surge | unavailable | min_ready | max_pods |
      | 4        | 1     | 0           | 4         | 5        |
      | 6        | 2     | 1           | 5         | 8        |
      | 3        | 0     | 1           | 2         | 3        |

  @pipeline
  Scenario: A couple of broken unit tests stop the build at the first gate
    Given a manifest "checkout" version "2.3.0"
    When I build "checkout" as C1
    Given 2 of the 300 unit tests fail for C1
    And the scan of C1 finds nothing
    And the integration tests of C1 pass
    When I run the pipeline for C1
    Then the pipeline got blocked at the unit test gate
    And C1 is not signed
    And staging runs nothing

  @pipeline
  Scenario: No scan report means no green light
    Given a manifest "checkout" version "2.3.1"
    And the coverage threshold is 85%
    When I build "checkout" as C2
    Given the unit tests of C2 pass with 88% coverage
    And the integration tests of C2 pass
    When I run the pipeline for C2
    Then the pipeline got blocked at the scan gate
    And the block mentions missing evidence
    But C2 is not signed

  @telemetry
  Scenario: A three-minute blip does not fire the error alert
    Given web is taking 200 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When web starts failing 10% of requests
    And 3 minutes pass
    And web starts failing 0% of requests
    And 10 minutes pass
    Then "WebErrors" never went to firing

  @story
  Scenario: A regression I missed in staging is caught in prod and rolled back
    Given prod runs version v1 of "web" on 3 nodes with 4 replicas
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And web rolls back on its own when "availability" pages
    And pods running v2 fail 25% of requests
    When v2 is signed, approved and promoted all the way to prod
    And I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 20 minutes pass
    Then the burn-rate alert for web pages the on-call
    And prod runs v1
    And every pod of "web" runs v1

  @story
  Scenario: A hotfix carrying someone else's signature never reaches prod
    Given a manifest "web" version "1.4.0"
    When I build "web" as W1
    Given W1 passed every gate
    And W1 was promoted to dev, staging and prod
    When I approve the promotion of W1 to prod
    Given a manifest "web" version "1.4.1"
    When I build "web" as W2
    And I attach the signature of W1 to W2
    And I deploy W2 to prod
    Then the operation fails with "a copied signature"
    And prod runs W1
