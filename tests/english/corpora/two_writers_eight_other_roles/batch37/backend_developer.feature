Feature: Shipping the orders service without waking anybody up
  As the developer who owns the orders API
  I want to check what happens to my service before it goes out
  So that a bad build or a dead node never turns into a bad evening

  @cluster
  Scenario: Losing a node does not lose my orders pods
    Given a 3-node cluster running 6 replicas of orders at v1
    When node-2 goes down
    And I reconcile
    Then nothing is scheduled on node-2
    And 6 pods of "orders" are running

  @cluster
  Scenario: Moving orders to v2 keeps full capacity the whole way through
    Given 4 nodes
    And a deployment "orders" with 4 replicas requesting 500m CPU per pod at version v1 with maxSurge 1 and maxUnavailable 0
    When I roll out version v2 of orders with maxSurge 1 and maxUnavailable 0
    Then every pod of "orders" runs v2
    And the rollout never exceeded 5 pods
    And at least 4 orders pods were ready the whole time

  @pipeline
  Scenario: A commit with broken unit tests never gets signed
    Given a manifest "orders" version "2.3.0"
    And the coverage threshold is 80%
    When commit 4b7c21d is built as R1
    Given 3 of the 250 unit tests fail for R1
    When I run the pipeline for R1
    Then the pipeline got blocked at the unit test gate
    And R1 is not signed
    And prod runs nothing

  @pipeline
  Scenario: Forgetting to upload the integration test results stops the pipeline
    Given a manifest "orders" version "2.3.1"
    And the coverage threshold is 80%
    When I build "orders" as R2
    Given the unit tests of R2 pass with 86% coverage
    And the scan of R2 finds nothing
    When I run the pipeline for R2
    Then the pipeline is blocked
    And the block mentions "integration"
    But R2 is not signed

  @telemetry
  Scenario: My error-rate alert waits out its for: window before it fires
    Given orders is taking 200 requests per second with hardly any errors
    And an alert "OrdersErrors" fires if over 2% of orders requests fail for 5 minutes
    When 4% of orders requests come back with HTTP 500
    And 2 minutes pass
    Then "OrdersErrors" is pending
    When 5 more minutes pass
    Then "OrdersErrors" is firing

  @telemetry
  Scenario: A thirty second blip after a restart is not worth an alert
    Given the service "orders" serves 150 requests per second with 0% errors
    And an alert "OrdersErrors" fires if over 5% of orders requests fail for 5 minutes
    When the service "orders" starts failing 50% of requests
    And 1 minute passes
    And the service "orders" starts failing 0% of requests
    And 20 minutes pass
    Then "OrdersErrors" never went to firing

  @story
  Scenario: My Friday release breaks checkout and orders rolls itself back to the last good build
    Given prod runs version v1 of "orders" on 3 nodes with 4 replicas
    And the service "orders" serves 100 requests per second
    And an SLO "orders-avail" of 99.9% over 30 days for the service "orders"
    And orders rolls back on its own when "orders-avail" pages
    And a manifest "orders" version "v2"
    When I build "orders" as D2
    Given D2 passed every gate
    And D2 was promoted to dev, staging and prod
    And pods running D2 fail 25% of requests
    When I approve the promotion of D2 to prod
    And 20 minutes pass
    Then prod runs version v1 of "orders"

  @story
  Scenario: The hotfix goes through the same gates and replaces the bad build
    Given 3 nodes
    And a deployment "orders" with 4 replicas requesting 500m CPU per pod
    And a manifest "orders" version "v1"
    When I build "orders" as H1
    Given H1 passed every gate
    When I promote H1 to dev, then staging, then prod
    And I approve the promotion of H1 to prod
    And I roll out H1 to "orders" with maxSurge 1 and maxUnavailable 0
    Then dev, staging and prod all run H1
    And every pod of "orders" runs H1
    And the history of prod references the digest of H1, not a tag
