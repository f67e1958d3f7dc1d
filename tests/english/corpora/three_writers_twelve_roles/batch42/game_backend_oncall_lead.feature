Feature: Keeping matchmaking alive through patch days and weekend events
  I lead the on-call rotation for the game backend. Our worst nights are patch
  drops and tournament weekends, so that is what these cover.

  @cluster
  Scenario: Game servers stay on the beefy pool
    Given a node pool "gameservers" with 3 nodes of 8 CPU and 32Gi memory labeled tier=gameservers
    And a node pool "general" with 2 nodes of 4 CPU and 8Gi memory labeled tier=general
    And a deployment "match-server" with 6 replicas requesting 2 CPU per pod
    And "match-server" pods only go on nodes labeled tier=gameservers
    When I reconcile
    Then 6 pods of "match-server" are running
    And no pod of "match-server" is on a node in the "general" pool

  @cluster
  Scenario: Losing a whole zone doesn't take matchmaking with it
    Given 4 nodes
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "matchmaker" with 4 replicas spread across zones
    When I reconcile
    Then 2 pods of "matchmaker" are in zone-a
    When node-1 and node-2 fail and I reconcile
    Then 4 pods of "matchmaker" are running
    And nothing is scheduled on node-1

  @cluster
  Scenario: Tournament traffic makes the autoscaler add lobby pods
    Given 4 nodes and a deployment "lobby" with 2 replicas
    And an autoscaler for "lobby" between 2 and 8 replicas targeting 60% CPU
    When the pods of "lobby" run at 120% CPU
    And I reconcile
    Then "lobby" has 4 replicas
    And every pod of "lobby" is running

  @telemetry
  Scenario: Latency during the launch spike stays playable
    Given the service "matchmaker" serves 2000 requests per second with hardly any errors
    And matchmaker responds with a median of 35ms and a p99 of 250ms
    When 10 minutes pass
    Then matchmaker's p99 is 250ms
    And the alert "MatchmakerSlow" is not firing

  @telemetry
  Scenario: A real burn gets us paged fast, not in an hour
    Given the service "matchmaker" serves 500 requests per second
    And an SLO "match-avail" of 99.5% over 28 days for the service "matchmaker"
    When 4% of its requests come back with HTTP 503
    And 10 minutes pass
    Then the burn-rate alert for matchmaker pages the on-call

  @telemetry
  Scenario: A login hiccup that clears itself stays quiet
    Given the service "login" serves 800 requests per second with 0% errors
    And an alert "LoginErrors" fires if over 5% of login's requests fail for 5 minutes
    When 30% of its requests come back with HTTP 503
    And 3 minutes pass
    And the service "login" starts failing 0% of requests
    And 20 minutes pass
    Then "LoginErrors" never went to firing

  @story
  Scenario: Patch day goes bad and the backend saves itself
    Given 3 nodes
    And a deployment "matchmaker" with 6 replicas requesting 500m CPU per pod
    And the service "matchmaker" serves 300 requests per second
    And an SLO "match-avail" of 99.9% over 30 days for the service "matchmaker"
    And "matchmaker" rolls back when the SLO "match-avail" pages
    And a manifest "matchmaker" version "patch-41" that passed every gate and is running in prod
    And patch-42 is signed, approved and promoted all the way to prod
    And pods running patch-42 fail 15% of requests
    When I roll out patch-42 to "matchmaker" with maxSurge 2 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "matchmaker" runs patch-41

  @story
  Scenario: I pull the patch by hand at 2am
    Given prod runs version v7 of "inventory" on 3 nodes with 6 replicas
    And inventory has a 99.5% availability SLO "inv-avail" over 28 days
    And v8 is signed, approved and promoted all the way to prod
    And pods running v8 fail 40% of requests
    When 10 minutes pass
    Then the SLO "inv-avail" pages
    When on-call rolls prod back to v7
    Then every pod of "inventory" runs v7
    And the history of prod is v7, v8 and v7
