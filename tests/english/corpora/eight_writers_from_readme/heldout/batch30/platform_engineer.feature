Feature: Keeping the shared cluster healthy for every team on it
  I own the nodes, the pools, the zones and the upgrade windows.
  App teams should not notice when I drain, patch or lose a machine.

  @cluster
  Scenario: Losing two nodes at once still leaves everything scheduled
    Given 5 nodes and a deployment of 8
    When node-1 and node-2 fail
    And I reconcile
    Then no pod is on node-1
    And no pod is on node-2
    And 8 pods are running

  @cluster
  Scenario: Draining a node for patching respects the disruption budget
    Given a 3-node cluster running 6 replicas of web at v1
    And a disruption budget for web with minAvailable 5
    When I cordon node-1
    And I drain node-1
    Then nothing is scheduled on node-1
    And no more than 1 web pod was unavailable during the drain
    And no fewer than 5 web pods have stayed ready during drain

  @cluster
  Scenario: Batch work lands only on the batch pool
    Given a node pool "general" with 3 nodes of 4 CPU and 8Gi memory labeled tier=general
    And a node pool "batch" with 3 nodes of 8 CPU and 32Gi memory labeled tier=batch
    And a deployment "etl" with 4 replicas requesting 2 CPU per pod on nodes labeled tier=batch
    When I reconcile
    Then every pod of "etl" is on the "batch" pool
    And nothing of "etl" is scheduled on the "general" pool

  @cluster
  Scenario: Replicas are spread across zones so a zone outage is survivable
    Given 4 nodes
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "api" with 4 replicas spread across zones
    When I reconcile
    Then zone-a runs 2 pods of "api"
    And zone-b runs 2 pods of "api"
    When node-1 and node-2 fail and I reconcile
    Then 4 pods of "api" are running

  @cluster
  Scenario: A deployment too big for the cluster waits instead of overcommitting
    Given 2 nodes
    And a deployment "ml" with 5 replicas requesting 3 CPU per pod
    When I reconcile
    Then 2 pods of "ml" are running
    And 3 pods of "ml" are pending because of insufficient cpu

  @cluster
  Scenario: The autoscaler adds replicas when CPU runs hot and stays within bounds
    Given 4 nodes and a deployment of 2
    And web autoscales between 2 and 6 replicas at 60% cpu
    When web runs at 90% cpu
    And I reconcile
    Then web has more than 2 replicas
    And web has at most 6 replicas

  @story
  Scenario: A node dies mid-rollout and the release still finishes cleanly
    Given prod runs version v1 of "web" on 4 nodes with 6 replicas
    And the service "web" serves 120 requests per second
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    And v2 is signed, approved and promoted all the way to prod
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And node-4 fails and I reconcile
    And 10 minutes pass
    Then every pod of "web" runs v2
    And no pod is on node-4
    And "WebErrors" never went to firing

  @story
  Scenario: A drain during a bad release does not stop the automatic rollback
    Given 3 nodes
    And a deployment "web" with 6 replicas requesting 500m CPU per pod
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And "web" rolls back when the SLO "availability" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 20% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And I drain node-3
    And 15 minutes pass
    Then prod runs v1
    And nothing is scheduled on node-3
