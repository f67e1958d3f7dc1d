Feature: Checking that my controllers converge the way the real control plane does
  I write operators for a living. Before I trust a reconcile loop in a real cluster
  I want to pin down what "converged" means: pods where they should be, rollouts that
  stay inside their surge limits, drains that respect budgets, and the same answer
  no matter how many times the loop runs.

  @cluster
  Scenario: Running the reconcile loop a second time is a no-op
    Given a 3-node cluster running 4 replicas of web at v1
    When I reconcile
    And I reconcile again
    Then 4 pods are running
    And every pod of "web" runs v1
    And nothing is pending

  @cluster
  Scenario: Losing two nodes at once pushes everything onto the last one
    Given 3 nodes and a deployment of 4
    When node-1 and node-2 fail
    And I reconcile
    Then no pod is on node-1
    And no pod is on node-2
    And all 4 pods are on node-3
    And 4 pods are running

  @cluster
  Scenario: Pods that ask for more CPU than any node has stay Pending
    Given 2 nodes
    And a deployment "batch-worker" with 3 replicas requesting 6 CPU per pod
    When I reconcile
    Then 0 pods of "batch-worker" are running
    And 3 pods of "batch-worker" are pending
    And the pending reason mentions "Insufficient cpu"

  @cluster
  Scenario: Draining a node never takes the deployment below its disruption budget
    Given 4 nodes
    And a deployment "api" with 6 replicas
    And a pod disruption budget for "api" with minAvailable 5
    When I drain node-2
    Then nothing is scheduled on node-2
    And no fewer than 5 api pods stayed ready during the drain
    And 6 pods of "api" are running

  @cluster
  Scenario: Replicas get spread across zones when anti-affinity asks for it
    Given 4 nodes
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "cache" with 4 replicas spread across zones
    When I reconcile
    Then zone-a has 2 pods of "cache"
    And zone-b has 2 pods of "cache"

  @cluster
  Scenario Outline: A rolling update stays inside maxSurge and maxUnavailable
    Given 3 nodes
    And a deployment "web" with 4 replicas at version v1
    When I roll out version v2 of web with maxSurge <surge> and maxUnavailable <unavailable>
    Then every pod of "web" runs v2
    And the rollout never exceeded <ceiling> pods
    And at its lowest the rollout had <floor> ready pods

    Examples:
      | surge | unavailable | ceiling | floor |
      | 1     | 0           | 5       | 4     |
      | 2     | 0           | 6       | 4     |
      | 0     | 1           | 4       | 3     |
      | 1     | 1           | 5       | 3     |

  @story
  Scenario: My operator's new image ships, misbehaves in prod and gets pulled back automatically
    Given 3 nodes
    And a deployment "operator" with 3 replicas requesting 250m CPU per pod
    And the service "operator" serves 60 requests per second
    And an SLO "reconcile-success" of 99.5% over 28 days for the service "operator"
    And "operator" rolls back when the SLO "reconcile-success" pages
    And commit 4c2d9e1 is built as OP1 and OP1 passed every gate and is running in prod
    And commit 7ab0f33 is built as OP2 and OP2 passed every gate
    And pods running OP2 fail 25% of requests
    When OP2 is approved and rolled out to "operator" with maxSurge 1 and maxUnavailable 0
    And 20 minutes pass
    Then prod runs OP1
    And every pod of "operator" runs OP1

  @story
  Scenario: A node dies halfway through a rollout and the loop still settles on the new version
    Given a 3-node cluster running 6 replicas of web at v1
    And the service "web" serves 200 requests per second
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When I start rolling out version v2 of web with maxSurge 1 and maxUnavailable 0
    And node-3 fails
    And I reconcile until nothing changes
    And 10 minutes pass
    Then no pod is on node-3
    And every pod of "web" runs v2
    And 6 pods of "web" are running
    And "WebErrors" never went to firing
