Feature: Keeping the platform up when nodes die and traffic misbehaves
  The stuff I actually get paged for, written down so we can replay it
  before it happens for real.

  @cluster
  Scenario: Losing a node means its pods land on the rest of the fleet
    Given a 3-node cluster running 6 replicas of web at v1
    When node-2 goes down
    And I reconcile
    Then nothing is scheduled on node-2
    And 6 pods are running
    And every pod of "web" runs v1

  @cluster
  Scenario: Two nodes in the same zone go at once and the deployment still fits
    Given 4 nodes
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "api" with 6 replicas requesting 1 CPU per pod
    When node-1 and node-2 fail
    And I reconcile
    Then no pod is on node-1
    And no pod is on node-2
    And 6 pods of "api" are running

  @cluster
  Scenario: Draining a node for kernel patching respects the disruption budget
    Given a 3-node cluster running 6 replicas of web at v1
    And a disruption budget for web allows at most 1 unavailable pod
    When I cordon node-3
    And I drain node-3
    Then nothing is scheduled on node-3
    And no more than 1 web pod was unavailable during the drain
    And 6 pods of "web" are running

  @cluster
  Scenario: Asking for more CPU than the cluster has leaves pods pending, not crashing
    Given 2 nodes
    And a deployment "batch-worker" with 10 replicas requesting 2 CPU per pod
    When I reconcile
    Then 4 pods of "batch-worker" are running
    And 6 pods of "batch-worker" are pending
    And the pending pods say there is not enough cpu

  @telemetry
  Scenario: A short blip of 503s should not wake anyone up
    Given web is taking 300 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 8% of its requests come back with HTTP 503
    And 2 minutes pass
    And web stops failing
    And 10 minutes pass
    Then "WebErrors" never went to firing

  @telemetry
  Scenario: A sustained error rate goes pending, then fires
    Given web is taking 300 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 10% of its requests come back with HTTP 503
    And 3 minutes pass
    Then "WebErrors" is pending
    When 5 minutes pass
    Then "WebErrors" is firing

  @story
  Scenario: A node dies under load, pods move, and the SLO never notices
    Given prod runs version v1 of "web" on 3 nodes with 6 replicas
    And each pod of "web" serves at most 50 requests per second
    And the service "web" serves 200 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When node-1 fails and I reconcile
    And 30 minutes pass
    Then no pod is on node-1
    And 6 pods of "web" are running
    And the SLO "availability" does not page

  @story
  Scenario: A bad canary burns budget, pages on-call, and on-call rolls it back
    Given prod runs version v1 of "web" on 3 nodes with 6 replicas
    And the service "web" serves 200 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 15% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 20 minutes pass
    Then the burn-rate alert for web pages the on-call
    When on-call rolls prod back to v1
    Then every pod of "web" runs v1
    And at least 5 web pods were ready the whole time
