Feature: One world, the whole story
  Scenario: A release is gated, rolled out under the budget, burns the budget, pages and is rolled back
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And services are scraped every 15 seconds
    And the service "web" serves 100 requests per second
    And each pod of "web" serves at most 50 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And "web" rolls back when the SLO "availability" pages
    And a manifest "web" version "v1"
    When I build "web" as D1
    Given D1 passed every gate
    And D1 was promoted to dev, staging and prod
    When I approve the promotion of D1 to prod
    And 1 hour passes
    Given a manifest "web" version "v2"
    When I build "web" as D2
    Given D2 passed every gate
    And D2 was promoted to dev, staging and prod
    And pods running D2 fail 20% of requests
    When I approve the promotion of D2 to prod
    And I roll out D2 to "web" with maxSurge 1 and maxUnavailable 0
    Then every pod of "web" runs D2
    And at its lowest the rollout had 4 ready pods
    When 15 minutes pass
    Then an alert rolled prod back 1 time
    And prod runs D1
    And every pod of "web" runs D1
    And the history of prod is D1, D2 and D1
    And telling the story again gives the same timeline, event for event
