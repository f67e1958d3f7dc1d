Feature: Replaying our incidents so they stay fixed
  As the engineer who writes up our postmortems
  I want each incident's timeline turned into a scenario that runs
  So that the action items are checked forever, not just filed

  @story
  Scenario: INC-2291 - the search release that ate the monthly budget in one afternoon
    Given 3 nodes
    And a deployment "search" with 4 replicas requesting 500m CPU per pod
    And services are scraped every 15 seconds
    And the service "search" serves 100 requests per second
    And search has a 99.5% availability SLO "search-avail" over 28 days
    And "search" rolls back when the SLO "search-avail" pages
    And prod runs version v1 of "search" on 3 nodes with 4 replicas
    And pods running v2 fail 20% of requests
    When v2 is signed, approved and promoted all the way to prod
    And 15 minutes pass
    Then prod runs v1
    And the history of prod mentions v2

  @story
  Scenario: INC-2304 - on-call rolled back by hand while the auto-rollback was still disabled
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And prod runs version v1 of "web" on 3 nodes with 4 replicas
    And pods running v2 fail 50% of requests
    When v2 is signed, approved and promoted all the way to prod
    And 10 minutes pass
    Then the burn-rate alert for web pages the on-call
    When on-call rolls prod back to v1
    Then every pod of "web" runs v1

  @telemetry
  Scenario: INC-2250 - a five minute blip that should never have paged anyone
    Given the service "web" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When the service "web" starts failing 100% of requests
    And 5 minutes pass
    And the service "web" starts failing 0% of requests
    And 45 minutes pass
    Then the SLO "availability" does not page

  @telemetry
  Scenario: INC-2199 - the error alert flapped because it had no for clause
    Given web is taking 200 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 10% of its requests come back with HTTP 503
    And 2 minutes pass
    And the service "web" starts failing 0% of requests
    And 10 minutes pass
    Then "WebErrors" never went to firing

  @telemetry
  Scenario: INC-2317 - the month the budget really did run out
    Given the service "checkout" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "checkout"
    When the service "checkout" starts failing 100% of requests
    And 1 hour passes
    Then the error budget for "availability" is fully spent

  @cluster
  Scenario: INC-2268 - a zone went dark and half the pods had nowhere to go
    Given 4 nodes
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    When node-1 and node-2 fail and I reconcile
    Then no pod is on node-1
    And no pod is on node-2
    And 4 pods of "web" are running

  @cluster
  Scenario: INC-2275 - a maintenance drain took out too many replicas at once
    Given 3 nodes
    And a deployment "web" with 6 replicas requesting 500m CPU per pod
    And a disruption budget for "web" requiring at least 5 ready pods
    When I drain node-3
    Then no fewer than 5 web pods have stayed ready during drain
    And no pod is on node-3

  @pipeline
  Scenario: INC-2282 - an unscanned image was promoted because a gate skipped quietly
    Given a manifest "web" version "4.0.2"
    When I build "web" as W1
    Given the unit tests of W1 pass with 93% coverage
    And the integration tests of W1 pass
    When I run the pipeline for W1
    Then the pipeline does not pass
    And the pipeline got blocked at the scan gate
    When I promote W1 to prod
    Then prod runs nothing
