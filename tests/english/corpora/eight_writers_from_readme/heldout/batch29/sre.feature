Feature: Keeping the platform up when things break underneath it
  As an SRE
  I want to rehearse node losses, drains, rollouts and alerting in a sandbox
  So that I know how the cluster and the pager behave before it happens for real

  @cluster
  Scenario: Losing two nodes in one go still leaves the api fully running
    Given 5 nodes
    And 6 pods of "api"
    When node-1 and node-2 fail
    And I reconcile
    Then nothing is scheduled on node-1
    And nothing is scheduled on node-2
    And 6 pods of "api" are running

  @cluster
  Scenario: Draining a node for kernel patching respects the disruption budget
    Given a 4-node cluster running 6 replicas of web at v1
    And a pod disruption budget for web with minAvailable 5
    When I drain node-2
    Then no fewer than 5 web pods have stayed ready during drain
    And no web pod is on node-2
    And 6 web pods are running

  @cluster
  Scenario Outline: Rollouts stay inside the surge and unavailability limits
    Given 3 nodes
    And a deployment "api" with <replicas> replicas at version v1
    When I roll out version v2 of api with maxSurge <surge> and maxUnavailable <unavailable>
    Then every pod of "api" runs v2
    And the rollout never exceeded <ceiling> pods
    And at its lowest the rollout had <floor> ready pods

    Examples:
      | replicas | surge | unavailable | ceiling | floor |
      | 4        | 1     | 0           | 5       | 4     |
      | 6        | 2     | 1           | 8       | 5     |
      | 10       | 0     | 2           | 10      | 8     |

  @cluster
  Scenario: Losing a whole zone doesn't take the service down
    Given 4 nodes
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "web" with 4 replicas spread across zones
    When node-1 and node-2 fail and I reconcile
    Then 4 web pods are running
    And every web pod is in zone-b

  @telemetry
  Scenario: A short blip of 503s never makes it past pending
    Given web is taking 300 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 10% of web's requests come back with HTTP 503
    And 3 minutes pass
    And web goes back to failing 0% of requests
    And 10 minutes pass
    Then "WebErrors" never went to firing

  @telemetry
  Scenario: My hand-written p99 query agrees with what the service reports
    Given checkout is serving 150 requests per second
    And checkout responds with a median of 40ms and a p99 of 180ms
    When 15 minutes pass
    Then the query returns about 0.18
      """
      histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{service="checkout"}[5m])))
      """
    And checkout's p99 is 180ms

  @story
  Scenario: A node dies under load and the SLO notices before the cluster catches up
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 2 CPU per pod
    And the service "web" serves 200 requests per second
    And each pod of "web" serves at most 50 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When node-3 fails and I reconcile
    And 1 hour passes
    Then some pods of "web" are Pending
    And the burn-rate alert for web pages the on-call

  @story
  Scenario: The autoscaler soaks up a traffic spike and nobody gets paged
    Given a 3-node cluster running 3 replicas of web at v1
    And web autoscales between 3 and 9 replicas at 60% CPU
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When web is at 400 requests per second
    And 15 minutes pass
    Then web has more than 3 replicas
    And the SLO "availability" does not page
    And the error budget for "availability" is not spent
