Feature: Running incidents from page to all-clear
  As the incident commander on rotation this week
  I want our incident playbook rehearsed as repeatable scenarios
  So that I know who gets paged, when, and what "back to normal" looks like

  @telemetry
  Scenario: We only get paged once an error spike has lasted long enough
    Given web is taking 500 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 10% of its requests come back with HTTP 503
    And 2 minutes pass
    Then "WebErrors" is not firing
    When 4 minutes pass
    Then "WebErrors" is firing

  @telemetry
  Scenario: A flap that clears itself never goes to firing
    Given web is taking 500 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 10% of its requests come back with HTTP 503
    And 3 minutes pass
    And web's errors drop back to 0%
    And 10 minutes pass
    Then "WebErrors" never went to firing

  @telemetry
  Scenario: A long outage blows the whole month's budget
    Given the service "search" serves 100 requests per second with 0% errors
    And search has a 99.5% availability SLO "search-avail" over 28 days
    When the service "search" starts failing 100% of requests
    And 4 hours pass
    Then the burn-rate alert for search pages the on-call
    And the error budget for "search-avail" is fully spent

  @story
  Scenario: A bad deploy pages and web rolls back before I finish the bridge call
    Given prod runs version v1 of "web" on 3 nodes with 6 replicas
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And web rolls back on its own when "availability" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 20% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "web" runs v1
    And the history of prod is v1, v2 and v1

  @story
  Scenario: No automatic rollback configured, so on-call rolls back by hand
    Given prod runs version v1 of "web" on 3 nodes with 4 replicas
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 30% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then the SLO "availability" pages
    When on-call rolls prod back to v1
    Then prod runs v1
    And every pod of "web" runs v1

  @story
  Scenario: Replaying last week's incident gives the exact same timeline
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And "web" rolls back when the SLO "availability" pages
    And a manifest "web" version "v2"
    When I build "web" as D2
    Given D2 passed every gate
    And pods running D2 fail 20% of requests
    When I approve the promotion of D2 to prod
    And 15 minutes pass
    Then telling the story again gives the same timeline, event for event

  @cluster
  Scenario: During the hardware incident we lose a node and the pods come back
    Given 3 nodes and a deployment of 6
    When node-3 fails and I reconcile
    Then no pod is on node-3
    And 6 pods are running
    But nothing is scheduled on node-3

  @pipeline
  Scenario: The freeze holds: prod does not change without an approval
    Given a manifest "web" version "1.4.2"
    When I build "web" as H1
    Given H1 passed every gate
    When I promote H1 to dev, then staging, then prod
    Then prod runs nothing
    When I approve the promotion of H1 to prod
    Then prod runs H1
