Feature: Replaying incidents so the postmortem argues about facts
  As the incident commander on rotation
  I want to re-run what happened, minute by minute, on a clock I control
  So that we agree on when things paged, what we pulled and why

  @telemetry
  Scenario: A slow trickle of errors still gets somebody out of bed eventually
    Given the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When the service "web" starts failing 1% of requests
    And 1 hour passes
    Then the SLO "availability" does not page
    When 6 hours pass
    Then the burn-rate alert for web pages the on-call

  @telemetry
  Scenario: Pinning down when the errors alert actually went off
    Given web is taking 500 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 12% of its requests come back with HTTP 503
    And 4 minutes pass
    Then "WebErrors" is pending
    When 2 minutes pass
    Then "WebErrors" is firing

  @cluster
  Scenario: Pulling a flaky node out of rotation mid-incident without dropping capacity
    Given a 3-node cluster running 6 replicas of checkout at v3
    And a pod disruption budget for checkout allowing 1 unavailable pod
    When I cordon node-2
    And I drain node-2
    Then nothing is scheduled on node-2
    And no more than 1 checkout pod was unavailable during the drain
    And 6 checkout pods are running

  @cluster
  Scenario: Checking whether we'd survive a second node going down
    Given 3 nodes
    And a deployment "api" with 6 replicas requesting 1 CPU per pod
    When node-1 fails and I reconcile
    Then 6 pods of "api" are running
    When node node-2 is going down
    And I reconcile
    Then some pods of "api" are Pending
    And nothing is scheduled on node-2

  @pipeline
  Scenario: Rolling prod back to the last good digest during the incident
    Given R4 is signed and promoted to staging
    And Priya approves the promotion of R4 to prod
    And R5 is signed and promoted to staging
    And Priya approves the promotion of R5 to prod
    When I roll prod back to R4
    Then prod runs R4
    And the history of prod is R4, R5 and R4
    And staging runs R5

  @story
  Scenario: Postmortem replay of the v2 checkout outage
    Given prod runs version v1 of "checkout" on 4 nodes with 8 replicas
    And services are scraped every 15 seconds
    And the service "checkout" serves 400 requests per second
    And an SLO "checkout-avail" of 99.9% over 30 days for the service "checkout"
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 25% of requests
    When I roll out v2 to "checkout" with maxSurge 2 and maxUnavailable 0
    And 10 minutes pass
    Then the burn-rate alert for checkout pages the on-call
    When on-call rolls prod back to v1
    And 5 minutes pass
    Then every pod of "checkout" runs v1

  @story
  Scenario: The incident timeline comes out the same every time we replay it
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And "web" rolls back when the SLO "availability" pages
    And D1 passed every gate and is running in prod
    And D2 passed every gate and was promoted to dev, staging and prod
    And pods running D2 fail 20% of requests
    When I approve the promotion of D2 to prod and roll it out to "web"
    And 15 minutes pass
    Then prod runs D1
    And telling the story again gives the same timeline, event for event

  @story
  Scenario: A node blip at peak is over before anyone gets paged
    Given a 3-node cluster running 6 replicas of web at v1
    And the service "web" serves 240 requests per second
    And each pod of "web" serves at most 50 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When node-3 fails
    And 2 minutes pass
    And I reconcile
    And 30 minutes pass
    Then 6 web pods are running
    And the SLO "availability" does not page
