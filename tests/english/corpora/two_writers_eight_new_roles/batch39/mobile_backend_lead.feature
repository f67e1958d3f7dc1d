Feature: The API our mobile apps talk to
  As the lead for the mobile backend team
  I want the API gateway, push service and auth to keep up with app-store launch spikes
  So that a bad deploy never shows up as one-star reviews

  @cluster
  Scenario: The gateway scales out when a new app version goes live
    Given 4 nodes
    And a deployment "mobile-api" with 3 replicas requesting 1 CPU per pod
    And an autoscaler for "mobile-api" targeting 60% cpu between 3 and 10 replicas
    When the pods of "mobile-api" use 90% cpu
    And I reconcile
    Then "mobile-api" has more than 3 replicas
    And no more than 10 pods of "mobile-api" are running

  @cluster
  Scenario: Push notification workers are spread across zones
    Given 4 nodes
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "push" with 4 replicas spread across zones
    When I reconcile
    Then 2 pods of "push" are in zone-a
    And 2 pods of "push" are in zone-b
    When node-1 and node-2 fail and I reconcile
    Then 4 pods of "push" are running

  @telemetry
  Scenario: Login errors on the auth service page us quickly
    Given auth is taking 300 requests per second with hardly any errors
    And an alert "AuthErrors" fires if over 5% of auth's requests fail for 5 minutes
    When 8% of its requests come back with HTTP 503
    And 3 minutes pass
    Then "AuthErrors" is pending
    When 3 minutes pass
    Then "AuthErrors" is firing

  @telemetry
  Scenario Outline: Error rates under the alert threshold stay quiet
    Given the service "mobile-api" serves 500 requests per second with 0% errors
    And an alert "ApiErrors" fires if over 5% of mobile-api's requests fail for 5 minutes
    When the service "mobile-api" starts failing <error rate>% of requests
    And 30 minutes pass
    Then "ApiErrors" never went to firing

    Examples:
      | error rate |
      | 1          |
      | 3          |
      | 4          |

  @pipeline
  Scenario: Low coverage on the feed service blocks the release train
    Given a manifest "feed" version "3.8.0"
    And the coverage threshold is 80%
    When I build "feed" as F1
    Given the unit tests of F1 pass with 72% coverage
    When I run the pipeline for F1
    Then the pipeline got blocked at the unit tests gate
    And F1 is not signed

  @pipeline
  Scenario: The release we ship on launch day is the exact build we tested
    Given commit 4b7d21c is built as R1
    And R1 passed every gate
    When I promote R1 to dev, then staging, then prod
    And Priya approves the promotion of R1 to prod
    Then dev, staging and prod all run R1
    And the history of prod references the digest of R1, not a tag

  @story
  Scenario: A gateway release that breaks older app versions is rolled back before the weekend
    Given 3 nodes
    And a deployment "mobile-api" with 6 replicas requesting 500m CPU per pod
    And services are scraped every 15 seconds
    And the service "mobile-api" serves 200 requests per second
    And an SLO "api-availability" of 99.9% over 30 days for the service "mobile-api"
    And "mobile-api" rolls back when the SLO "api-availability" pages
    And prod runs version v1 of "mobile-api" on 3 nodes with 6 replicas
    And pods running v2 fail 30% of requests
    When v2 is signed, approved and promoted all the way to prod
    And 20 minutes pass
    Then prod runs v1
    And every pod of "mobile-api" runs v1

  @story
  Scenario: Auth v2 goes out carefully and stays healthy
    Given 3 nodes
    And a deployment "auth" with 4 replicas requesting 500m CPU per pod
    And the service "auth" serves 150 requests per second
    And an SLO "auth-avail" of 99.9% over 30 days for the service "auth"
    And a manifest "auth" version "v2"
    When I build "auth" as A2
    Given A2 passed every gate
    And A2 was promoted to dev, staging and prod
    When I approve the promotion of A2 to prod
    And I roll out A2 to "auth" with maxSurge 1 and maxUnavailable 0
    And 1 hour passes
    Then the SLO "auth-avail" does not page
