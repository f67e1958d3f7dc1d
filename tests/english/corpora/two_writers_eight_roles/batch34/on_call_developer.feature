Feature: What happens when I'm on call
  I'm a backend dev on the on-call rotation this week. I want to check that
  when things break at 3am, the page comes, the rollback works, and nothing
  pages me for something that's already over.

  @telemetry
  Scenario: I don't get woken up for an outage that already recovered
    Given the service "orders" serves 80 requests per second with 0% errors
    And an SLO "orders-avail" of 99.9% over 30 days for the service "orders"
    When the service "orders" starts failing 100% of requests
    And 8 minutes pass
    And the service "orders" starts failing 0% of requests
    And 45 minutes pass
    Then the SLO "orders-avail" does not page

  @telemetry
  Scenario: A real outage that keeps going does page me
    Given the service "orders" serves 80 requests per second with 0% errors
    And an SLO "orders-avail" of 99.9% over 30 days for the service "orders"
    When the service "orders" starts failing 50% of requests
    And 20 minutes pass
    Then the SLO "orders-avail" pages

  @cluster
  Scenario: My service keeps running after a node disappears overnight
    Given 3 nodes
    And a deployment "orders" with 3 replicas requesting 500m CPU per pod
    When node-3 fails
    And I reconcile
    Then 3 pods of "orders" are running
    And nothing is scheduled on node-3

  @cluster
  Scenario: I roll the deployment back by hand after a bad version
    Given a 3-node cluster running 4 replicas of orders at v1
    When I roll out version v2 of orders with maxSurge 1 and maxUnavailable 0
    Then every pod of "orders" runs v2
    When I roll back orders
    Then every pod of "orders" runs v1
    And at least 4 orders pods were ready the whole time

  @pipeline
  Scenario: My hotfix can't skip the integration tests
    Given a manifest "orders" version "3.4.1"
    When I build "orders" as H1
    Given the unit tests of H1 pass with 93% coverage
    And the scan of H1 finds nothing
    When I run the pipeline for H1
    Then the pipeline does not pass
    And the block mentions the integration tests

  @story
  Scenario: I push a bad version, get paged, and it rolls itself back
    Given 3 nodes
    And a deployment "orders" with 4 replicas requesting 500m CPU per pod
    And services are scraped every 15 seconds
    And the service "orders" serves 100 requests per second
    And an SLO "orders-avail" of 99.9% over 30 days for the service "orders"
    And "orders" rolls back when the SLO "orders-avail" pages
    And prod runs version v1 of "orders" on 3 nodes with 4 replicas
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 30% of requests
    When 15 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "orders" runs v1

  @story
  Scenario: Automatic rollback is off, so I roll prod back myself
    Given 3 nodes
    And a deployment "orders" with 4 replicas requesting 500m CPU per pod
    And the service "orders" serves 100 requests per second
    And an SLO "orders-avail" of 99.9% over 30 days for the service "orders"
    And prod runs version v1 of "orders" on 3 nodes with 4 replicas
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 40% of requests
    When 15 minutes pass
    Then the SLO "orders-avail" pages
    When on-call rolls prod back to v1
    Then prod runs version v1 of "orders"
    And the history of prod is v1, v2 and v1
