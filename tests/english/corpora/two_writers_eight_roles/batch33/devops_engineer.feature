Feature: Platform behaviour our teams rely on
  I run the shared clusters and the CI templates. Before I change
  node pools, rollout defaults or pipeline stages, I write down what
  has to keep working.

  @cluster
  Scenario: Pods get spread back out when a node dies
    Given 3 nodes and a deployment of 6
    When node-1 fails and I reconcile
    Then no pod is on node-1
    And 6 pods are running
    And every pod of "web" runs v1

  @cluster
  Scenario: A rolling update never dips below what we promised
    Given 4 nodes
    And a deployment "api" with 6 replicas requesting 1 CPU per pod at version v1 with maxSurge 1 and maxUnavailable 0
    When I roll out version v2 of api with maxSurge 1 and maxUnavailable 0
    Then every pod of "api" runs v2
    And at least 6 api pods were ready the whole time
    And the rollout never exceeded 7 pods

  @cluster
  Scenario: Draining a node for patching respects the disruption budget
    Given 3 nodes and 6 pods of "api"
    And a disruption budget for "api" with minAvailable 5
    When I cordon node-3
    And I drain node-3
    Then nothing is scheduled on node-3
    And no fewer than 5 api pods have stayed ready during drain
    And 6 pods are running

  @cluster
  Scenario: Batch jobs only land on the batch pool
    Given a node pool "batch" with 3 nodes of 8 CPU and 32Gi memory labeled tier=batch
    And a node pool "general" with 2 nodes of 4 CPU and 8Gi memory labeled tier=general
    And a deployment "etl" with 3 replicas requesting 2 CPU per pod that needs tier=batch
    When I reconcile
    Then every pod of "etl" is on a node labeled tier=batch
    And 3 pods of "etl" are running

  @cluster
  Scenario: Replicas are spread across zones
    Given 4 nodes
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "web" with 4 replicas spread across zones
    When I reconcile
    Then 2 pods of "web" are in zone-a
    And 2 pods of "web" are in zone-b
    When node-1 and node-2 fail and I reconcile
    Then 4 pods are running

  @cluster
  Scenario: The autoscaler adds pods when CPU runs hot
    Given 4 nodes and a deployment of 2
    And an autoscaler for "web" between 2 and 8 replicas targeting 60% cpu
    When the cpu utilization of "web" is 120%
    And I reconcile
    Then "web" has 4 replicas
    And no more than 8 pods of "web" are running

  @story
  Scenario: Our standard CI template takes a commit from merge to a live rollout
    Given 3 nodes
    And a deployment "api" with 4 replicas requesting 500m CPU per pod
    And a manifest "api" version "v2"
    When commit 3c4d5e6 is built as B1
    Given B1 passed every gate
    When I promote B1 to dev, then staging, then prod
    And Priya approves the promotion of B1 to prod
    And I roll out B1 to "api" with maxSurge 1 and maxUnavailable 0
    Then dev, staging and prod all run B1
    And every pod of "api" runs B1
    And at its lowest the rollout had 4 ready pods

  @story
  Scenario: A rollout that hurts users is pulled back before the budget is gone
    Given 3 nodes
    And a deployment "api" with 4 replicas requesting 500m CPU per pod
    And the service "api" serves 100 requests per second
    And an SLO "api-availability" of 99.9% over 30 days for the service "api"
    And "api" rolls back when the SLO "api-availability" pages
    And prod runs version v1 of "api" on 3 nodes with 4 replicas
    And pods running v2 fail 20% of requests
    When v2 is signed, approved and promoted all the way to prod
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "api" runs v1
