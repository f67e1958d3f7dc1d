Feature: The whole story, and the ways it goes wrong
  A commit is built and gated, its digest promoted and rolled out under the availability
  budget, the new version burns the error budget, the page fires and prod rolls back to the
  known-good digest — every mechanism on the one clock.

  Background:
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And deployment "web" rolls out with maxSurge 1 and maxUnavailable 0
    And services are scraped every 15 seconds
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
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

  Scenario: The full story: built, gated, promoted, rolled out, burning, paged, rolled back
    Given an alert "HighErrorRate" when "sum(rate(http_requests_total{job='web',code='500'}[5m])) / sum(rate(http_requests_total{job='web'}[5m])) > 0.02" for 2 minutes
    And "web" rolls back when alert "HighErrorRate" fires
    And pods running D2 fail 30% of requests
    When I approve the promotion of D2 to prod
    And I roll out D2 to "web" with maxSurge 1 and maxUnavailable 0
    Then every pod of "web" runs D2
    And at its lowest the rollout had 4 ready pods
    When 10 minutes pass
    Then an alert rolled prod back 1 time
    And prod runs D1
    And every pod of "web" runs D1
    And "web" runs the digest of D1
    And the history of prod is D1, D2 and D1
    And at no point were fewer than 4 pods of "web" ready
    When 30 minutes pass
    Then sum(rate(http_requests_total{job="web",code="500"}[5m])) is 0
    And an alert rolled prod back 1 time

  Scenario: A canary-like rollout whose new pods fail pages mid-rollout and rolls back
    Given deployment "web" takes 2 minutes to become ready
    And when the SLO "availability" pages, roll back prod
    And pods running D2 fail 100% of requests
    When I approve the promotion of D2 to prod
    And 6 minutes pass
    Then the SLO "availability" pages
    And the SLO "availability" paged before D2 ran on every pod of "web"
    And an alert rolled prod back 1 time
    And prod runs D1
    And at no point were fewer than 4 pods of "web" ready
    And at no point did "web" have more than 5 pods
    When 20 minutes pass
    Then every pod of "web" runs D1
    And sum(rate(http_requests_total{job="web",code="500"}[5m])) is 0

  Scenario: A slow burn opens a ticket and never rolls back
    Given when the SLO "availability" pages, roll back prod
    And services are scraped every 1 minute
    And pods running D2 fail 0.5% of requests
    When I approve the promotion of D2 to prod
    And 16 hours pass
    Then the SLO "availability" opens a ticket
    And the SLO "availability" does not page
    And an alert rolled prod back 0 times
    And prod runs D2
    And every pod of "web" runs D2

  Scenario: A rollback stalled for lack of capacity says so, and the old version keeps serving
    Given when the SLO "availability" pages, roll back prod
    When I approve the promotion of D2 to prod
    And 5 minutes pass
    Then every pod of "web" runs D2
    Given a deployment "batch" with 10 replicas requesting 1 CPU per pod
    When 1 minute passes
    And pods running D2 fail 100% of requests
    And 10 minutes pass
    Then an alert rolled prod back 1 time
    And prod runs D1
    And the rollback of "web" is stalled with "Insufficient cpu"
    And an event RolloutStalled was recorded
    And 4 running pods of "web" run D2
    And at no point were fewer than 4 pods of "web" ready

  Scenario: An unpromoted digest is refused at rollout while the old version keeps serving
    Given a manifest "web" version "v3"
    When I build "web" as D3
    Given D3 passed every gate
    When I roll out D3 to "web"
    Then the operation fails with "never promoted"
    When 10 minutes pass
    Then every pod of "web" runs D1
    And sum by (version) (rate(http_requests_total{job="web"}[5m])) returns:
      | series         | value |
      | {version="v1"} | 100   |
    And the SLO "availability" does not page

  Scenario: The same story twice gives the same timeline, event for event
    Given "web" rolls back when the SLO "availability" pages
    And pods running D2 fail 30% of requests
    When I approve the promotion of D2 to prod
    And I roll out D2 to "web" with maxSurge 1 and maxUnavailable 0
    And 20 minutes pass
    Then an alert rolled prod back 1 time
    When node-1 fails
    And 10 minutes pass
    Then telling the story again gives the same timeline, event for event
