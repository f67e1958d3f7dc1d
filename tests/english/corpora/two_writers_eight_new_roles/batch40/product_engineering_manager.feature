Feature: What my team can count on when we ship
  I manage the checkout and search squads. I don't run the cluster myself,
  but I need to be able to tell product and leadership, in plain words,
  what happens when something breaks and how fast we recover.

  @story
  Scenario: A bad checkout release is caught and undone without anyone logging in
    Given prod runs version v1 of "checkout" on 3 nodes with 6 replicas
    And checkout has a 99.9% availability SLO "checkout-avail" over 30 days
    And checkout rolls back on its own when "checkout-avail" pages
    And pods running v2 fail 20% of requests
    When v2 is signed, approved and promoted all the way to prod
    And I roll out v2 to "checkout" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then prod runs v1
    And the history of prod is v1, v2 and v1

  @story
  Scenario: Search ships a good release and nobody gets paged
    Given prod runs version v1 of "search" on 3 nodes with 4 replicas
    And search has a 99.5% availability SLO "search-avail" over 28 days
    And search rolls back on its own when "search-avail" pages
    When v2 is signed, approved and promoted all the way to prod
    And I roll out v2 to "search" with maxSurge 1 and maxUnavailable 0
    And 1 hour passes
    Then every pod of "search" runs v2
    And the SLO "search-avail" does not page
    And prod runs v2

  @pipeline
  Scenario: Nothing reaches customers without sign-off from a named person
    Given a manifest "checkout" version "5.2.0"
    When I build "checkout" as C1
    Given C1 passed every gate
    When I promote C1 to dev, then staging, then prod
    Then C1 is already running on staging
    But prod runs nothing
    When Dana approves the promotion of C1 to prod
    Then prod runs C1

  @pipeline
  Scenario: A known vulnerability blocks the release until security decides
    Given a manifest "checkout" version "5.3.0"
    When I build "checkout" as C2
    Given the unit tests of C2 pass with 92% coverage
    And the scan of C2 shows CVE-2026-7001 (HIGH, package openssl)
    And the integration tests of C2 pass
    When I run the pipeline for C2
    Then the pipeline got blocked at the scan gate
    And C2 is not signed

  @telemetry
  Scenario: A ten-minute outage that's already over doesn't wake the on-call
    Given the service "checkout" serves 200 requests per second with 0% errors
    And an SLO "checkout-avail" of 99.9% over 30 days for the service "checkout"
    When the service "checkout" starts failing 100% of requests
    And 10 minutes pass
    And the service "checkout" starts failing 0% of requests
    And 30 minutes pass
    Then the SLO "checkout-avail" does not page

  @telemetry
  Scenario: A whole day of heavy failures uses up the month's error budget
    Given the service "search" serves 100 requests per second with 0% errors
    And an SLO "search-avail" of 99.5% over 30 days for the service "search"
    When the service "search" starts failing 50% of requests
    And 1 day passes
    Then the error budget for "search-avail" is fully spent
    And the burn-rate alert for search pages the on-call

  @cluster
  Scenario: Losing a server during the sale doesn't shrink checkout
    Given a 3-node cluster running 6 replicas of checkout at v1
    When node-3 goes down
    And I reconcile
    Then no pod is on node-3
    And 6 pods of "checkout" are running

  @cluster
  Scenario: Traffic spikes get more pods without anyone touching a dial
    Given 4 nodes
    And a deployment "search" with 2 replicas requesting 500m CPU per pod
    And search autoscales between 2 and 8 replicas at 60% CPU
    When search's CPU utilization rises to 120%
    And I reconcile
    Then search has more than 2 replicas
    And search has at most 8 replicas
