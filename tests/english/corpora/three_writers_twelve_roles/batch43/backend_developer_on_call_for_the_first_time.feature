Feature: Things I want to understand before my first on-call week
  I write the orders API most of the time. Next week I carry the pager.
  These are the situations I'm worried about, written down so I can
  see what actually happens instead of guessing at 3am.

  @telemetry
  Scenario: What does a real page look like for my service
    Given orders is taking 200 requests per second with hardly any errors
    And an SLO for orders of 99.9% availability over 30 days
    When 10% of orders' requests start coming back with HTTP 500
    And 10 minutes pass
    Then the burn-rate alert for orders pages the on-call

  @telemetry
  Scenario: If it already fixed itself, I should not get woken up
    Given the service "orders" serves 100 requests per second with 0% errors
    And an SLO "orders-avail" of 99.9% over 30 days for the service "orders"
    When the service "orders" starts failing 100% of requests
    And 5 minutes pass
    And the service "orders" is healthy again
    And 45 minutes pass
    Then the SLO "orders-avail" does not page

  @telemetry
  Scenario: The error alert waits its "for" time before firing
    Given the service "orders" serves 100 requests per second
    And an alert "OrdersErrors" fires if over 5% of orders' requests fail for 5 minutes
    When 8% of orders' requests come back with HTTP 503
    And 3 minutes pass
    Then "OrdersErrors" is pending, not firing yet
    When 3 more minutes pass
    Then "OrdersErrors" is firing

  @telemetry
  Scenario: A bad week eats the whole error budget
    Given orders is taking 100 requests per second with hardly any errors
    And an SLO "orders-avail" of 99.9% over 30 days for the service "orders"
    When orders starts failing 2% of requests
    And 2 days pass
    Then the error budget for "orders-avail" is fully spent

  @cluster
  Scenario: A node dies during my shift and I don't have to do anything
    Given a 3-node cluster running 4 replicas of orders at v1
    When node-3 dies and I reconcile
    Then no orders pod is on node-3
    And 4 pods of "orders" are running
    And all of them are on node-1 and node-2

  @cluster
  Scenario: Rolling my deploy back by hand if it looks wrong
    Given 3 nodes and a deployment "orders" with 4 replicas at version v1
    When I roll out version v2 of orders with maxSurge 1 and maxUnavailable 0
    Then every pod of "orders" runs v2
    And at its lowest the rollout had 4 ready pods
    When I roll back "orders"
    Then every pod of "orders" runs v1
    And 4 pods of "orders" are running

  @story
  Scenario: My change breaks prod, the alert fires and the rollback saves me
    Given 3 nodes
    And a deployment "orders" with 4 replicas requesting 500m CPU per pod
    And the service "orders" serves 100 requests per second
    And an SLO "orders-avail" of 99.9% over 30 days for the service "orders"
    And "orders" rolls back when the SLO "orders-avail" pages
    And my commit a3f9c1e was built as O1, passed every gate and runs in prod
    And my next commit was built as O2, passed every gate and was promoted to dev, staging and prod
    And pods running O2 fail 30% of requests
    When O2 is approved for prod and rolled out to "orders" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then prod runs O1
    And every pod of "orders" runs O1

  @story
  Scenario: I get paged, nothing rolls back automatically, so I do it
    Given prod runs version v1 of "orders" on 3 nodes with 4 replicas
    And orders has a 99.9% availability SLO "orders-avail" over 30 days
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 25% of requests
    When v2 is rolled out to "orders"
    And 15 minutes pass
    Then the SLO "orders-avail" pages
    When on-call rolls prod back to v1
    Then every pod of "orders" runs v1
    And the history of prod is v1, v2 and v1
