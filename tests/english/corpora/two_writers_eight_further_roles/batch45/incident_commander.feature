Feature: Running an incident from first page to all-clear
  As the incident commander on shift
  I want to rehearse the outages we keep having
  So that I know what the system does on its own before I start giving orders

  @story
  Scenario: A bad deploy burns the budget and the automation rolls it back before I finish the status update
    Given a 3-node cluster running 4 replicas of "checkout" at v1
    And checkout is taking 200 requests per second with hardly any errors
    And an SLO "checkout-avail" of 99.9% over 30 days for the service "checkout"
    And checkout rolls back on its own when "checkout-avail" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 25% of requests
    When 20 minutes pass
    Then the burn-rate alert for checkout pages the on-call
    And an alert rolled prod back 1 time
    And every pod of "checkout" runs v1

  @story
  Scenario: I call the rollback myself when the automation isn't wired up
    Given prod runs version v1 of "search" on 3 nodes with 6 replicas
    And search has a 99.5% availability SLO "search-avail" over 28 days
    And v2 of search is signed, approved and promoted to prod
    And pods running v2 fail 10% of requests
    When 30 minutes pass
    Then the SLO "search-avail" pages
    When on-call rolls prod back to v1
    Then prod runs v1
    And the history of prod is v1, v2 and v1

  @telemetry
  Scenario: A blip that cleared up on its own shouldn't wake anybody
    Given the service "payments" serves 150 requests per second with 0% errors
    And an SLO "payments-avail" of 99.9% over 30 days for the service "payments"
    When payments starts failing every request
    And 5 minutes pass
    And payments starts failing 0% of requests
    And 1 hour passes
    Then the SLO "payments-avail" does not page

  @telemetry
  Scenario: The error alert waits out its pending window before it fires
    Given web is taking 300 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 8% of web's requests come back with HTTP 503
    And 3 minutes pass
    Then "WebErrors" is pending
    When 3 more minutes pass
    Then "WebErrors" is firing

  @cluster
  Scenario: Losing a whole zone doesn't take the storefront down
    Given 4 nodes
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "storefront" with 6 replicas
    When node-1 and node-2 fail and I reconcile
    Then nothing is scheduled on node-1
    And nothing is scheduled on node-2
    And 6 pods of "storefront" are running

  @cluster
  Scenario: When the survivors are full, I need to know which pods are stuck
    Given 2 nodes and a deployment of 14
    When node-2 goes down and I reconcile
    Then no pod is on node-2
    And 8 pods are running
    And 6 pods are pending
    But no pod is pending for a reason other than insufficient cpu

  @pipeline
  Scenario: During an incident, a hotfix still can't skip the scan
    Given a manifest "checkout" version "1.4.1-hotfix"
    When I build "checkout" as H1
    Given the unit tests of H1 pass with 93% coverage
    And the integration tests of H1 pass
    When I run the pipeline for H1
    Then the pipeline got blocked at the scan gate
    And H1 is not signed
    And prod runs nothing
