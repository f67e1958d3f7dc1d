Feature: Stuff that happens on my on-call week
  I carry the pager for web and checkout. I want the nasty nights written
  down so I know what the system does before I'm the one typing commands.

  @telemetry
  Scenario: A real spike of 503s pages after the for window
    Given web is taking 300 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 8% of its requests come back with HTTP 503
    And 3 minutes pass
    Then "WebErrors" is pending
    When 3 more minutes pass
    Then "WebErrors" is firing

  @telemetry
  Scenario: The flap that fixed itself before the for window never fires
    Given web is taking 300 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 10% of its requests come back with HTTP 503
    And 2 minutes pass
    And the service "web" starts failing 0% of requests
    And 10 minutes pass
    Then "WebErrors" never went to firing

  @cluster
  Scenario: A node falls over at night and the pods land somewhere else
    Given 3 nodes and a deployment of 6
    When node-3 goes down and I reconcile
    Then no pod is on node-3
    And 6 pods are running
    But nothing is pending

  @cluster
  Scenario: Traffic surge and the autoscaler adds replicas for me
    Given 4 nodes
    And a deployment "checkout" with 2 replicas requesting 500m CPU per pod
    And checkout autoscales between 2 and 8 replicas at 60% CPU
    When checkout's pods run at 120% CPU
    And I reconcile
    Then checkout has 4 replicas
    And every checkout pod is running

  @pipeline
  Scenario: I roll prod back by hand to the last good digest
    Given a manifest "checkout" version "5.2.0"
    When I build "checkout" as C1
    Given C1 passed every gate
    And C1 was promoted to dev, staging and prod
    And a manifest "checkout" version "5.3.0"
    When I build "checkout" as C2
    Given C2 passed every gate
    And C2 was promoted to dev, staging and prod
    When on-call rolls prod back to C1
    Then prod runs C1
    And the history of prod is C1, C2 and C1

  @story
  Scenario: Bad deploy, budget burns, I get paged, and it rolls back before I'm out of bed
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And "web" rolls back when the SLO "availability" pages
    And v1 of "web" is running in prod
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 25% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then the burn-rate alert for web pages the on-call
    And prod runs v1

  @story
  Scenario: A node dies in the middle of a rollout and the page still ends in a rollback
    Given a 3-node cluster running 6 replicas of web at v1
    And web is taking 300 requests per second with hardly any errors
    And an SLO for web of 99.9% availability over 30 days
    And web rolls back on its own when "availability" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 30% of requests
    When I roll out v2 of web with maxSurge 1 and maxUnavailable 0
    And node-2 fails and I reconcile
    And 20 minutes pass
    Then no pod is on node-2
    And every pod of "web" runs v1
    And an alert rolled prod back 1 time
